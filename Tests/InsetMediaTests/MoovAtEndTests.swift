import CFFmpeg
import Foundation
@testable import InsetMedia
import InsetTestSupport
import Testing

/// An MP4 whose index (moov) comes after its media, opened from a pipe, which cannot seek:
/// kept in memory up to a bound and played from there (`spool_reader.h`), refused past the
/// bound with one line; an MP4 with its index first still streams, nothing kept.
@Suite("An MP4 with its index at its end, through a pipe")
struct MoovAtEndTests {
    /// A file's bytes written into one end of a socket pair by a thread of its own, for
    /// `MediaSource` to read from the other end as its standard input: a pipe, which cannot
    /// seek. The writer stops when the reader closes its end (no SIGPIPE: MSG_NOSIGNAL).
    final class PipedFile {
        let readEnd: Int32

        init(_ path: String) throws {
            var ends: [Int32] = [-1, -1]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0 else { throw MediaError.system(errno, path: path) }
            readEnd = ends[0]
            let writeEnd = ends[1]
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            Thread.detachNewThread {
                bytes.withUnsafeBytes { raw in
                    var sent = 0
                    while sent < raw.count {
                        let count = send(writeEnd, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                        if count <= 0 { break }
                        sent += count
                    }
                }
                close(writeEnd)
            }
        }

        deinit { close(readEnd) }
    }

    /// `path` opened as `-`, read through a socket pair.
    static func open(_ path: String, spoolLimit: Int64 = MediaSource.spoolLimit) throws -> (MediaSource, PipedFile) {
        let pipe = try PipedFile(path)
        let source = try MediaSource(path: "-", interrupt: MediaInterrupt(), standardInput: pipe.readEnd, spoolLimit: spoolLimit)
        return (source, pipe)
    }

    /// The video packets the source's demuxer hands out from where it is to the end.
    static func videoPackets(_ source: MediaSource) -> Int {
        var packet = av_packet_alloc()
        defer { av_packet_free(&packet) }
        var count = 0
        while av_read_frame(source.format, packet) >= 0 {
            if packet!.pointee.stream_index == source.videoStreamIndex { count += 1 }
            av_packet_unref(packet)
        }
        return count
    }

    static func ffprobeFrames(_ path: String) throws -> Int {
        let out = try run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=nb_frames", "-of", "csv=p=0", path])
        return try #require(Int(out.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    @Test("an MP4 whose index is at its end opens through a pipe and every picture's packet is read, from memory")
    func indexAtEnd() throws {
        // long_gop.mp4: ftyp, free, 470 kB of mdat, then moov.
        let path = sample("long_gop.mp4")
        let (source, pipe) = try Self.open(path)
        defer { withExtendedLifetime(pipe) {} }
        #expect(source.info.video?.width == 320)
        let (read, counted) = (Self.videoPackets(source), try Self.ffprobeFrames(path))
        #expect(read == counted)
    }

    @Test("the same from an http server that answers no Range: one whole GET, every picture's packet read")
    func serverWithoutRange() throws {
        let server = try TestWebServer(["--no-range"])
        let source = try MediaSource(path: server.url("long_gop.mp4"))
        #expect(Self.videoPackets(source) == (try Self.ffprobeFrames(sample("long_gop.mp4"))))
        // The log has a request once its response ends.
        var gets: [[String]] = []
        for _ in 0..<100 {
            gets = server.requests.filter { $0.count >= 7 && $0[1] == "GET" }
            if !gets.isEmpty { break }
            usleep(20_000)
        }
        #expect(gets.count == 1 && gets[0][4] == "200", "one whole answer, nothing asked twice: \(gets)")
    }

    @Test("past the bound, one line says the index is out of reach and to save the file first")
    func pastTheBound() throws {
        let limit: Int64 = 256 << 10
        #expect(limit < 470_000, "the clip's media must be past the bound")
        do {
            let (source, pipe) = try Self.open(sample("long_gop.mp4"), spoolLimit: limit)
            withExtendedLifetime(pipe) {}
            Issue.record("opened \(source.info.path) past the bound")
        } catch let error as MediaError {
            #expect(error.description == "cannot open -: the index (moov) of this MP4 is past the first 256 KiB "
                    + "of a stream that cannot seek; save it to a file first")
        }
    }

    @Test("an MP4 with its index first streams through a pipe with nothing kept: a bound far below its size is never met")
    func indexFirst() throws {
        // clock_16x9_aac.mp4: ftyp, moov, then 540 kB of mdat.
        let path = sample("clock_16x9_aac.mp4")
        let (source, pipe) = try Self.open(path, spoolLimit: 64 << 10)
        defer { withExtendedLifetime(pipe) {} }
        let (read, counted) = (Self.videoPackets(source), try Self.ffprobeFrames(path))
        #expect(read == counted)
    }
}
