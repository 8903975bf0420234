import Glibc
import InsetCore
import Testing
@testable import InsetTerminal

/// `--tty PATH`'s watch: a resize is a new size the terminal gave; the terminal is gone when
/// its path no longer names it (vifm's `/proc/PID/fd/0` once vifm has exited).
@Suite("Named terminal")
struct NamedTerminalTests {
    @Test("a resize is a size given that differs; a failed ask (nil, or zero cells) is none")
    func resizes() {
        let small = CellSize(columns: 80, rows: 24), large = CellSize(columns: 120, rows: 24)
        #expect(NamedTerminal.isResize(from: small, to: large))
        #expect(NamedTerminal.isResize(from: nil, to: small))
        #expect(!NamedTerminal.isResize(from: small, to: small))
        #expect(!NamedTerminal.isResize(from: small, to: nil))
        #expect(!NamedTerminal.isResize(from: small, to: CellSize(columns: 0, rows: 0)))
    }

    @Test("the path names the device while it is there; a path gone, or another device, does not")
    func stillNames() throws {
        var status = stat()
        try #require(stat("/dev/null", &status) == 0)
        #expect(NamedTerminal.stillNames("/dev/null", device: status.st_rdev))
        #expect(!NamedTerminal.stillNames("/proc/999999999/fd/0", device: status.st_rdev))
        #expect(!NamedTerminal.stillNames("/dev/zero", device: status.st_rdev))
        #expect(NamedTerminal.stillNames("/nonexistent", device: nil), "no device known: nothing to watch")
    }

    @Test("a descriptor that is not this process's controlling terminal says so")
    func notControlling() throws {
        let fd = open("/dev/null", O_RDONLY)
        defer { close(fd) }
        #expect(!NamedTerminal.isControllingTerminal(fd))
    }
}
