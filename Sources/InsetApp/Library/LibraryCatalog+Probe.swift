import InsetMedia

extension LibraryCatalog {
    /// Opens `path` and closes it again. A file with video is playable only when its
    /// decoder opens too (making a pipeline opens the decoder without starting a thread),
    /// so a codec this FFmpeg lacks is a listed reason, not a failure at Enter.
    static func probe(_ path: String, allowance: InputAllowance = .webOnly, interrupt: MediaInterrupt = MediaInterrupt())
        -> LibraryEntry.State {
        do {
            let source = try MediaSource(path: path, allowance: allowance, interrupt: interrupt)
            if source.hasVideo {
                _ = try VideoPipeline(source: source, options: .init(threads: 1, queueCapacity: 1, viewport: nil))
            }
            return .ready(source.info)
        } catch let error as MediaError {
            return .failed(error)
        } catch {
            return .failed(.ffmpeg(path: path, operation: "probe", detail: "\(error)"))
        }
    }
}
