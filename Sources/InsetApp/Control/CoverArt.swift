import Foundation
import InsetCore
import InsetLog
import InsetMedia

/// The picture MPRIS names as a track's art (`mpris:artUrl`, a URL the desktop's widget
/// reads): a cover file beside the file (`cover.jpg`, `folder.png`, as music folders have
/// them), else the cover in the file itself, written once as a PNG for the widget to read.
///
/// UI thread (the desk asks once per file).
final class CoverArt {
    /// Names a folder's picture goes by, without extension, compared without case.
    static let names: Set = ["cover", "folder", "front", "album", "albumart"]
    static let extensions: Set = ["jpg", "jpeg", "png", "webp"]

    /// The PNG written for the file playing, removed when the next is written and at the end.
    private var written: String?
    private var count = 0

    deinit { removeWritten() }

    /// The art of the file at `path` with its decoded `cover` (a sound file's): a URL, or nil.
    func url(for path: String, cover: VideoFrame?) -> String? {
        if let beside = CoverArt.fileBeside(path) { return URL(fileURLWithPath: beside).absoluteString }
        guard let cover, let image = cover.image else { return nil }
        removeWritten()
        count += 1
        let file = CoverArt.directory() + "/inset-cover-\(getpid())-\(count).png"
        let bytes: [UInt8]
        // The image is the picture alone, at its placement's size.
        do { bytes = try PNGEncoding.encode(image, rect: PixelRect(x: 0, y: 0, width: image.width, height: image.height)) } catch {
            Log.info("MPRIS: no art for \(path): \(error)")
            return nil
        }
        guard FileManager.default.createFile(atPath: file, contents: Data(bytes), attributes: [.posixPermissions: 0o600]) else {
            Log.info("MPRIS: no art for \(path): cannot write \(file)")
            return nil
        }
        written = file
        // A new name for each file: widgets keep a picture by its URL.
        return URL(fileURLWithPath: file).absoluteString
    }

    func removeWritten() {
        if let written { try? FileManager.default.removeItem(atPath: written) }
        written = nil
    }

    /// A picture file beside a local file, by the names music folders use; nil for a URL.
    static func fileBeside(_ path: String) -> String? {
        guard !path.contains("://"), path != "-" else { return nil }
        let directory = (path as NSString).deletingLastPathComponent
        let folder = directory.isEmpty ? "." : directory
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        let found = names.sorted().first { name in
            let ext = (name as NSString).pathExtension.lowercased()
            return extensions.contains(ext) && self.names.contains((name as NSString).deletingPathExtension.lowercased())
        }
        return found.map { (folder as NSString).appendingPathComponent($0) }
    }

    /// The user's runtime directory (private to them), else the temporary one.
    static func directory() -> String {
        if let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { return runtime }
        return NSTemporaryDirectory().hasSuffix("/") ? String(NSTemporaryDirectory().dropLast()) : NSTemporaryDirectory()
    }
}
