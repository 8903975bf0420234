import Glibc

extension CrashBacktrace {
    /// `setting`, naming Swift's backtracer when it is installed beside the player as the
    /// package puts it (scripts/package: `../libexec/swift/linux/swift-backtrace` from the
    /// binary). The runtime linked into a packaged player (--static-swift-stdlib) looks for the
    /// backtracer relative to the path it was started by: started through PATH, as `inset`, it
    /// found none and printed "swift runtime: unable to locate swift-backtrace; disabling
    /// backtracing." at every start. `executable` is the binary's real path (/proc/self/exe).
    static func setting(executable: String) -> String {
        let folder = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let backtracer = folder + "/../libexec/swift/linux/swift-backtrace"
        guard access(backtracer, X_OK) == 0 else { return setting }
        return setting + ",swift-backtrace=" + backtracer
    }

    /// Whether `value` of SWIFT_BACKTRACE is one `setting(executable:)` gives: ours, to take out.
    static func isOurs(_ value: String) -> Bool {
        value == setting || value.hasPrefix(setting + ",swift-backtrace=")
    }
}
