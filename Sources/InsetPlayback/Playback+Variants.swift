import InsetCore
import InsetLog
import InsetMedia

extension Playback {
    /// Keeps `--stats` and the log up to date with the HLS variant on screen: the frame
    /// just shown says which it came from (the pipeline picks it for the render size, see
    /// `VariantChoice`), so the change is noted when it is seen, not when it was asked for.
    func noteVariant(of frame: VideoFrame) {
        guard let variant = frame.variant, variant != statistics.variant else { return }
        if let old = statistics.variant {
            statistics.variantSwitches += 1
            Log.info("variant \(old) -> \(variant) at \(frame.time)")
        } else {
            Log.info("variant \(variant) of \(path)")
        }
        statistics.variant = variant
    }
}
