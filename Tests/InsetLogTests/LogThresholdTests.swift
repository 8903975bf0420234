import Testing
@testable import InsetLog

/// mpv's `--msg-level=all=LEVEL` onto the levels the log file keeps. The level is the
/// process's, so the test puts back the default (every line) when it is done; the test
/// process logs nowhere (INSET_LOG unset), so no other test's lines depend on it meanwhile.
@Suite(.serialized) struct LogThresholdTests {
    @Test("mpv's levels: no keeps nothing, warn errors only, status info and errors, v everything")
    func levels() {
        defer { Log.keep(mpvLevel: "trace") }
        let cases: [(String, [Log.Level])] = [
            ("no", []), ("fatal", [.error]), ("error", [.error]), ("warn", [.error]), ("info", [.info, .error]),
            ("status", [.info, .error]), ("v", [.debug, .info, .error]), ("debug", [.debug, .info, .error]),
            ("trace", [.debug, .info, .error]),
        ]
        for (level, kept) in cases {
            Log.keep(mpvLevel: level)
            #expect([Log.Level.debug, .info, .error].filter(Log.keeps) == kept, "\(level)")
        }
    }
}
