import Foundation
import InsetCore

/// What the skip buttons of the bar and the window say for their step (issue 48 item 7):
/// "15", "10", "2.5", "5m". The buttons are five cells wide with their arrow and a space,
/// so the number takes at most three: whole minutes from 100 s on, and from 1000 s the
/// nearest minute.
enum SkipLabel {
    static func text(_ step: MediaTime) -> String {
        let seconds = abs(step.seconds)
        if seconds >= 1000 || (seconds >= 100 && seconds.truncatingRemainder(dividingBy: 60) == 0) {
            return "\(Int((seconds / 60).rounded()))m"
        }
        if seconds < 10, seconds != seconds.rounded() { return String(format: "%.1f", seconds) }
        return "\(Int(seconds.rounded()))"
    }
}
