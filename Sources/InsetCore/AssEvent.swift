/// One ASS event line as libavcodec gives it for every text codec (ASS/SSA as stored in
/// Matroska; SRT, WebVTT, mov_text converted): "ReadOrder,Layer,Style,Name,MarginL,
/// MarginR,MarginV,Effect,Text", without the times, which the packet carries.
public enum AssEvent {
    /// The line without its ReadOrder. libavcodec counts ReadOrder afresh after a seek
    /// for converted codecs, so the same event read again would look new; what is kept
    /// (`SubtitleCue.assEvents`) is the rest, and the renderer numbers events itself.
    public static func withoutReadOrder(_ line: String) -> String {
        guard let comma = line.firstIndex(of: ","),
              line[..<comma].allSatisfy({ $0.isASCII && $0.isNumber }) else { return line }
        return String(line[line.index(after: comma)...])
    }
}
