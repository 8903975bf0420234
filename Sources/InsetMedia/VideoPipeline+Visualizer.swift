import InsetCore

extension VideoPipeline {
    /// What the scale stage is told of a visualiser's pictures: drawn upright, no source of
    /// their own (their shape and pixels' shape come with each job).
    static func drawnPicture(_ visualizer: Visualizer) -> VideoStreamInfo {
        VideoStreamInfo(index: -1, codec: visualizer.rawValue, codecLongName: "FFmpeg's \(visualizer) filter",
                        width: 0, height: 0, sampleAspectNumerator: 1, sampleAspectDenominator: 1,
                        frameRateNumerator: Visualizer.frameRate, frameRateDenominator: 1, rotationDegrees: 0,
                        pixelFormat: "rgb24", frameCount: nil, isAttachedPicture: false)
    }

    /// The decode thread of a visualiser's pipeline: requests as a video's (pause, seek,
    /// viewport, stop), `VisualizerLoop` for the rest.
    func runVisualizer(_ visualizer: Visualizer, decoder: AudioDecoder, scaleStage: ScaleStage) {
        var loop = VisualizerLoop(demuxer: demuxer, decoder: decoder, visualizer: visualizer, scaleStage: scaleStage,
                                  statistics: statistics)
        defer { loop.release() }
        while true {
            let request = requests.next(idle: loop.atEnd)
            if request.stop { return }
            if request.seeked { loop.atEnd = false }
            loop.viewport = request.settings.viewport
            loop.step()
        }
    }
}
