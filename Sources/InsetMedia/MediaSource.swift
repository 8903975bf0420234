import CFFmpeg
import Foundation
import InsetCore
import InsetLog

/// An opened container (AVFormatContext) with its best video and audio streams chosen.
///
/// Ownership: created on any thread, then owned by exactly one thread at a time (the decode
/// thread once a pipeline starts). It is not safe to share; it is `@unchecked Sendable` only
/// so it can be handed over.
public final class MediaSource: @unchecked Sendable {
    public let info: MediaInfo
    let format: UnsafeMutablePointer<AVFormatContext>
    let videoStreamIndex: Int32
    let audioStreamIndex: Int32?
    /// An HLS master playlist's video streams, smallest first (see `VideoVariant`); empty
    /// for anything else.
    public let videoVariants: [VideoVariant]

    /// What blocking I/O on this source checks: `interrupt.stop()` ends a wait on a
    /// network, a pipe or a live playlist at once, from any thread.
    public let interrupt: MediaInterrupt

    /// How long opening (reading the header and probing the streams) may take before it is
    /// given up: a stream that never answers must not hold the player forever.
    public static let openTimeout: Duration = .seconds(20)

    /// Opens `path`: a file, `-` for standard input (live), or any URL libavformat reads.
    /// Throws a `MediaError` that says in one line why not. A file without video opens (it
    /// has facts to show) but `requireVideo()` then throws. `interrupt` may be stopped from
    /// another thread to give up opening (`MediaError.interrupted`). `allowance` says what
    /// the user named and the headers requests send (`InputAllowance`).
    public convenience init(path: String, allowance: InputAllowance = .webOnly, interrupt: MediaInterrupt = MediaInterrupt()) throws {
        try self.init(path: path, allowance: allowance, interrupt: interrupt, standardInput: STDIN_FILENO,
                      spoolLimit: MediaSource.spoolLimit)
    }

