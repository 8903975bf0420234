import Glibc

/// A crash on purpose, for the end-to-end test of what a crash does to the terminal (issue
/// 42 item 20, `CrashEndToEndTests`): with `INSET_TEST_TRAP=1` in the environment the player
/// traps, as an overflow or a failed precondition does (SIGILL), right after it has written
/// its first frame of video. Not a setting for users, and said nowhere else.
enum TestTrap {
    static let isArmed: Bool = getenv("INSET_TEST_TRAP").map { String(cString: $0) == "1" } ?? false

    @inline(never)
    static func fire() -> Never {
        fatalError("INSET_TEST_TRAP: a trap on purpose after the first frame")
    }
}
