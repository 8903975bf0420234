import Foundation
import InsetCore
import InsetTestSupport
import Testing
@testable import InsetApp

/// Issue 47: a script building its overlay with `require 'mp.assdraw'` (label, boxes,
/// hexagons, a curve) makes the same ASS text in Inset as in mpv (`--vo=null --ao=null`,
/// same script, same file); what Inset's bar shows of it is the label, the drawing dropped.
@Suite("Director: mp.assdraw's overlay as in mpv (issue 47)", .serialized)
struct DirectorScriptAssdrawTests {
    @Test("the same assdraw calls make the same ASS in mpv and in Inset; the bar shows its text alone")
    func versusMpv() throws {
        let scripts = ["assdraw-overlay.lua"], given = ["assdraw_overlay-file=REPORT"]
        let file = sample("clock_16x9_aac.mp4")
        let mpv = try MpvScriptReference.report(scripts: scripts, options: given, file: file, count: 1)
        let inset = try DirectorScriptsVersusMpvTests.insetReport(scripts: scripts, options: given, file: file, count: 1)
        // mpv 0.35.1's, when mpv is not installed.
        let recorded = #"{\pos(10.500000,20.000000)}{\an7}{\fs24}Skip intro?|{\p4} m 40 0 l 762 0 b 785 0 802 18 802 40 l 802 280 b 802 303 785 320 762 320 l 40 320 b 18 320 0 303 0 280 l 0 40 b 0 18 18 0 40 0 m 32 0 b 15 0 0 15 0 32 l 0 128 b 0 146 15 160 32 160 l 400 160 l 400 0 m 8 16 l 24 16 l 24 32 l 8 32 m 8 16 l 8 32 l 24 32 l 24 16 m 80 0 l 400 0 l 480 80 l 400 160 l 80 160 l 0 80 m 80 0 l 0 80 l 80 160 l 0 40 b 8 8 20 16 24 24 m -1 1 l 3 4{\p0}"#
        #expect(inset == DirectorScriptsVersusMpvTests.expected(mpv, else: [recorded]))
        let events = try #require(inset.first).replacingOccurrences(of: "|", with: "\n")
        #expect(ScriptOverlayLines.text(ofAss: events) == "Skip intro?")
    }
}
