import Testing

/// The group a suite runs in under `scripts/test`, by what its checks depend on. Every suite
/// of EndToEndTests and InsetAudioTests names one (`@Suite("…", .tags(.waits))`); a unit
/// suite of the other test targets that names none is pure. `scripts/test-groups` reads these
/// tags from the test binary's listing and fails the run, naming the suite, where one is
/// missing or two are given, so a new suite cannot land in the wrong group unseen.
extension Tag {
    /// No wall clock and no terminal: the unit suites and the director (its clock is the
    /// test's). Run in parallel.
    @Tag public static var pure: Self
    /// End to end, waiting for what a person would see with timeouts, and no time of its own
    /// to keep. Run beside each other, in a few processes.
    @Tag public static var waits: Self
    /// A time the sound card or a timeout sets, not the CPU (A/V offsets in cells, the
    /// terminal probe's 300 ms). One at a time, beside the other groups.
    @Tag public static var clock: Self
    /// The real terminals on virtual X displays, judged on screenshots. Two lanes.
    @Tag public static var terminals: Self
    /// A figure that depends on the CPU the test gets (frames over wall seconds, sync of
    /// pictures in pixels, the sound device's timing). One at a time, alone, last.
    @Tag public static var timed: Self
}