    /// Opens `path` as above, `-` reading the descriptor `standardInput`, and an MP4 whose
    /// index is at its end, read from an input that cannot seek, kept in memory up to
    /// `spoolLimit` bytes (`MediaSource+Spool`); tests give a pipe of their own and a small
    /// bound.
    init(path: String, allowance: InputAllowance = .webOnly, interrupt: MediaInterrupt, standardInput: Int32,
         spoolLimit: Int64) throws {
        MediaSource.quietLogs()
        let location = try MediaSource.checkLocalPath(path, allowance: allowance)
        Log.info("opening \(path) (\(location.kind.logName))")
        self.interrupt = interrupt
        interrupt.setDeadline(MediaSource.openTimeout)
        defer { interrupt.setDeadline(nil) }
        let guardState = OpenGuard(interrupt: interrupt, url: path, allowance: allowance,
                                   spoolLimit: spoolLimit, patience: MediaSource.openTimeout)
        guard let allocated = cffmpeg_alloc_interruptible_context(interrupt.state) else {
            throw MediaError.ffmpeg(path: path, operation: "avformat_alloc_context", detail: "out of memory")
        }
        // avformat_open_input frees the context and sets this to nil when it fails.
        var context: UnsafeMutablePointer<AVFormatContext>? = allocated
        cffmpeg_open_guard_install(context, guardState.state)
        // Whatever the input is, the context reads it through the guard's counted reader
        // (`cffmpeg_open_guard_open_input`); standard input and a file still being written
        // through our own readers under it, which check the interrupt while they wait.
        let io = InputIO()
        let growing = location.localCString.map(MediaSource.isGrowing) ?? false
        if location.kind == .standardInput {
            io.reader = cffmpeg_fd_avio_alloc(standardInput, interrupt.state)
        } else if growing {
            io.reader = location.localCString.flatMap { MediaSource.followingReader($0, interrupt: interrupt) }
        }
        guardState.counting = true
        let url = location.kind == .standardInput ? [0] : location.cString
        var opened: Int32 = 0
        if let reader = io.reader {
            // A growing file is not spooled: its index is not written yet.
            io.input = cffmpeg_open_guard_count_custom(guardState.state, context, reader, growing ? 0 : 1)
            if io.input == nil { opened = cffmpeg_averror(ENOMEM) }
        } else if location.kind != .standardInput {
            opened = cffmpeg_open_guard_open_input(guardState.state, context, url, location.whitelist,
                                                   MediaSource.openOptions(for: location), &io.input)
        } else {
            opened = cffmpeg_averror(ENOMEM)
        }
        if opened >= 0 {
            opened = cffmpeg_open_input_whitelisted(&context, url, location.whitelist, MediaSource.formatOptions)
        } else {
            avformat_free_context(context)
            context = nil
        }
        guard opened >= 0, let context else {
            let failure = MediaSource.spoolFailure(path: path, io: io, limit: spoolLimit)
                ?? MediaSource.classifyOpenFailure(path: path, location: location, code: opened,
                                                   interrupt: interrupt, guard: guardState)
            io.close()
            // The user sees the one-line reason; the log keeps FFmpeg's own code beside it.
            Log.error("\(failure) (\(ffmpegErrorText(opened)))")
            throw failure
        }
        var ownsContext = true
        defer {
            if ownsContext {
                var c: UnsafeMutablePointer<AVFormatContext>? = context
                avformat_close_input(&c)
                io.close()
            }
            withExtendedLifetime(guardState) {}
        }

        // libavformat also picks demuxers by file name alone (a .txt opens as ANSI art);
        // a local file whose bytes no demuxer recognises is not a media file, whatever its name.
        if let local = location.localCString, !growing, MediaSource.probeContent(local) == nil {
            throw MediaError.notMediaFile(path: path, detail: "nothing in it looks like audio or video")
        }
        if let local = location.localCString { MediaSource.describeStillFromHeader(context, localPath: local) }
        // A document refused while the header was read (a variant that is itself a master)
        // ends the open here: libavformat's hls demuxer keeps a half-made playlist then, and
        // reading packets from it crashed (network fuzz, seed 20261127, inputs 5551, 6018).
        if let refused = guardState.refusal(path: path) { throw refused }
        let found = avformat_find_stream_info(context, nil)
        guardState.counting = false
        if let refused = guardState.refusal(path: path) { throw refused }
        if found < 0 {
            if let stopped = MediaSource.interruption(path: path, interrupt: interrupt) { throw stopped }
            if let failure = MediaSource.spoolFailure(path: path, io: io, limit: spoolLimit) { throw failure }
            throw MediaError.notMediaFile(path: path, detail: ffmpegErrorText(found))
        }
        if let stopped = MediaSource.interruption(path: path, interrupt: interrupt) { throw stopped }
        let video = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        let audio = av_find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, video >= 0 ? video : -1, nil, 0)
        if video < 0 && audio < 0 {
            if let failed = guardState.failedOpen(path: path) { throw failed }
            throw MediaError.notMediaFile(path: path, detail: "no audio or video stream")
        }
        var info = MediaSource.describe(context, path: path, location: location, live: growing && io.reader != nil,
                                        video: video >= 0 ? video : nil, audio: audio >= 0 ? audio : nil)
        info.audioTracks = MediaSource.audioTracks(of: context, best: audio >= 0 ? audio : nil)
        info.chapters = MediaSource.chapters(of: context)
        info.subtitleTracks = MediaSource.subtitleStreams(of: context)
        if let fileSize = info.fileSize, video >= 0, !info.isLive {
            info.truncation = MediaSource.truncation(context, stream: video, fileSize: fileSize, start: info.start)
        }
        self.format = context
        self.io = io
        self.openGuard = guardState
        self.videoStreamIndex = video
        self.audioStreamIndex = audio >= 0 ? audio : nil
        self.videoVariants = MediaSource.videoVariants(of: context)
        self.info = info
        ownsContext = false
        Log.info("opened \(path): \(MediaSource.summary(of: info))")
        if io.isSpooled {
            Log.info("\(path) cannot seek and its index comes after its media: \(io.spooledBytes) bytes kept in memory to play it")
        }
    }

    /// One line of what was found, for the log: container, streams, length.
    static func summary(of info: MediaInfo) -> String {
        let video = info.video.map { "video \($0.codec) \($0.width)x\($0.height)" } ?? "no video"
        let audio = info.audio.map { "audio \($0.codec)" } ?? "no audio"
        let length = info.duration.map { "\($0)" } ?? "live"
        return "\(info.container), \(video), \(audio), \(length)"
    }

    /// Why opening stopped early, when it was the interrupt that stopped it: the user gave
    /// up (stop) or the stream did not answer in time (deadline).
    static func interruption(path: String, interrupt: MediaInterrupt) -> MediaError? {
        if interrupt.isStopped { return .interrupted(path: path) }
        if interrupt.isPastDeadline { return .timedOut(path: path, seconds: Int(openTimeout.components.seconds)) }
        return nil
    }

    deinit {
        var c: UnsafeMutablePointer<AVFormatContext>? = format
        avformat_close_input(&c)
        io.close()
    }

    /// What the context reads its input through, which the source owns (libavformat does
    /// not free custom I/O).
    private let io: InputIO
    /// What the context's opens go through (playlists, segments); freed after the context.
    let openGuard: OpenGuard

    public var hasVideo: Bool { videoStreamIndex >= 0 }

    /// Throws `noVideoStream` for audio-only files, which the player cannot yet show.
    public func requireVideo() throws {
        if !hasVideo { throw MediaError.noVideoStream(path: info.path) }
    }

    var videoStream: UnsafeMutablePointer<AVStream> { stream(videoStreamIndex) }
    func stream(_ index: Int32) -> UnsafeMutablePointer<AVStream> { format.pointee.streams[Int(index)]! }

    /// FFmpeg logs to stderr from any thread; while the player owns the terminal that would
    /// tear the picture, so only real errors are let through (and `INSET_FFMPEG_LOG` raises it).
    static func quietLogs() {
        let wanted = ProcessInfo.processInfo.environment["INSET_FFMPEG_LOG"].flatMap(Int32.init)
        cffmpeg_set_log_level(wanted ?? cffmpeg_log_quiet())
    }

    /// The checks a path gets before anything is opened (missing, a directory, unreadable,
    /// empty), without reading it: a caller can refuse the common mistakes before taking
    /// the terminal, and standard input is not consumed.
    public static func checkPath(_ path: String, allowance: InputAllowance = .webOnly) throws {
        _ = try checkLocalPath(path, allowance: allowance)
    }

    /// Local paths are checked before FFmpeg sees them so the common mistakes get their own
    /// words, the system's, instead of FFmpeg's generic ones. Returns where to read from.
    static func checkLocalPath(_ path: String, allowance: InputAllowance = .webOnly) throws -> InputLocation {
        let location = InputLocation(path, allowance: allowance)
        if let scheme = location.refusedScheme {
            throw MediaError.refused(path: path, detail: "\(scheme):// is opened only when named on the command line; "
                                     + "a playlist, a library or a stream may name http and https only")
        }
        guard let local = location.localCString else { return location }
        var status = stat()
        if stat(local, &status) != 0 {
            throw MediaError.system(errno, path: path)
        }
        if (status.st_mode & S_IFMT) == S_IFDIR { throw MediaError.isDirectory(path: path) }
        if access(local, R_OK) != 0 { throw MediaError.system(errno, path: path) }
        if (status.st_mode & S_IFMT) == S_IFREG && status.st_size == 0 { throw MediaError.emptyFile(path: path) }
        return location
    }

    /// avformat_open_input failed. When the bytes still look like a known container (the
    /// probe recognises its header) the file is a damaged or cut-short media file, not a
    /// foreign one: a QuickTime file whose index (moov) was at the end and got cut off. A
    /// playlist is not cut short: what it names could not be opened, and that is said.
    static func classifyOpenFailure(path: String, location: InputLocation, code: Int32, interrupt: MediaInterrupt,
                                    guard openGuard: OpenGuard) -> MediaError {
        if let refused = openGuard.refusal(path: path) { return refused }
        if let stopped = interruption(path: path, interrupt: interrupt) { return stopped }
        if location.kind == .network, let failure = networkFailure(path: path, code: code) { return failure }
        for errorCode in [EACCES, ENOENT, EISDIR, ENAMETOOLONG, ELOOP, ENOTDIR] where code == cffmpeg_averror(errorCode) {
            return .system(errorCode, path: path)
        }
        if let failed = openGuard.failedOpen(path: path) { return failed }
        if code == cffmpeg_averror_invaliddata(), let local = location.localCString, let (name, score) = probeContent(local) {
            if OpenGuard.playlistFormats.contains(name) {
                return .notMediaFile(path: path, detail: "a \(name) playlist whose segments could not be opened")
            }
            if score >= 75 { return .truncated(path: path, detail: "a \(name) file missing data it refers to") }
        }
        return .notMediaFile(path: path, detail: ffmpegErrorText(code))
    }

    /// Recognises a container from the first bytes alone, not the file name: the demuxer
    /// and its confidence (0–100), or nil when no demuxer recognises the bytes at all.
    static func probeContent(_ localPath: [CChar]) -> (name: String, score: Int32)? {
        let fd = open(localPath, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        // The probe reads past the data it is given: 64 zero bytes of padding, as FFmpeg asks.
        var padded = [UInt8](repeating: 0, count: 4096 + 64)
        let count = padded.withUnsafeMutableBytes { read(fd, $0.baseAddress, 4096) }
        guard count >= 16 else { return nil }
        return padded.withUnsafeMutableBufferPointer { buffer -> (String, Int32)? in
            var probe = AVProbeData()
            probe.buf = buffer.baseAddress
            probe.buf_size = Int32(count)
            probe.filename = nil
            var score: Int32 = 0
            guard let format = av_probe_input_format2(&probe, 1, &score), score > 0 else { return nil }
            return (String(cString: format.pointee.name), score)
        }
    }

    /// A file whose index points past its end was cut short (a download still going, a copy
    /// that stopped). What is there plays, as other players do: how much of the data is
    /// there and up to when the picture goes; nil when the file is whole.
    static func truncation(_ context: UnsafeMutablePointer<AVFormatContext>, stream index: Int32,
                           fileSize: Int64, start: MediaTime) -> MediaInfo.Truncation? {
        let stream = context.pointee.streams[Int(index)]!
        let end = cffmpeg_index_end(stream)
        guard end > fileSize else { return nil }
        let percent = Int(Double(fileSize) * 100 / Double(end))
        let last = cffmpeg_index_last_time_within(stream, fileSize)
        var playable = MediaTime.zero
        if let time = StreamTime.media(last, in: stream.pointee.time_base) { playable = max(.zero, time - start) }
        return MediaInfo.Truncation(percentPresent: percent, playableMicroseconds: playable.microseconds)
    }
}
