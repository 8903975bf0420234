import InsetCore
import InsetLog
import InsetPlayback

/// Gapless sound between the files of a list (mpv's `--gapless-audio`): while a file with
/// sound and no picture nears its end, the next file of the list is opened on the same
/// output; once the playing file's last sample is written its sound goes in behind it
/// (`SoundTrack+Gapless`), and the next file becomes the video (the bar, the title, its own
/// clock from its start) when its first sample is heard. The device never stops.
///
/// Anything else, and anything that goes wrong on the way (a picture, another format with
/// `weak`, a file that does not open, a seek, `>`), leaves the next file to today's way:
/// opened when its turn comes, on a device of its own.
extension Director {
    /// How long before a file's end the next one is opened.
    static let gaplessLead = MediaTime.seconds(2)
    /// How long a file that reached its end waits for the next one's first sample before
    /// the next one is opened anew.
    static let gaplessPatience = Duration.seconds(1)

    /// Every tick, before the videos move on: open the next file when one nears its end,
    /// queue its sound once the last sample is written, hand over when its first is heard.
    func checkGapless(at now: HostTime) {
        guard let next = gapless.next else {
            if let video = gaplessCandidate(), let entry = gaplessEntry(after: video) { prepareGapless(after: video, entry: entry, at: now) }
            return
        }
        let video = next.predecessor
        guard video === onlyVideo, let sound = video.sound else { return cancelGapless() }
        if next.media == nil {
            guard let result = next.opener.take() else {
                if now >= next.opener.givesUpAt { refuseGapless("opening took too long") }
                return
            }
            guard case .success(.media(let media)) = result, media.sound != nil, resumePosition(for: media) == nil else {
                switch result {
                case .success(.media(let media)): media.close(); refuseGapless("no sound, or a position to resume from")
                case .success(.list): refuseGapless("it is a list")
                case .failure(let error): refuseGapless("\(error)")
                }
                return
            }
            next.media = media
        }
        guard let following = next.media?.sound else { return cancelGapless() }
        if !next.queued {
            // Sought back from the end: the file is opened again when it nears it.
            if let end = video.range.end, end - video.snapshot.position > Self.gaplessLead + .seconds(1) { return cancelGapless() }
            guard case .decoded = sound.progress else { return }
            guard following.queue(behind: sound) else { return refuseGapless("its sound cannot be queued") }
            next.queued = true
            Log.info("gapless: \(next.opener.path) queued behind \(video.path)")
            return
        }
        // Dropped by a seek or a change of track, or nothing came of it.
        if sound.successor !== following || following.cameToNothing { return cancelGapless() }
        if following.firstSampleHeard(at: now) {
            if next.endReachedAt != nil || video.snapshot.isFinished { return handOverGapless(next, at: now) }
            // Its predecessor's end, now: the machine decides, and `followGaplessly` hands over.
            if !video.endReported { deliver(video.reportEnd(at: now), from: video, at: now) }
        } else if let since = next.endReachedAt, now.elapsed(since: since) >= Self.gaplessPatience {
            cancelGapless()
            Log.info("gapless: \(next.opener.path) not heard in time; opened anew")
            advanceAfterGapless(next, at: now)
        }
    }

    /// At `video`'s end, with `entry` next: true when the file is taken on gaplessly, at
    /// once when its first sample has been heard, else as soon as it is (`checkGapless`).
    /// False when it was not prepared for: the caller opens it.
    func followGaplessly(_ video: Playback, by entry: Int, at now: HostTime) -> Bool {
        guard let next = gapless.next, next.predecessor === video else { return false }
        guard next.entry == entry, next.queued, let following = next.media?.sound else {
            cancelGapless()
            return false
        }
        if following.firstSampleHeard(at: now) { handOverGapless(next, at: now) } else { next.endReachedAt = now }
        return true
    }

    /// Lets the next file go (its sound stops, the output stays its predecessor's), to be
    /// opened anew if its turn comes. Any time, and before the predecessor is retired.
    func cancelGapless() {
        guard let next = gapless.next else { return }
        gapless.next = nil
        next.opener.cancel()
        if let sound = next.media?.sound, next.predecessor.sound?.successor === sound { next.predecessor.sound?.dropSuccessor() }
        next.media?.close()
    }

    /// The video a next file could follow: the only one, with sound and no picture of its
    /// own (a visualiser's is drawn from the sound: `isSoundAlone`), playing
    /// on to its own end (no loop, no `--end`), near that end or done decoding.
    private func gaplessCandidate() -> Playback? {
        guard options.gaplessAudio != .no, options.start == nil, options.end == nil, videos.opening == nil,
              let video = onlyVideo, video !== gapless.refused, video.isSoundAlone, let sound = video.sound,
              video.snapshot.isPlaying, !video.endReported, video.stopAt == nil, video.snapshot.loop == nil,
              !video.machine.configuration.loops, let end = video.range.end, !video.range.isLive else { return nil }
        if case .decoded = sound.progress { return video }
        return end - video.snapshot.position <= Self.gaplessLead ? video : nil
    }

    /// The entry the list plays after `video`'s end, when it is another file.
    private func gaplessEntry(after video: Playback) -> Int? {
        guard let entry = entryIndex(of: video) else { return nil }
        playlist.select(entry: entry)
        guard let next = playlist.afterEnd(where: canPlayInTurn), catalog.entry(next).path != video.path else { return nil }
        return next
    }

    /// The one video open, full screen or in the window.
    private var onlyVideo: Playback? {
        videos.window == nil ? videos.fullScreen : videos.fullScreen == nil ? videos.window : nil
    }

    private func prepareGapless(after video: Playback, entry: Int, at now: HostTime) {
        guard let sound = video.sound else { return }
        let opener = makeOpener(catalog.entry(entry).path, for: video === videos.window ? .window : .fullScreen, playlistEntry: entry)
        opener.request.following = .init(output: sound.output, wanted: sound.wanted, mode: options.gaplessAudio)
        gapless.next = .init(predecessor: video, entry: entry, opener: opener)
        let waker = self.waker
        opener.start(at: now) { waker.wake() }
    }

    /// The next file cannot follow this video: said in the log, and not tried again for it.
    private func refuseGapless(_ why: String) {
        guard let next = gapless.next else { return }
        Log.info("gapless: \(next.opener.path) not after \(next.predecessor.path): \(why)")
        gapless.refused = next.predecessor
        cancelGapless()
    }

    /// The next file's first sample is heard: it becomes the video, on the output it is
    /// heard through, at the volume a file starts at.
    private func handOverGapless(_ next: GaplessQueue.Next, at now: HostTime) {
        gapless.next = nil
        guard let media = next.media, let sound = media.sound, let previous = next.predecessor.sound else { return }
        sound.takeOutput(from: previous)
        sound.setVolume(options.volume)
        sound.setMuted(options.muted)
        Log.info("gapless: \(media.path) heard after \(next.predecessor.path)")
        if next.predecessor === videos.window {
            openIntoWindow(entry: next.entry, opened: next, at: now)
        } else {
            open(entry: next.entry, byPlaylist: true, opened: next, at: now)
        }
    }

    /// The predecessor ended and its next file was never heard: the next opens as any does.
    private func advanceAfterGapless(_ next: GaplessQueue.Next, at now: HostTime) {
        if next.predecessor === videos.window {
            openIntoWindow(entry: next.entry, at: now)
        } else {
            open(entry: next.entry, byPlaylist: true, at: now)
        }
    }
}
