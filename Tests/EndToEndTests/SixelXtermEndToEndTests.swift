import Foundation
import Testing

/// Inset in a real sixel terminal: Debian's xterm as a VT340 on a virtual X display
/// (`scripts/xterm-sixel`). The script checks screenshots of the display: a picture full
/// screen, a window-sized one over the library, none left where the window moved from,
/// none after q.
@Suite("Sixel in a real xterm", .serialized)
struct SixelXtermEndToEndTests {
    @Test("full screen and PiP pictures show in xterm, leave no debris, and go with q", .timeLimit(.minutes(3)))
    func xtermSixel() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let script = root.appendingPathComponent("scripts/xterm-sixel").path
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("inset-xterm-\(getpid())").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = [out]
        var environment = ProcessInfo.processInfo.environment
        if let bin = environment["INSET_BIN"] { environment["INSET_BIN"] = bin }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "scripts/xterm-sixel:\n\(output)")
        #expect(output.contains("xterm-sixel: ok"))
        #expect(!output.contains("FAIL"), "\(output)")
    }
}
