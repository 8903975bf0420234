import Foundation
import InsetCore

/// Where this tmux pane is in the terminal outside, for pictures tmux passes through:
/// they land at the outer terminal's cursor, so `ITermInlineImage` moves it to the pane's
/// origin plus the picture's cell. Asked once, at start (`tmux display-message`); a pane
/// moved later by a split or a resize of another pane is not followed.
enum TmuxPane {
    /// The pane's top-left cell on the terminal outside, or nil when tmux does not say.
    static func origin(environment: [String: String]) -> CellPoint? {
        guard !(environment["TMUX"] ?? "").isEmpty else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = ["tmux", "display-message", "-p"]
        if let pane = environment["TMUX_PANE"], !pane.isEmpty { arguments += ["-t", pane] }
        process.arguments = arguments + ["#{pane_left} #{pane_top}"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return parse(String(decoding: data, as: UTF8.self))
    }

    /// "LEFT TOP" as tmux prints it.
    static func parse(_ text: String) -> CellPoint? {
        let numbers = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard numbers.count == 2, numbers.allSatisfy({ $0 >= 0 }) else { return nil }
        return CellPoint(column: numbers[0], row: numbers[1])
    }
}
