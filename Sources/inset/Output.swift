import Foundation
import InsetCore

/// Every line the command line writes to standard output and standard error goes through
/// here, and through `PrintableText` on its way: what it reports holds text from outside
/// (file names, tags, FFmpeg's words, a terminal's answers), and none of it may reach the
/// terminal as a control sequence.
enum Output {
    /// `inset: MESSAGE` on one line of standard error.
    static func error(_ message: String) {
        write("inset: " + PrintableText.escaped(message) + "\n", to: .standardError)
    }

    /// Lines of text (a report, a table), each made printable; the line breaks are kept.
    static func lines(_ text: String, to handle: FileHandle = .standardOutput) {
        let safe = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { PrintableText.escaped(String($0)) }
            .joined(separator: "\n")
        write(safe, to: handle)
    }

    /// JSON as `JSONEncoder` wrote it, with what it leaves raw escaped (`PrintableText.safeJSON`).
    static func json(_ text: String) {
        write(PrintableText.safeJSON(text), to: .standardOutput)
    }

    /// Written at once, with no stdio buffer to flush before exit.
    private static func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }
}
