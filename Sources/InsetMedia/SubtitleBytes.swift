import CFFmpeg
import Foundation
import InsetCore

/// A subtitle file's bytes, read once and whole through a counted reader held to
/// `SubtitleFile.maximumBytes`, whatever the source: a regular file, a FIFO, a device,
/// an http(s) URL (a `--sub-file` URL, a page's subtitle through yt-dlp).
///
/// Why whole and first: the subtitle demuxers read their input to its end before the first
/// cue is known, and only a regular file's size could be asked beforehand; an endless
/// WebVTT over http grew the player by 200–400 MB/s, /dev/zero by over 1 GB/s, while
/// "opening…" stayed on the screen (issue 42, item 1). The bytes in memory are then what
/// the character set is guessed from and what the demuxer reads (`cffmpeg_memory_avio_alloc`),
/// so nothing is read twice (a FIFO or an http answer cannot be).
///
/// Threads: the opening thread's; blocking, bounded by `interrupt` (its deadline is set here).
enum SubtitleBytes {
    /// How long reading may take: as long as opening the video may.
    static let deadline = MediaSource.openTimeout

    /// All of `location`'s bytes, at most `limit`; throws a `MediaError` naming `path` when
    /// they are more, or when the source cannot be opened or read.
    static func read(_ path: String, location: InputLocation, allowance: InputAllowance = .webOnly,
                     limit: Int64 = Int64(SubtitleFile.maximumBytes), interrupt: MediaInterrupt = MediaInterrupt()) throws -> [UInt8] {
        interrupt.setDeadline(deadline)
        defer { interrupt.setDeadline(nil) }
        let source = try open(path, location: location, allowance: allowance, interrupt: interrupt)
        defer { source.close() }
        let bounds = UnsafeMutablePointer<cffmpeg_document_bounds>.allocate(capacity: 1)
        bounds.initialize(to: cffmpeg_document_bounds(max_bytes: limit, max_names: .max, names: 0, refusals: 0, why: 0, stops: nil))
        defer { bounds.deallocate() }
        guard let counted = cffmpeg_counted_reader_wrap_document(source.input, bounds) else {
            throw MediaError.ffmpeg(path: path, operation: "avio_alloc_context", detail: "out of memory")
        }
        defer { cffmpeg_counted_reader_free(counted) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let got = avio_read(counted, &chunk, Int32(chunk.count))
            if got > 0 { bytes += chunk[0..<Int(got)]; continue }
            if bounds.pointee.refusals > 0 {
                throw MediaError.refused(path: path, detail: "larger than \(limit >> 20) MiB, the bound on a subtitle file")
            }
            if got == 0 || got == cffmpeg_averror_eof() { break }
            if interrupt.isStopped { throw MediaError.interrupted(path: path) }
            if interrupt.isPastDeadline { throw MediaError.timedOut(path: path, seconds: Int(deadline.components.seconds)) }
            throw MediaError.notMediaFile(path: path, detail: ffmpegErrorText(got))
        }
        return bytes
    }

    /// The longest line a subtitle keeps: far more than any cue a person reads (a screen of
    /// text is a few kB), little enough that its tags cost nothing to take apart.
    static let maximumLineBytes = 64 << 10

    /// `bytes` with every line longer than `limit` cut to it (its line break kept). A cue of
    /// 15 MB of `<i>` tags, inside the file's bound, took 41 s to decode in a debug build and
    /// held "opening…" all that time (the subtitle-server fuzz target, seed 4242, inputs 112
    /// and 307). The file is returned as it is when no line is that long.
    static func cuttingLongLines(_ bytes: [UInt8], limit: Int = maximumLineBytes) -> [UInt8] {
        // The lines as (start, length), found with memchr: a byte loop over 16 MiB is seconds
        // in a debug build.
        let lines = bytes.withUnsafeBufferPointer { buffer -> [(Int, Int)] in
            guard let base = buffer.baseAddress else { return [] }
            var lines: [(Int, Int)] = []
            var start = 0
            while start < buffer.count {
                var end = buffer.count
                if let found = memchr(base + start, 0x0A, buffer.count - start) {
                    end = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
                }
                lines.append((start, end - start))
                start = end + 1
            }
            return lines
        }
        guard lines.contains(where: { $0.1 > limit }) else { return bytes }
        var cut: [UInt8] = []
        cut.reserveCapacity(bytes.count)
        for line in lines {
            let kept: Int = line.0 + Swift.min(line.1, limit)
            cut.append(contentsOf: bytes[line.0..<kept])
            if line.0 + line.1 < bytes.count { cut.append(0x0A) }
        }
        return cut
    }

    /// What a subtitle's bytes come from: a descriptor read with poll(2) (a local path;
    /// opened non-blocking, so a FIFO no one writes to ends at once instead of holding the
    /// opening thread in open(2)) or libavformat's own protocol (a URL, with the whitelist
    /// and the headers the URL is fetched with, `InputAllowance`).
    private struct Source {
        let input: UnsafeMutablePointer<AVIOContext>
        let descriptor: Int32?

        func close() {
            if let descriptor {
                cffmpeg_fd_avio_free(input)
                Glibc.close(descriptor)
            } else {
                var context: UnsafeMutablePointer<AVIOContext>? = input
                avio_closep(&context)
            }
        }
    }

    private static func open(_ path: String, location: InputLocation, allowance: InputAllowance, interrupt: MediaInterrupt) throws -> Source {
        switch location.kind {
        case .standardInput:
            throw MediaError.notMediaFile(path: path, detail: "standard input cannot be read as a subtitle file")
        case .local:
            guard let local = location.localCString else { throw MediaError.noSuchFile(path: path) }
            let descriptor = Glibc.open(local, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { throw MediaError.system(errno, path: path) }
            guard let input = cffmpeg_fd_avio_alloc(descriptor, interrupt.state) else {
                Glibc.close(descriptor)
                throw MediaError.ffmpeg(path: path, operation: "avio_alloc_context", detail: "out of memory")
            }
            return Source(input: input, descriptor: descriptor)
        case .network:
            // A context only for its interrupt callback, which avio_open2 takes by address.
            guard let holder = cffmpeg_alloc_interruptible_context(interrupt.state) else {
                throw MediaError.ffmpeg(path: path, operation: "avformat_alloc_context", detail: "out of memory")
            }
            defer { var context: UnsafeMutablePointer<AVFormatContext>? = holder; avformat_free_context(context); context = nil }
            var options: OpaquePointer?
            av_dict_set(&options, "protocol_whitelist", location.whitelist, 0)
            if let headers = allowance.httpOption(for: path) { av_dict_set(&options, "headers", headers, 0) }
            if let cookies = allowance.cookieOption(for: path) { av_dict_set(&options, "cookies", cookies, 0) }
            defer { av_dict_free(&options) }
            var input: UnsafeMutablePointer<AVIOContext>?
            let opened = avio_open2(&input, location.cString, AVIO_FLAG_READ, &holder.pointee.interrupt_callback, &options)
            guard opened >= 0, let input else {
                if interrupt.isStopped { throw MediaError.interrupted(path: path) }
                if interrupt.isPastDeadline { throw MediaError.timedOut(path: path, seconds: Int(deadline.components.seconds)) }
                throw MediaSource.networkFailure(path: path, code: opened)
                    ?? MediaError.notMediaFile(path: path, detail: ffmpegErrorText(opened))
            }
            return Source(input: input, descriptor: nil)
        }
    }
}
