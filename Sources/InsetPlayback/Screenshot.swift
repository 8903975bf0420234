import Foundation
import InsetCore
import InsetLog
import InsetMedia

/// A screenshot: the frame at `time` of `path`, decoded again at the picture's own size
/// (`FrameGrab`: as FFmpeg's tool would give it), saved as a PNG (libavcodec's encoder)
/// under a name from the video and the time that no file has yet. On its own thread, as
/// the details' preview is; the UI polls `result`.
public final class Screenshot: @unchecked Sendable {
    public enum Outcome: Equatable {
        case saved(path: String)
        case failed(String)
    }

    private let lock = NSLock()
    private var outcome: Outcome?

    public init(path: String, allowance: InputAllowance = .webOnly, time: MediaTime, name: String, directory: String,
                onFinish: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            let result = Screenshot.take(path: path, allowance: allowance, time: time, name: name, directory: directory)
            lock.withLock { outcome = result }
            onFinish()
        }
        thread.name = "inset.screenshot"
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Nil while it is being taken.
    public var result: Outcome? { lock.withLock { outcome } }

    /// `clip_0-01.880.png` for clip.mp4 at 0:01.88; `clip_0-01.880-2.png` if that exists.
    static func fileName(video name: String, time: MediaTime, attempt: Int) -> String {
        let stem = (name as NSString).deletingPathExtension
        let clock = time.preciseClockString.replacingOccurrences(of: ":", with: "-")
        return stem + "_" + clock + (attempt > 1 ? "-\(attempt)" : "") + ".png"
    }

    private static func take(path: String, allowance: InputAllowance, time: MediaTime, name: String, directory: String) -> Outcome {
        do {
            let picture = try FrameGrab.picture(path: path, allowance: allowance, at: time)
            // A folder named that is not there yet is made now, with its parents (the rule of
            // InsetConfig's ScreenshotFolder, which checked at start that it can be).
            do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
                return .failed("cannot create \(directory): \((error as NSError).localizedDescription)")
            }
            let png = try PNGEncoding.encode(picture.image, rect: PixelRect(x: 0, y: 0, width: picture.image.width,
                                                                            height: picture.image.height))
            return try save(png, video: name, time: picture.time, directory: directory)
        } catch let error as MediaError {
            return .failed(error.reason)
        } catch {
            return .failed("\(error)")
        }
    }

    /// Writes under the first free name: O_EXCL, so nothing is overwritten even by a file
    /// that appears meanwhile.
    private static func save(_ png: [UInt8], video: String, time: MediaTime, directory: String) throws -> Outcome {
        for attempt in 1...999 {
            let path = directory + "/" + fileName(video: video, time: time, attempt: attempt)
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if fd < 0 {
                if errno == EEXIST { continue }
                return .failed("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            defer { close(fd) }
            let written = png.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard written == png.count else { return .failed("cannot write \(path): \(String(cString: strerror(errno)))") }
            Log.info("screenshot \(path)")
            return .saved(path: path)
        }
        return .failed("999 screenshots of this frame already")
    }
}
