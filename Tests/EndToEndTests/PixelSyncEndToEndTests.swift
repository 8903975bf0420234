import Foundation
import Testing
import InsetTestSupport

/// A/V sync with the video in pixels, measured from outside (scripts/av-sync --graphics).
/// Apart from the cells' markers (SoundEndToEndTests) because here the offset depends on the
/// CPU the player gets: each picture is encoded and written before it is seen, and at a
/// load of 9 (three compilers beside it) kitty's and iterm's came 60 to 70 ms late; so this
/// suite runs alone, in scripts/test's timed group.
@Suite("Sound in sync with pictures in pixels, end to end", .serialized, .tags(.timed))
struct PixelSyncEndToEndTests {
    /// In pixels the picture reaches the terminal after it is encoded and written, tens of
    /// milliseconds after its frame: the frames go early by that (`PictureLatency`), and the
    /// flash is the picture turning white (scripts/inset_tools/ptypictures.py reads sixel, kitty and
    /// iTerm2's OSC 1337).
    @Test("A/V offset with the video in pixels, sixel, kitty and iterm, measured outside the player: within ±45 ms",
          arguments: ["sixel", "kitty", "iterm"])
    func markersInSyncInPixels(graphics: String) throws {
        let offsets = try AVSyncScript.check(["--graphics", graphics, "--columns", "120", "--rows", "40"])
        print("A/V in \(graphics) pixels: \(offsets?.count ?? 0) markers, offsets \(offsets ?? []) ms")
    }
}
