import InsetControl
import InsetCore
import InsetScripts

/// mpv's `osd-overlay` command for the scripts (`ScriptOverlayLines`): an overlay's text
/// on the bar until the script removes it, hides it, or ends.
extension ScriptDesk {
    /// `["osd-overlay", ID, FORMAT, DATA, RES_X, RES_Y, Z, HIDDEN]`, as the prelude sends it.
    func overlay(_ words: [String?], from script: ScriptIdentity, _ director: Director, at now: HostTime) -> JSONValue {
        guard words.count == 8, let id = words[1].flatMap({ Int($0) }), let format = words[2], let data = words[3],
              ["ass-events", "none"].contains(format) else {
            return MpvIPC.reply(id: nil, data: nil, error: MpvIPC.Failure.invalidParameter.rawValue)
        }
        overlayLines.set(.init(script: script.name, id: id), format: format, data: data,
                         z: words[6].flatMap { Int($0) } ?? 0, hidden: words[7] == "yes")
        showOverlays(director, at: now)
        return MpvIPC.reply(id: nil, data: .object([:]), error: nil)
    }

    /// The overlays' line on the bar, again once a message has had its time; gone from the
    /// bar when the last overlay went.
    func showOverlays(_ director: Director, at now: HostTime) {
        let line = overlayLines.line
        let ours = shownOverlayLine.map { PrintableText.escaped($0) }
        let onBar = director.overlays.message?.text
        if let line {
            guard line != shownOverlayLine || onBar == nil else { return }
            // Up until removed: a day is longer than any overlay is meant to stay.
            director.show(message: line, for: .seconds(86_400), at: now)
            shownOverlayLine = line
        } else if shownOverlayLine != nil {
            if onBar != nil, onBar == ours { director.overlays.message?.until = now }
            shownOverlayLine = nil
        }
    }
}
