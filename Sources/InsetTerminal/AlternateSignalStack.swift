import Glibc

/// A signal stack for the UI thread, so the crash handler can still restore the terminal
/// when the thread's own stack has overflowed (that SIGSEGV has no stack to run on).
enum AlternateSignalStack {
    static let size = 64 * 1024

    /// `sigaltstack(2)`: installs a stack for the calling thread unless it already has
    /// one (the Swift runtime's backtracer may have set one). The memory is never freed:
    /// the kernel may switch to it at any moment while the thread lives.
    static func installIfMissing() {
        var current = stack_t()
        guard sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) != 0 else { return }
        guard let memory = malloc(size) else { return }
        var stack = stack_t(ss_sp: memory, ss_flags: 0, ss_size: size)
        if sigaltstack(&stack, nil) != 0 { free(memory) }
    }
}
