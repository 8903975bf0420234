import Foundation

/// The scripts' OSD overlays (`mp.create_osd_overlay`, `mp.set_osd_ass`, mpv's
/// `osd-overlay` command), as a terminal shows them: each overlay's ASS events made one line
/// of text (styles and drawings dropped), the overlays' lines joined on the bar, highest `z`
/// first, until removed. mpv draws them over the picture with libass; cells have the bar.
struct ScriptOverlayLines {
    struct Key: Hashable {
        var script: String
        var id: Int
    }

    private var overlays: [Key: (z: Int, order: Int, text: String)] = [:]
    private var updates = 0

    /// An overlay updated (`format` `ass-events`) or removed (`none`, or hidden, or empty).
    mutating func set(_ key: Key, format: String, data: String, z: Int, hidden: Bool) {
        let text = format == "ass-events" && !hidden ? Self.text(ofAss: data) : ""
        guard !text.isEmpty else {
            overlays[key] = nil
            return
        }
        updates += 1
        overlays[key] = (z, updates, text)
    }

    /// A script that ended takes its overlays with it.
    mutating func remove(script: String) { overlays = overlays.filter { $0.key.script != script } }

    /// What the bar shows of them, nil when none is up.
    var line: String? {
        let sorted = overlays.values.sorted { $0.z != $1.z ? $0.z > $1.z : $0.order > $1.order }
        return sorted.isEmpty ? nil : sorted.map(\.text).joined(separator: " · ")
    }

    /// ASS events' text on one line: `{…}` override blocks out, a drawing (`{\p1}` up to
    /// `{\p0}`) out, `\N`, `\n`, `\h` and the events' own line breaks as spaces.
    static func text(ofAss data: String) -> String {
        var out = ""
        var drawing = false
        var index = data.startIndex
        while index < data.endIndex {
            let character = data[index]
            if character == "{", let close = data[index...].firstIndex(of: "}") {
                let block = data[data.index(after: index)..<close]
                if let range = block.range(of: #"\\p(\d+)"#, options: .regularExpression) {
                    drawing = Int(block[range].dropFirst(2)) ?? 0 > 0
                }
                index = data.index(after: close)
                continue
            }
            if character == "\\", data.index(after: index) < data.endIndex,
               "Nnh".contains(data[data.index(after: index)]) {
                if !drawing { out.append(" ") }
                index = data.index(index, offsetBy: 2)
                continue
            }
            if !drawing { out.append(character.isNewline ? " " : character) }
            index = data.index(after: index)
        }
        return out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
