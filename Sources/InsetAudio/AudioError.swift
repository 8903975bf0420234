/// Why there is no sound. Each case renders as one line; the player shows it once as a
/// notice and goes on with the system clock (video never fails for lack of sound).
public enum AudioError: Error, Equatable, Sendable, CustomStringConvertible {
    /// SDL's audio subsystem would not start (no usable driver; SDL_InitSubSystem).
    case noDriver(detail: String)
    /// The driver started but no device could be opened (SDL_OpenAudioDevice).
    case noDevice(driver: String, detail: String)
    /// The device offered a sample format the player does not write.
    case unsupportedFormat(detail: String)

    public var description: String {
        switch self {
        case .noDriver(let detail): return "no sound: audio driver unavailable (\(detail))"
        case .noDevice(let driver, let detail): return "no sound: cannot open an audio device on \(driver) (\(detail))"
        case .unsupportedFormat(let detail): return "no sound: unsupported device format (\(detail))"
        }
    }
}

extension AudioError {
    /// SDL's messages sometimes end in a newline or hold several lines; a notice is one.
    static func oneLine(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
        return flat.isEmpty ? "no reason given" : flat
    }
}
