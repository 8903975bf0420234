import Foundation
import InsetCore

extension VideoPipeline {
    /// The stream index of the variant for a picture shown in `viewport`
    /// (`VariantChoice`, in screen pixels at the assumed cell size for cell blitters).
    static func variant(for viewport: Viewport, of source: MediaSource) -> Int32? {
        let variants = source.videoVariants
        guard !variants.isEmpty, !viewport.isEmpty else { return nil }
        let video = source.info.video
        guard let chosen = VariantChoice.choose(for: viewport, in: variants.map(\.size),
                                                sampleAspect: video?.sampleAspect ?? .one,
                                                rotation: video?.rotation ?? .none) else { return nil }
        return Int32(variants[chosen].streamIndex)
    }
}

extension VideoPipeline {
    /// Live input: the oldest and newest times kept for skipping back (the newest is the
    /// live edge, the last frame read); nil for other input or before the first keyframe.
    public var bufferedRange: (oldest: MediaTime, newest: MediaTime)? { demuxer.bufferedRange }

    /// How far short of the newest frame read a jump to the live edge aims (see `Demuxer.liveAim`).
    public static let liveEdgeMargin = Demuxer.liveEdgeMargin
}
