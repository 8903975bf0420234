/// A value or option mpv itself would refuse, in mpv's words on one line: its two lines
/// (`The volume option is out of range: 2000` and `Error parsing option volume (parameter is
/// outside values allowed for option)`) joined as `Error parsing option volume (parameter is
/// outside values allowed for option): out of range: 2000`.
public struct SettingRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// mpv's reasons, as `m_option_strerror` words them.
    public enum Kind: String, Sendable {
        case notFound = "option not found"
        case unparsable = "option parameter could not be parsed"
        case outOfRange = "parameter is outside values allowed for option"
        case missingParameter = "option requires parameter"
        case noParameter = "option doesn't take a parameter"
    }

    public var option: String
    public var kind: Kind
    /// mpv's first line, for the value at hand (`invalid time or position: 'xyz'`); may be empty.
    public var detail: String

    public init(_ option: String, _ kind: Kind, _ detail: String = "") {
        self.option = option; self.kind = kind; self.detail = detail
    }

    public var description: String {
        "Error parsing option \(option) (\(kind.rawValue))" + (detail.isEmpty ? "" : ": \(detail)")
    }
}
