import Foundation
import InsetCore
import InsetLog

/// The pictures that pass through the multiplexer the player runs in (`Multiplexer`):
/// the mode wanted (asked for, `--vo=kitty` included, or the terminal's best) held to it.
/// A mode asked for is held too: nnn's preview line says `--vo=kitty` in whatever it runs
/// in, and inside GNU screen those escapes come out as text.
extension App {
    static func graphicsPassing(_ wanted: GraphicsMode, environment: [String: String]) -> (GraphicsMode, Multiplexer) {
        let multiplexer = Multiplexer(environment: environment)
        let tmuxSixel = multiplexer == .tmux && wanted == .cells && tmuxDrawsSixel(socket: environment["TMUX"])
        let mode = multiplexer.graphics(wanted, tmuxSixel: tmuxSixel)
        if mode != wanted { Log.info("inside \(multiplexer.rawValue): \(mode.rawValue) pictures, not \(wanted.rawValue)") }
        return (mode, multiplexer)
    }

    /// Asks the tmux server the player runs under (TMUX names its socket) whether it draws
    /// sixel itself: `tmux display -p '#{sixel_support}'`. Asked once, at start, only when
    /// nothing better than cells was found; a missing tmux or an old one is a no.
    static func tmuxDrawsSixel(socket: String?) -> Bool {
        let process = Process()
        var variables = ProcessInfo.processInfo.environment
        variables["TMUX"] = socket
        process.environment = variables
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "display", "-p", "#{sixel_support}"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let draws = process.terminationStatus == 0 && Multiplexer.tmuxDrawsSixel(answer: answer)
        Log.info("tmux sixel_support: \(draws ? "yes" : "no")")
        return draws
    }
}
