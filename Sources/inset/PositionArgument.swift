import ArgumentParser
import InsetCore

/// `--start`'s value: a time in the forms `MediaTime(validating:)` takes (`90`, `1:30`,
/// `1:02:03.5`), or mpv's relative forms (`RelativeTime`): `+T`, `-T` back from the end,
/// `N%` of the file, `#C` a chapter, `none`. A plain time is judged by Inset's stricter
/// reading first, so its messages stay as they were; anything else as mpv reads it.
struct PositionArgument: ExpressibleByArgument {
    let text: String
    let parsed: Result<RelativeTime, Refusal>

    struct Refusal: Error, CustomStringConvertible { var description: String }
    /// Nil only for a value validate() has refused (or `none`).
    var position: RelativeTime? {
        guard let position = try? parsed.get(), position != .none else { return nil }
        return position
    }

    init(argument: String) {
        text = argument
        if let first = argument.first, first == "-" || first == "+" || first == "#" || argument.hasSuffix("%") || argument == "none" {
            parsed = Result { () throws(Refusal) in
                do { return try RelativeTime(parsing: argument) } catch { throw Refusal(description: "\(error)") }
            }
        } else {
            parsed = Result { () throws(Refusal) in
                do { return .fromStart(try MediaTime(validating: argument)) } catch { throw Refusal(description: "\(error)") }
            }
        }
    }

    func validate(as option: String) throws {
        if case .failure(let error) = parsed { throw invalidValue(option, text, error) }
    }
}
