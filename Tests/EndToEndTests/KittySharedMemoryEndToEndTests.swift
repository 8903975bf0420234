import Foundation
import Testing
import InsetTestSupport

/// Kitty's shared memory when it does not work (issue 28, medium 3): a terminal that says
/// it is kitty but never reads the objects (scripts/fake-terminal plays one, as a container
/// or a remote kitty would be), and a full /dev/shm (a small private tmpfs in a mount
/// namespace of its own). The player goes on sending the pixels in the escapes, says so
/// once, and leaves nothing in /dev/shm.
@Suite("Kitty shared memory that fails", .serialized, .tags(.waits))
struct KittySharedMemoryEndToEndTests {
    static func objects() -> Set<String> {
        Set(((try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? []).filter { $0.hasPrefix("inset-") })
    }

    /// What the player wrote, playing a clip for `seconds` on a pty answering as kitty.
    static func play(seconds: Int, wrappedIn prefix: [String] = []) throws -> (status: Int?, output: String, after: String) {
        let script = repositoryRoot.appendingPathComponent("scripts/fake-terminal").path
        let command = prefix + ["python3", script, "--as", "kitty", "--columns", "80", "--rows", "24", "--xpixel", "800", "--ypixel", "480",
                                "--keys", "\(seconds * 1000):q", "--", try insetBinary(), "--loop", samplePath("clock_4x3.mp4")]
        let printed = try runCommand(command)
        let start = printed.firstIndex(of: "{") ?? printed.startIndex
        let end = printed.lastIndex(of: "}").map { printed.index(after: $0) } ?? printed.endIndex
        let object = try #require(try JSONSerialization.jsonObject(with: Data(printed[start..<end].utf8)) as? [String: Any], "\(printed)")
        return (object["status"] as? Int, object["output"] as? String ?? "", String(printed[end...]))
    }

    @Test("a kitty that never reads the objects: the pictures go in the escapes after one notice, and no object stays")
    func unread() throws {
        let before = Self.objects()
        let (status, output, _) = try Self.play(seconds: 5)
        #expect(status == 0)
        let notice = "did not read the pictures from shared memory"
        #expect(output.contains(notice), "no notice")
        let shared = output.ranges(of: ",t=s,").count
        let inEscapes = output.ranges(of: "a=T,f=100,").count
        #expect(shared >= 1 && shared <= 60, "\(shared) pictures through shared memory before giving it up")
        // The pictures keep coming after the notice; how many PNGs a second get encoded depends
        // on the CPU the player has (over 20 in these 5 s alone, 6 beside the real terminals).
        #expect(inEscapes >= 3, "\(inEscapes) pictures in the escapes after")
        let left = Self.objects().subtracting(before)
        #expect(left.isEmpty, "left in /dev/shm: \(left.sorted().prefix(5))")
    }

    @Test("a full /dev/shm: no SIGBUS; the pictures go in the escapes after one notice, and no object stays")
    func full() throws {
        guard getuid() == 0 else {
            print("skipped: a private /dev/shm needs root to mount (unshare --mount)")
            return
        }
        // 64 KiB: not one 800x480 picture fits. The count of objects is taken inside the
        // namespace, after the player has gone.
        let inside = "mount -t tmpfs -o size=64k tmpfs /dev/shm && \"$@\"; echo; echo OBJECTS=$(ls /dev/shm | wc -l)"
        let (status, output, after) = try Self.play(seconds: 3, wrappedIn: ["unshare", "--mount", "--propagation", "private",
                                                                     "sh", "-c", inside, "sh"])
        #expect(status == 0, "the player died: \(status.map(String.init) ?? "?")")
        #expect(output.contains("posix_fallocate"), "the notice names the call that failed")
        #expect(output.ranges(of: "a=T,f=100,").count >= 10)
        #expect(!output.contains(",t=s,"), "a picture named an object that could not be made")
        #expect(after.contains("OBJECTS=0"), "left in the private /dev/shm: \(after)")
    }
}
