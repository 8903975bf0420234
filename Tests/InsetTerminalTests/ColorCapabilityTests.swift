import InsetCore
import Testing
@testable import InsetTerminal

@Suite struct ColorCapabilityTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var environment: [String: String]
        var rgb: Bool
        var colors: Int
        var expected: ColorMode
        var testDescription: String { "\(environment) rgb=\(rgb) colors=\(colors) -> \(expected)" }
    }

    static let cases: [Case] = [
        Case(environment: ["COLORTERM": "truecolor"], rgb: false, colors: 8, expected: .truecolor),
        Case(environment: ["COLORTERM": "24bit"], rgb: false, colors: 256, expected: .truecolor),
        Case(environment: ["COLORTERM": "TrueColor", "TERM": "xterm"], rgb: false, colors: -1, expected: .truecolor),
        Case(environment: [:], rgb: true, colors: 256, expected: .truecolor),
        Case(environment: ["TERM": "tmux-256color"], rgb: true, colors: 256, expected: .truecolor),
        Case(environment: ["TERM": "xterm-256color"], rgb: false, colors: 256, expected: .palette256),
        Case(environment: ["COLORTERM": "rxvt-xpm"], rgb: false, colors: 256, expected: .palette256),
        Case(environment: ["COLORTERM": "1"], rgb: false, colors: 88, expected: .palette16),
        Case(environment: ["TERM": "xterm"], rgb: false, colors: 8, expected: .palette16),
        Case(environment: ["TERM": "linux"], rgb: false, colors: 8, expected: .palette16),
        Case(environment: ["TERM": "screen-256color"], rgb: false, colors: -1, expected: .palette256),
        Case(environment: ["TERM": "vt100"], rgb: false, colors: -1, expected: .palette16),
        Case(environment: [:], rgb: false, colors: -1, expected: .palette16),
        Case(environment: ["TERM": "xterm-256color"], rgb: false, colors: 16, expected: .palette16),
    ]

    @Test(arguments: cases)
    func detects(_ test: Case) {
        #expect(ColorCapability.detect(environment: test.environment, terminfoHasRGB: test.rgb,
                                       terminfoColors: test.colors) == test.expected)
    }

    @Test func defaultColorsArgumentIsUnknown() {
        #expect(ColorCapability.detect(environment: ["TERM": "xterm-256color"], terminfoHasRGB: false) == .palette256)
        #expect(ColorCapability.detect(environment: ["COLORTERM": "24bit"], terminfoHasRGB: false) == .truecolor)
    }

    @Test(arguments: [
        ("truecolor", ColorMode.truecolor), ("24bit", .truecolor), ("TrueColor", .truecolor),
        ("256", .palette256), ("16", .palette16),
    ])
    func parsesColorsArgument(_ text: String, _ mode: ColorMode) {
        #expect(ColorMode(argument: text) == mode)
        #expect(ColorMode(argument: mode.argument) == mode)
    }

    @Test(arguments: ["", "8", "true", "88", "256colors"])
    func rejectsOtherArguments(_ text: String) {
        #expect(ColorMode(argument: text) == nil)
    }
}
