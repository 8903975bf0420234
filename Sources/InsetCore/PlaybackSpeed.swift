/// How fast the media plays against the wall clock: 1 is normal, 2 twice as fast. Kept in
/// hundredths so that two speeds compare exactly and `1.5` read from a command line is
/// the speed shown, with no binary-fraction tail.
public struct PlaybackSpeed: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Hundredths: 150 is 1.5×.
    public let hundredths: Int

    /// The range the audio's `atempo` chain and the decoder keep up with (as mpv's keys, a
    /// quarter to four times).
    public static let slowest = PlaybackSpeed(clamping: 25)
    public static let fastest = PlaybackSpeed(clamping: 400)
    public static let normal = PlaybackSpeed(clamping: 100)

    /// The speeds `speed up` and `speed down` step through: the ones people pick (a lecture
    /// at 1.5×, a skim at 2×) rather than mpv's powers of 1.1 (1.21×, 1.33×…).
    public static let ladder: [PlaybackSpeed] = [25, 50, 75, 100, 125, 150, 175, 200, 250, 300, 400]
        .map(PlaybackSpeed.init(clamping:))

    public init(clamping hundredths: Int) {
        self.hundredths = min(Self.fastestHundredths, max(Self.slowestHundredths, hundredths))
    }

    /// Reads `1.5`, `1.5x`, `2×` or `150%`; nil for anything else or outside 0.25…4.
    public init?(text: String) {
        var body = Substring(text)
        var percent = false
        if body.hasSuffix("x") || body.hasSuffix("X") || body.hasSuffix("×") { body = body.dropLast() }
        else if body.hasSuffix("%") { body = body.dropLast(); percent = true }
        guard !body.isEmpty, body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              body.filter({ $0 == "." }).count <= 1, let value = Double(body), value.isFinite else { return nil }
        // Bounded before the conversion to Int, which would trap on a long number (1e20).
        let scaled = (percent ? value : value * 100).rounded()
        guard scaled >= Double(Self.slowestHundredths), scaled <= Double(Self.fastestHundredths) else { return nil }
        let hundredths = Int(scaled)
        guard (Self.slowestHundredths...Self.fastestHundredths).contains(hundredths) else { return nil }
        self.hundredths = hundredths
    }

    /// Media seconds per wall-clock second.
    public var factor: Double { Double(hundredths) / 100 }
    public var isNormal: Bool { hundredths == 100 }

    /// The next speed on the ladder above this one (this one at the top).
    public var faster: PlaybackSpeed { Self.ladder.first { $0 > self } ?? self }
    /// The next speed on the ladder below this one (this one at the bottom).
    public var slower: PlaybackSpeed { Self.ladder.last { $0 < self } ?? self }

    /// As the bar and the commands write it: `1.5×`, `0.25×`, `2×`.
    public var description: String { "\(number)×" }

    /// The number alone: `1.5`, `0.25`, `2`.
    public var number: String {
        let whole = hundredths / 100, fraction = hundredths % 100
        if fraction == 0 { return String(whole) }
        return fraction % 10 == 0 ? "\(whole).\(fraction / 10)" : "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// Media time that passes in `wall` of wall-clock time at this speed.
    public func media(inWall wall: MediaTime) -> MediaTime {
        // Split so that even `MediaTime.longest` cannot overflow the product.
        let h = Int64(hundredths)
        return MediaTime(microseconds: wall.microseconds / 100 * h + wall.microseconds % 100 * h / 100)
    }

    /// Wall-clock time it takes to play `media` at this speed.
    public func wall(forMedia media: MediaTime) -> MediaTime {
        let h = Int64(hundredths)
        return MediaTime(microseconds: media.microseconds / h * 100 + media.microseconds % h * 100 / h)
    }

    public static func < (a: PlaybackSpeed, b: PlaybackSpeed) -> Bool { a.hundredths < b.hundredths }

    private static let slowestHundredths = 25
    private static let fastestHundredths = 400
}
