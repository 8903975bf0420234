import Foundation
import Testing
import InsetTestSupport

/// Styled ASS subtitles in sixel (and kitty, iTerm2) pixels, read from outside (`scripts/sub-pictures`): a still
/// frame with a yellow bold sign at the top and a dialogue line whose first word is red,
/// played with `--graphics sixel` in a pty; the sixels decoded by libsixel's sixel2png and
/// compared, in the subtitle rows, with FFmpeg's `subtitles` filter (libass) drawing the same
/// frame at the same size, and with the bare frame. Before libass drew into the picture the
/// rows were 12.6 dB from libass's rendering and 20.8 dB from the bare frame (issue 45).
@Suite("Styled subtitles in sixel, kitty and iTerm2 pixels, end to end", .tags(.waits))
struct StyledSubtitlePixelsTests {
    static let hasSixel2png = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/sixel2png")
    }

    @Test("the sign and the red word are in the picture: ≥ 25 dB from libass's own rendering, closer to it than to the bare frame",
          .enabled(if: hasSixel2png, "libsixel's sixel2png is not installed (scripts/setup installs libsixel-bin)"),
          .timeLimit(.minutes(2)))
    func libassInSixel() throws {
        try check(graphics: "sixel")
    }

    /// kitty's and iTerm2's pictures are read from their payloads (a PNG, a JPEG in base64);
    /// the terminal scales them to their cells, so a loaded machine's smaller copy is compared
    /// with the references drawn whole and averaged to its size. Measured at a load of 36:
    /// kitty 37.8 dB (bare frame 15.7), iTerm2 36.2 dB (15.8).
    @Test("kitty's and iTerm2's pictures hold the sign and the red word: ≥ 25 dB from libass's, closer to it than to the bare frame",
          .timeLimit(.minutes(2)), arguments: ["kitty", "iterm"])
    func libassInWholePictures(graphics: String) throws {
        try check(graphics: graphics)
    }

    /// `scripts/sub-fonts`: DejaVu Sans Mono renamed "Inset Zebra Mono" (a family fontconfig
    /// does not know) attached to an MKV whose style names it; a line of i's in kitty's
    /// picture measured 0.496 of the width, FFmpeg's filter with the attachment 0.475 and
    /// fontconfig's fallback 0.214.
    @Test("an MKV's attached font draws its style's line: as wide as with the font, not fontconfig's fallback",
          .timeLimit(.minutes(2)))
    func attachedFont() throws {
        let (status, output) = try runScript("sub-fonts", ["--json"], environment: ["INSET_BIN": try insetBinary()])
        print(output)
        #expect(status == 0, "\(output)")
    }

    func check(graphics: String) throws {
        let (status, output) = try runScript("sub-pictures", ["--graphics", graphics, "--json"],
                                             environment: ["INSET_BIN": try insetBinary()])
        print(output)
        #expect(status == 0, "\(output)")
        let last = String(output.split(separator: "\n").last ?? "")
        let figures = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any], "\(output)")
        let styled = try #require(figures["psnr_libass"] as? Double), bare = try #require(figures["psnr_bare"] as? Double)
        #expect(styled >= 25, "\(output)")
        #expect(styled > bare + 3, "\(output)")
    }
}
