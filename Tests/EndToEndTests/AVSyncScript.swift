import Foundation
import Testing

/// scripts/av-sync run on the player under test, and the checks every use of it makes: the
/// player exits cleanly, at least five markers pair up (one a phase), every phase of the script has one,
/// and each flash is within ±45 ms of its tone.
enum AVSyncScript {
    /// Runs it with `arguments` (`--pipe`, `--speed 2`) and checks the result; returns the
    /// offsets in milliseconds, or nil (recorded as an issue) when it printed no result.
    @discardableResult
    static func check(_ arguments: [String], phases expected: Set<String> = ["start", "after pause", "after skip", "in PiP", "after PiP"],
                      minimumPairs: Int = 5) throws -> [Double]? {
        let script = repositoryRoot.appendingPathComponent("scripts/av-sync").path
        let output = try runCommand(["INSET_BIN=\(try insetBinary())", "python3", script, "--json"] + arguments)
        guard let data = output.split(separator: "\n").last.map({ Data($0.utf8) }),
              let result = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            Issue.record("av-sync printed no result: \(output)")
            return nil
        }
        let pairs = result["pairs"] as? [[String: Any]] ?? []
        let phases = Set(pairs.compactMap { $0["phase"] as? String })
        #expect(result["exit"] as? Int == 0, "player exit: \(result)")
        #expect(pairs.count >= minimumPairs, "markers paired: \(pairs)")
        #expect(phases.isSuperset(of: expected), "\(phases)")
        for pair in pairs {
            #expect(abs(pair["offset_ms"] as? Double ?? .infinity) <= 45, "\(pair)")
        }
        #expect(result["ok"] as? Bool == true, "\(result)")
        return pairs.compactMap { $0["offset_ms"] as? Double }
    }

    /// The offsets of a short play (three markers, then q) with `--audio-delay delay`, in
    /// milliseconds; each within ±45 ms of -delay (the script's own check).
    static func offsets(audioDelay delay: Double) throws -> [Double] {
        let script = repositoryRoot.appendingPathComponent("scripts/av-sync").path
        let output = try runCommand(["INSET_BIN=\(try insetBinary())", "python3", script, "--json", "--audio-delay", "\(delay)"])
        guard let data = output.split(separator: "\n").last.map({ Data($0.utf8) }),
              let result = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            Issue.record("av-sync printed no result: \(output)")
            return []
        }
        let offsets = (result["pairs"] as? [[String: Any]] ?? []).compactMap { $0["offset_ms"] as? Double }
        #expect(result["exit"] as? Int == 0 && offsets.count >= 3 && result["ok"] as? Bool == true, "\(result)")
        return offsets
    }
}
