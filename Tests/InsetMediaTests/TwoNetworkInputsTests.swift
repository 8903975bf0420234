import CFFmpeg
import Foundation
@testable import InsetMedia
import InsetTestSupport
import Testing

/// Two URLs played one after the other from a server that answers no Range (Python's
/// http.server): each MP4 with its index after its media is read through a spool, and the
/// first was let go as the second opened. The spool was known by the address of its read
/// function, which every Swift file calling into the headers has a copy of: the file that
/// closes an input (OpenGuard.swift) did not know the spool the file that opened it
/// (MediaSource.swift) made, and closed it with avio_close as if libavformat had opened
/// it: SIGSEGV in av_opt_next on the UI thread, 7 s into the list (debug build).
@Suite("issue 42: two network inputs in turn")
struct TwoNetworkInputsTests {
    @Test("issue 42: a spool made in one file is a spool to InputIO in another: seen as kept, freed as a spool when closed")
    func spoolKnownAcrossFiles() throws {
        // This file's copy of the header's functions makes the spool; InputIO, compiled in
        // InsetMedia, has its own copy of the ones that recognise it.
        let bytes = SpoolReaderTests.box("ftyp", payload: 24) + SpoolReaderTests.box("mdat", payload: 10_000)
            + SpoolReaderTests.box("moov", payload: 100)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("inset-spool-\(UUID().uuidString).mp4")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let pipe = try MoovAtEndTests.PipedFile(file.path)
        let interrupt = MediaInterrupt()
        let reader = try #require(cffmpeg_fd_avio_alloc(pipe.readEnd, interrupt.state))
        let context = try #require(avformat_alloc_context())
        defer { avformat_free_context(context) }
        var openGuard = cffmpeg_open_guard()
        openGuard.spool_limit = 1 << 20
        let io = InputIO()
        io.reader = reader
        io.input = cffmpeg_open_guard_count_custom(&openGuard, context, reader, 1)
        #expect(io.input != nil)
        #expect(io.isSpooled, "the spool under the counted reader, as InputIO sees it")
        #expect(io.spooledBytes > 0)
        io.close()
        withExtendedLifetime((pipe, interrupt)) {}
    }

    @Test("issue 42: two MP4s with their index at the end from a server without Range, one opened as the other is let go")
    func twoURLsInTurn() throws {
        // clock_4x3.mp4: ftyp, free, mdat, then moov: kept in memory, as a list plays it.
        let server = try TestWebServer(["--no-range"])
        let frames = try MoovAtEndTests.ffprobeFrames(sample("clock_4x3.mp4"))
        var first: MediaSource? = try MediaSource(path: server.url("clock_4x3.mp4?n=0"))
        #expect(first.map(MoovAtEndTests.videoPackets) == frames)
        let second = try MediaSource(path: server.url("clock_4x3.mp4?n=1"))
        // Let go of as the player lets go of a played entry: its input closed, its spool freed.
        first = nil
        #expect(MoovAtEndTests.videoPackets(second) == frames)
    }
}
