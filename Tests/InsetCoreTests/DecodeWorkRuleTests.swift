import Testing
import InsetCore

/// Which decoding the player asks for, by where the picture is, `--pip-saver` and lateness:
/// a PiP window shows every frame unless the user asks to save or the machine falls behind.
@Suite("Decode work for the picture's place")
struct DecodeWorkRuleTests {
    static let screen = CellSize(columns: 160, rows: 45)
    /// The window `p` opens on that screen for a 16:9 video (about a quarter of it wide).
    static let defaultWindow = PiPLayout(screen: screen, videoAspect: 16.0 / 9.0).frame.size

    struct Case: CustomTestStringConvertible, Sendable {
        var window: CellSize?
        var saver: Bool
        var catchUp: DecodeLightening
        var expected: DecodeLightening
        var testDescription: String {
            "\(window.map { "window \($0)" } ?? "full screen"), saver \(saver ? "on" : "off"), catch-up \(catchUp)"
                + " → \(expected)"
        }
    }

    static func cases(_ window: CellSize?, saver: Bool, placeAlone: DecodeLightening) -> [Case] {
        DecodeLightening.allCases.map { late in
            Case(window: window, saver: saver, catchUp: late, expected: max(placeAlone, late))
        }
    }

    /// Every place, with and without the saver, at every lightening the catch-up policy can
    /// ask for: the place's own lightening is a floor, lateness can only add to it.
    static let all: [Case] = [
        cases(nil, saver: false, placeAlone: .none),
        cases(nil, saver: true, placeAlone: .none),
        cases(defaultWindow, saver: false, placeAlone: .none),
        cases(defaultWindow, saver: true, placeAlone: .skipBidirectional),
        // A third of the screen wide is still small; a column more is not.
        cases(CellSize(columns: 53, rows: 16), saver: false, placeAlone: .none),
        cases(CellSize(columns: 53, rows: 16), saver: true, placeAlone: .skipBidirectional),
        cases(CellSize(columns: 54, rows: 16), saver: false, placeAlone: .none),
        cases(CellSize(columns: 54, rows: 16), saver: true, placeAlone: .skipNonReference),
        // The largest window (two thirds of the screen).
        cases(CellSize(columns: 106, rows: 30), saver: false, placeAlone: .none),
        cases(CellSize(columns: 106, rows: 30), saver: true, placeAlone: .skipNonReference),
    ].flatMap { $0 }

    @Test("lightening for place, saver and lateness", arguments: all)
    func lightening(_ c: Case) {
        let rule = DecodeWorkRule(pipSaver: c.saver)
        #expect(rule.lightening(window: c.window, on: Self.screen, catchUp: c.catchUp) == c.expected)
    }

    @Test("by default nothing is skipped for the place: the default window decodes every frame")
    func defaultShowsEveryFrame() {
        #expect(Self.defaultWindow.columns * 3 <= Self.screen.columns, "the default window is a small one")
        #expect(DecodeWorkRule().lightening(window: Self.defaultWindow, on: Self.screen) == .none)
        #expect(DecodeWorkRule().pipSaver == false)
    }

    @Test("in the default window, lateness that lasts lightens decoding and calm gives every frame back")
    func latenessInTheWindow() {
        let rule = DecodeWorkRule()
        var policy = CatchUpPolicy()
        func at(_ ms: Int) -> HostTime { .milliseconds(UInt64(10_000 + ms)) }
        var seen: [DecodeLightening] = [rule.lightening(window: Self.defaultWindow, on: Self.screen, catchUp: policy.lightening)]
        func note() {
            let now = rule.lightening(window: Self.defaultWindow, on: Self.screen, catchUp: policy.lightening)
            if seen.last != now { seen.append(now) }
        }
        // On time for a second: every frame.
        for ms in stride(from: 0, through: 1_000, by: 33) {
            _ = policy.decide(frameTime: .milliseconds(Int64(ms)), nextFrameTime: nil, master: .milliseconds(Int64(ms)), at: at(ms))
            note()
        }
        #expect(seen == [.none])
        // 150 ms late for 0.6 s: the machine cannot keep up, frames are left out.
        for ms in stride(from: 1_033, through: 1_600, by: 33) {
            _ = policy.decide(frameTime: .milliseconds(Int64(ms - 150)), nextFrameTime: nil,
                              master: .milliseconds(Int64(ms)), at: at(ms))
            note()
        }
        #expect(seen == [.none, .skipNonReference, .skipBidirectional])
        // Early again for long enough: a step back at a time, down to every frame.
        for ms in stride(from: 1_633, through: 12_000, by: 33) {
            _ = policy.decide(frameTime: .milliseconds(Int64(ms + 20)), nextFrameTime: nil,
                              master: .milliseconds(Int64(ms)), at: at(ms))
            note()
        }
        #expect(seen == [.none, .skipNonReference, .skipBidirectional, .skipNonReference, .none])
    }

    @Test("deblocking is skipped when 6x6 coded pixels or more fall into each shown pixel", arguments: [
        (PixelSize(width: 1920, height: 1080), PixelSize(width: 38, height: 22), true),  // the default window
        (PixelSize(width: 1920, height: 1080), PixelSize(width: 160, height: 90), true),  // 160x45 full screen
        (PixelSize(width: 1920, height: 1080), PixelSize(width: 320, height: 180), true),  // exactly 6x
        (PixelSize(width: 1920, height: 1080), PixelSize(width: 321, height: 180), false),
        (PixelSize(width: 1920, height: 1080), PixelSize(width: 320, height: 181), false),
        (PixelSize(width: 640, height: 360), PixelSize(width: 160, height: 90), false),  // 4x: it could show
        (PixelSize(width: 320, height: 180), PixelSize(width: 38, height: 22), true),
    ])
    func deblocking(coded: PixelSize, shown: PixelSize, skips: Bool) {
        #expect(DecodeWorkRule.skipsDeblocking(coded: coded, shown: shown) == skips)
    }
}
