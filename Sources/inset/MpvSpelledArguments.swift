import ArgumentParser
import Foundation
import InsetApp
import InsetCore
import InsetMedia

/// Options Inset spells as mpv does, for the launchers written for mpv (docs/mpv.md):
/// the name shown, the HTTP headers, where a file ends, and the sound alone.
/// `MpvCommandLine` rewrites the rest of mpv's spellings to Inset's before the parser.
struct MpvSpelledArguments: ParsableArguments {
    @Option(name: .customLong("title"), help: ArgumentHelp("Show every video by this name on the bar instead of its "
                                                           + "file's or page's (mpv's --force-media-title).", valueName: "title"))
    var title: String?

    @Option(name: .customLong("user-agent"), help: ArgumentHelp("The User-Agent header of every http(s) request.", valueName: "agent"))
    var userAgent: String?

    @Option(name: .customLong("referrer"), help: ArgumentHelp("The Referer header of every http(s) request.", valueName: "url"))
    var referrer: String?

    @Option(name: .customLong("http-header-fields"),
            help: ArgumentHelp("More headers for every http(s) request, as mpv takes them: 'Name: value' pairs joined by commas.",
                               valueName: "fields"))
    var headerFields: String?

    @Option(name: .customLong("end"), parsing: .unconditional,
            help: ArgumentHelp("End each file at this time (90, 1:30; -T back from its end, N% of it, #C a chapter), "
                               + "as at its end: the next plays, or the player quits.", valueName: "time"))
    var end: PositionArgument?

    @Option(name: .customLong("loop-file"), parsing: .unconditional,
            help: ArgumentHelp("Play each file again this many times, then go on (mpv's --loop-file=N; --loop plays it for ever).",
                               valueName: "n"))
    var loopFile: WholeNumberArgument?

    @Flag(name: .customLong("no-video"), help: "Play the sound alone: the bar shows its time and progress, no picture is decoded.")
    var noVideo = false

    /// Its options that no row of the settings table names (the rest: `SettingsTable.insetOptionsWithValue`).
    static let optionsWithValue: Set<String> = ["--loop-file"]
    static let unconditionalOptions: Set<String> = ["--loop-file"]

    func validate() throws {
        try end?.validate(as: "--end")
        try loopFile?.validate(as: "--loop-file", in: 1...1_000_000)
        if let headerFields, headers(from: headerFields) == nil {
            throw invalidValue("--http-header-fields", headerFields, "expected 'Name: value' pairs joined by commas")
        }
        for (option, value) in [("--user-agent", userAgent), ("--referrer", referrer), ("--title", title)] {
            if let value, value.contains(where: \.isNewline) { throw invalidValue(option, value, "has a line break") }
        }
    }

    /// Sets the options on the player's, and the headers every http(s) request sends.
    func apply(to options: inout AppOptions) {
        options.mediaTitle = title
        options.end = end?.position
        options.noVideo = noVideo
        if let times = loopFile?.value {
            options.loop = true
            options.loopCount = times
        }
        var fields = headerFields.flatMap(headers(from:)) ?? [:]
        if let userAgent { fields["User-Agent"] = userAgent }
        if let referrer { fields["Referer"] = referrer }
        if !fields.isEmpty { options.allowance = options.allowance.withCommonHeaders(fields) }
    }

    /// `A: x,B: y` as mpv's list of strings: nil for a pair with no colon, a name with
    /// space, or a line break.
    private func headers(from text: String) -> [String: String]? {
        var fields: [String: String] = [:]
        for pair in text.split(separator: ",") where !pair.allSatisfy(\.isWhitespace) {
            guard let colon = pair.firstIndex(of: ":") else { return nil }
            let name = pair[..<colon].trimmingCharacters(in: .whitespaces)
            let value = pair[pair.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, !name.contains(where: { $0.isWhitespace || $0.isNewline }), !value.contains(where: \.isNewline)
            else { return nil }
            fields[name] = value
        }
        return fields
    }
}
