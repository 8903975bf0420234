import Foundation
import Testing
import InsetTestSupport

/// `--graphics iterm` through a pty (`scripts/pty-iterm`, which reads the OSC 1337 pictures
/// with scripts/inset_tools/ptypictures.py and decodes their JPEG with Pillow): the pictures arrive
/// sized in cells with no aspect of their own and the cursor left, each within 120 KB with
/// base64, and a still's picture is at least 36 dB against the same frame sent as kitty's
/// near-lossless PNG at the same cells; inside tmux (multipart, through passthrough) the
/// picture lands where the pane shows it, and again where the pane went when it swaps places
/// with another after start; a window moved leaves no picture behind in part.
@Suite("iTerm2 inline images through a pty, end to end", .tags(.waits))
struct ITermPicturesEndToEndTests {
    @Test("pictures as OSC 1337 JPEG: filling their cells, within 120 KB with base64, ≥ 36 dB; inside tmux multipart, where the pane is, moved too",
          .timeLimit(.minutes(2)))
    func picturesReadBack() throws {
        let (status, output) = try runScript("pty-iterm", ["--tmux", "--clip", samplePath("bench_1080p.mp4")],
                                             environment: ["INSET_BIN": try insetBinary()])
        print(output)
        #expect(status == 0, "\(output)")
        #expect(output.contains("against kitty's near-lossless one") && output.contains("inside tmux, a right-hand pane")
                && output.contains("the pane swapped"), "\(output)")
    }

    /// The protocol has no ids and no delete: where a picture was, cells must be written.
    @Test("the window paused and moved, over the library and over a full-screen video, and the details pane's still closed: no debris",
          .timeLimit(.minutes(2)))
    func windowMovesLeaveNoDebris() throws {
        let (status, output) = try runScript("pty-iterm", ["--moves", "--clip", samplePath("bench_1080p.mp4")],
                                             environment: ["INSET_BIN": try insetBinary()])
        print(output)
        #expect(status == 0, "\(output)")
        #expect(output.contains("PiP over the library") && output.contains("two videos") && output.contains("details pane"), "\(output)")
    }
}
