/// How many bytes a frame may take on the way to the terminal: the link's rate (measured by
/// the one `LinkMeter`, or assumed by `--link-rate N`) over the frame rate, less headroom
/// for keys' echo and the bar.
///
/// Pure: it reads the meter, which the caller feeds with every write.
public struct LinkBudget {
    public let setting: LinkRate
    /// The link's one measure, shared with the pictures' pacer.
    public let meter: LinkMeter
    /// The share of the rate the video's frames may take (the meter assumes as much of the
    /// frames that went through without waiting, `LinkMeter.share`).
    public var share = 0.85

    public init(setting: LinkRate, meter: LinkMeter = LinkMeter()) {
        self.setting = setting
        self.meter = meter
    }

    /// The drain measured (`auto` only): nil while no write has waited, or in another setting.
    public var measured: Double? {
        guard case .auto = setting else { return nil }
        return meter.bytesPerSecond
    }

    /// The rate the budget is made from: nil when nothing limits (off, or a link never full).
    public var bytesPerSecond: Double? {
        switch setting {
        case .off: nil
        case .fixed(let rate): Double(rate)
        case .auto: meter.bytesPerSecond
        }
    }

    /// Bytes a frame may take at `framesPerSecond`; nil when nothing limits.
    public func bytesPerFrame(framesPerSecond: Double) -> Int? {
        guard let rate = bytesPerSecond else { return nil }
        return Int(rate * share / max(1, framesPerSecond))
    }
}

extension Duration {
    /// The duration in seconds, as a Double.
    public var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
