import Glibc
import Testing
@testable import InsetTerminal

/// The descriptors a launcher leaves open in the player (vifm's pipes) are closed at start;
/// the guard keeps the terminal it is handed as descriptor 3.
@Suite("Inherited descriptors")
struct InheritedDescriptorsTests {
    @Test("every descriptor above 2 is closed for a play, standard input, output and error kept")
    func closesAboveTwo() {
        #expect(InheritedDescriptors.toClose(open: [0, 1, 2, 3, 7, 5], keeping: InheritedDescriptors.kept(command: "--embed"))
                == [3, 5, 7])
        #expect(InheritedDescriptors.toClose(open: [0, 1, 2, 4], keeping: InheritedDescriptors.kept(command: nil)) == [4])
    }

    @Test("embed-guard keeps descriptor 3, the player's terminal, and closes the rest")
    func guardKeepsItsTerminal() {
        #expect(InheritedDescriptors.toClose(open: [0, 1, 2, 3, 4], keeping: InheritedDescriptors.kept(command: "embed-guard")) == [4])
    }

    @Test("a pipe this process opened is among the descriptors /proc/self/fd lists")
    func listsOpenDescriptors() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let open = InheritedDescriptors.open()
        #expect(open.contains(ends[0]) && open.contains(ends[1]), "\(open)")
        #expect(open.contains(0) || open.contains(1) || open.contains(2))
    }
}
