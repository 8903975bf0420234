import ArgumentParser
import Foundation

/// `--linear` takes an optional value (`--linear` alone means the whole media), which the
/// parser cannot express, so the arguments are rewritten to `--linear=VALUE` first.
enum LinearFlag {
    /// Rewrites each bare `--linear` (see `looksLikeRanges`). `--linear=` with nothing after
    /// the `=` is refused here: the parser would take the next argument (the path) as its value.
    static func normalized(_ arguments: [String]) throws -> [String] {
        var result: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" {
                result.append(contentsOf: arguments[index...])
                break
            }
            index += 1
            if argument == "--linear=" { throw ValidationError("--linear '': no ranges given") }
            guard argument == "--linear" else { result.append(argument); continue }
            if index < arguments.endIndex, looksLikeRanges(arguments[index]) {
                result.append("--linear=" + arguments[index])
                index += 1
            } else {
                result.append("--linear=all")
            }
        }
        return result
    }

    /// Whether the argument after a bare `--linear` is its value: it is `all`,
    /// is written the way ranges are (only digits, `:`, `.`, `,`, `-`, `s`, `m` and blanks,
    /// with a digit), or has a `:` and names no file or URL (`0:00-inf`); otherwise, as
    /// before a path, it means `all`. A value meant as ranges but wrong is thus reported as
    /// a bad `--linear`, not opened as a file. A file whose name is written like ranges goes
    /// after `--`, or as `./NAME`.
    static func looksLikeRanges(_ text: String) -> Bool {
        if text.lowercased() == "all" { return true }
        let allowed = Set("0123456789:.,-sm \t")
        if text.contains(where: \.isNumber) && text.allSatisfy({ allowed.contains($0) }) { return true }
        return text.contains(":") && !text.contains("://") && !FileManager.default.fileExists(atPath: text)
    }
}
