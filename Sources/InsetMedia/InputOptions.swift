import Foundation

/// The FFmpeg input options the user gave for every stream (mpv's `--stream-lavf-o`):
/// already cut to the keys that cannot widen what an input may open
/// (`MpvMappedOptions.safeInputOptions`), set once by the command line before anything is
/// opened, given with the reconnect options to each network input (`MediaSource.openOptions`);
/// any thread may ask.
public enum InputOptions {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var common: [(key: String, value: String)] = []

    public static func setCommon(_ pairs: [(key: String, value: String)]) { lock.withLock { common = pairs } }

    /// The options as `av_dict_parse_string` reads them (`key=value` joined by `:`), each
    /// key and value escaped with `\` where it holds `:`, `=`, `\` or a quote, so a value such
    /// as a User-Agent with a colon stays one value; nil for none.
    public static var option: String? {
        let pairs = lock.withLock { common }
        guard !pairs.isEmpty else { return nil }
        return pairs.map { escaped($0.key) + "=" + escaped($0.value) }.joined(separator: ":")
    }

    /// `text` for av_get_token: the separators, the escape and the quote escaped.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            if character == ":" || character == "=" || character == "\\" || character == "'" { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
