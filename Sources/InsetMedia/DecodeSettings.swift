import Foundation
import InsetCore

/// What the consumer asks of the video decode thread, beside seeks.
struct DecodeSettings: Sendable {
    /// Where frames are scaled into (nil: decode only).
    var viewport: Viewport?
    /// The rate for where the picture is shown (fewer frames for a PiP window under
    /// `--pip-saver`).
    var rate: DecodeRate = .every
    /// Lighter decoding while the picture is late.
    var catchUpRate: DecodeRate = .every
    /// The newest keyframe skip asked for.
    var catchUp: KeyframeCatchUp?
    /// The HLS variant (its stream index) to show; nil for a single video stream.
    var variant: Int32?

    /// The lighter of the two rates: each asks for at least that much skipping (as
    /// `DecodeWorkRule.lightening(window:on:catchUp:)`).
    var effectiveRate: DecodeRate { max(rate, catchUpRate) }
}

/// A request to skip to the first keyframe at or after `target`.
struct KeyframeCatchUp: Sendable, Equatable {
    var target: MediaTime
    /// The serial of the late frames: void once a seek has started another.
    var serial: Int
    /// Counts requests, so the decode thread does each one once.
    var generation: Int
}

extension DecodeRate {
    /// The rate for a lightening the catch-up policy asks for.
    public init(_ lightening: DecodeLightening) {
        switch lightening {
        case .none: self = .every
        case .skipNonReference: self = .referenceFrames
        case .skipBidirectional: self = .keyAndPredictedFrames
        }
    }

    private var lightness: Int {
        switch self {
        case .every: 0
        case .referenceFrames: 1
        case .keyAndPredictedFrames: 2
        }
    }

    public static func < (a: DecodeRate, b: DecodeRate) -> Bool { a.lightness < b.lightness }
}
