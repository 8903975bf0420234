import Foundation
import InsetCore

/// Where this tmux pane is in the terminal outside, for pictures tmux passes through:
/// they land at the outer terminal's cursor, so `ITermInlineImage` moves it to the pane's
/// origin plus the picture's cell (`tmux display-message`).
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

/// Follows the pane's origin while pictures pass through tmux. A pane moves with another
/// split, a zoom, `swap-pane`, a layout or the window resized; tmux tells a program in the
/// pane nothing when its size stays (a swap of panes alike), so a thread asks once a second
/// (one `tmux display-message`, a few milliseconds), and the UI thread asks at once on a
/// resize, before it redraws. A move wakes the loop, which takes it (`takeMove`) and draws
/// everything again, the pictures at the new place.
final class TmuxPaneWatch: @unchecked Sendable {
    static let interval: TimeInterval = 1
    private let environment: [String: String]
    private let onMove: @Sendable () -> Void
    private let condition = NSCondition()
    /// Guarded by `condition`: the origin last seen, and whether the UI has not taken it yet.
    private var origin: CellPoint
    private var moved = false
    private var stopped = false

    init(environment: [String: String], origin: CellPoint, onMove: @escaping @Sendable () -> Void) {
        self.environment = environment
        self.origin = origin
        self.onMove = onMove
        let thread = Thread { [self] in self.run() }
        thread.name = "inset.tmux-pane"
        thread.qualityOfService = .utility
        thread.start()
    }

    /// Any thread: asks tmux now; true when the pane has moved since last seen.
    @discardableResult
    func look() -> Bool {
        guard let now = TmuxPane.origin(environment: environment) else { return false }
        return condition.withLock {
            guard now != origin else { return false }
            origin = now
            moved = true
            return true
        }
    }

    /// UI thread: the pane's new origin once after it moved, else nil.
    func takeMove() -> CellPoint? {
        condition.withLock {
            guard moved else { return nil }
            moved = false
            return origin
        }
    }

    func stop() {
        condition.withLock {
            stopped = true
            condition.signal()
        }
    }

    private func run() {
        while true {
            let stop = condition.withLock {
                if !stopped { _ = condition.wait(until: Date(timeIntervalSinceNow: Self.interval)) }
                return stopped
            }
            if stop { return }
            if look() { onMove() }
        }
    }
}
