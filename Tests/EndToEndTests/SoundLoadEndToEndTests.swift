import Foundation
import Testing
import InsetTestSupport

/// The markers where the player has more to do than one video at 1×: two videos decoded
/// and drawn at once, and the sound through atempo at 0.5× and 2×. Beside the other groups
/// (seven processes on two cores) these came 51.3 and 50.4 ms off, past the ±45 ms, in
/// the fresh clone's full run of 6e8603e, and held alone: the CPU they get decides, so
/// they run in the timed group, one at a time, alone (as `SoundEndToEndTests` does).
@Suite("Sound end to end, with more to decode", .serialized, .tags(.timed))
struct SoundLoadEndToEndTests {
    /// Two videos into one sound device: the markers full screen while a dark clip with a
    /// hum plays in the window (heard at the window's volume), then swapped into the window
    /// and heard there by `A` in the same turn, since the place heard is full screen
    /// (scripts/av-sync --beside).
    @Test("A/V offset of the full-screen video while the window's plays, and of the window's after a swap: within ±45 ms")
    func markersBesideTheWindow() throws {
        let offsets = try AVSyncScript.check(["--beside"], phases: ["beside the window", "swapped, in the window"], minimumPairs: 4)
        print("A/V beside the window: \(offsets?.count ?? 0) markers, offsets \(offsets ?? []) ms")
    }

    /// scripts/av-sync with the player at another speed: the keys come at the same media
    /// times, and each flash is paired with its tone from outside the player.
    @Test("A/V offset at every marker measured outside the player at 0.5× and 2×: within ±45 ms", arguments: ["0.5", "2"])
    func markersInSyncAtSpeed(speed: String) throws {
        let offsets = try AVSyncScript.check(["--speed", speed])
        print("A/V at \(speed)× from outside: offsets \(offsets ?? []) ms")
    }
}
