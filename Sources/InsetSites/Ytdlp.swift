import Foundation
import InsetCore

/// yt-dlp as the player runs it, as mpv's ytdl hook does: `-J` (one JSON for the page),
/// `--flat-playlist` (a list names its entries; each is resolved when played),
/// `--no-playlist` unless the user wants the list a video is in (`--ytdl-playlist`), the
/// user's `--ytdl-format` and `--ytdl-raw-options`, and the page last, after `--`.
public struct Ytdlp: Sendable, Equatable {
    /// The program (`--ytdl-path`); found on PATH when it has no slash.
    public var executable = "yt-dlp"
    /// yt-dlp's format syntax (`--ytdl-format`): replaces the player's own choice.
    public var format: String?
    /// mpv's `--ytdl-raw-options`: `key=value` pairs joined by commas, as mpv reads them
    /// (`YtdlpRawOptions`), each passed as `--key value`.
    public var rawOptions: String?
    /// Whether `rawOptions` came from the command line: only then may they run a program or
    /// write files (`YtdlpRawOptions.denied`).
    public var rawOptionsFromCommandLine = false
    /// Whether a video URL that is also in a list plays the list (`--ytdl-playlist`).
    public var wantsPlaylist = false
    /// The folder yt-dlp runs in; nil: Inset's own (`YtdlpFolder`), never the player's.
    public var workingDirectory: String?
    /// Subtitle languages for yt-dlp to pick (`--sub-lang`), its `--sub-langs` syntax.
    public var subtitleLanguages: String?

    public init() {}

    /// How long yt-dlp may take: a page of a real site takes a few seconds, one that needs
    /// its JavaScript challenge solved up to twenty; past this it is stopped.
    public static let deadline: Duration = .seconds(45)
    /// What yt-dlp may print: a video's JSON is a few hundred kB, a long list's some MB;
    /// anything larger is refused rather than kept.
    public static let maximumOutput = 64 << 20

    public func arguments(for address: SiteAddress) -> [String] {
        var arguments = [executable, "--no-warnings", "-J", "--flat-playlist", "--sub-format", "ass/srt/vtt/best"]
        if !wantsPlaylist { arguments.append("--no-playlist") }
        if let format, !format.isEmpty { arguments += ["--format", format] }
        if let subtitleLanguages, !subtitleLanguages.isEmpty { arguments += ["--sub-langs", subtitleLanguages] }
        arguments += rawArguments.arguments
        arguments += ["--", address.query]
        return arguments
    }

    /// `a=1,b,c=[x,y]` → `--a 1 --b --c x,y`, as mpv reads `--ytdl-raw-options`; what is
    /// refused, one line each (a malformed list is refused whole).
    public var rawArguments: (arguments: [String], refused: [String]) {
        guard let rawOptions else { return ([], []) }
        do {
            return YtdlpRawOptions.arguments(for: try YtdlpRawOptions.parse(rawOptions), trusted: rawOptionsFromCommandLine)
        } catch {
            return ([], [error.description])
        }
    }

    /// The lines saying which of `--ytdl-raw-options` yt-dlp is not given, and why.
    public var refusedRawOptions: [String] {
        rawArguments.refused.map { $0.hasPrefix("--ytdl-raw-options") ? $0
            : "--ytdl-raw-options from the config file: \($0) refused; give it on the command line" }
    }

    /// Why resolving gave nothing to play, in the line a user sees.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The program is not there.
        case missing(String)
        /// yt-dlp's own error (unsupported URL, private video, HTTP 403…), one line.
        case refused(String)
        case timedOut
        case outputTooLarge
        /// The user gave up (`q`) while it ran.
        case stopped
        case unreadable(String)

        public var description: String {
            switch self {
            case .missing(let program):
                return "\(program) is not installed, and page URLs are resolved by it: install it (apt install yt-dlp, "
                    + "brew install yt-dlp, or pipx install yt-dlp for a current one) or name it with --ytdl-path"
            case .refused(let message): return "yt-dlp: \(message)"
            case .timedOut: return "yt-dlp did not answer within \(Int(Ytdlp.deadline.components.seconds)) s"
            case .outputTooLarge: return "yt-dlp's answer is larger than \(Ytdlp.maximumOutput >> 20) MiB; refused"
            case .stopped: return "stopped while yt-dlp was resolving the page"
            case .unreadable(let why): return why
            }
        }
    }

    /// Runs yt-dlp on `address` and reads its answer. Blocking: run it off the UI thread.
    /// `shouldStop` is asked every few milliseconds; when it says so, yt-dlp is killed and
    /// `.stopped` thrown at once.
    public func resolve(_ address: SiteAddress, shouldStop: @escaping () -> Bool = { false }) throws -> SiteResolution {
        try resolveSayingDropped(address, shouldStop: shouldStop).resolution
    }

    /// `resolve`, with what reading the answer left out (`SiteJSON.Dropped`).
    public func resolveSayingDropped(_ address: SiteAddress, shouldStop: @escaping () -> Bool = { false }) throws
        -> (resolution: SiteResolution, dropped: SiteJSON.Dropped) {
        let folder = try workingDirectory ?? YtdlpFolder.prepare()
        let run = try ChildProcess.run(arguments(for: address), in: folder, deadline: Self.deadline,
                                       maximumOutput: Self.maximumOutput, shouldStop: shouldStop)
        switch run.ending {
        case .stopped: throw Failure.stopped
        case .timedOut: throw Failure.timedOut
        case .outputTooLarge: throw Failure.outputTooLarge
        case .exited(let status):
            if status != 0 || run.output.isEmpty {
                throw Failure.refused(Self.errorLine(run.errors) ?? "exited with status \(status) and said nothing")
            }
        }
        do {
            var dropped = SiteJSON.Dropped()
            let resolution = try SiteJSON.read(run.output, dropped: &dropped)
            Self.giveBackParsedMemory()
            return (resolution, dropped)
        } catch let failure as SiteJSON.Failure {
            throw Failure.unreadable(failure.description)
        }
    }

    /// yt-dlp's last `ERROR:` line, without the prefix, its colours and control bytes, cut
    /// to a line's length; else its last line.
    static func errorLine(_ errors: Data) -> String? {
        let text = String(decoding: errors, as: UTF8.self)
        let lines = text.split(whereSeparator: \.isNewline).map { stripEscapes(String($0)) }.filter { !$0.isEmpty }
        guard var line = lines.last(where: { $0.hasPrefix("ERROR:") }) ?? lines.last else { return nil }
        if line.hasPrefix("ERROR:") { line = String(line.dropFirst("ERROR:".count)).trimmingCharacters(in: .whitespaces) }
        let printable = PrintableText.escaped(line)
        return printable.count > 300 ? String(printable.prefix(299)) + "…" : printable
    }

    /// Removes ANSI colour sequences (`ESC [ … letter`), which yt-dlp prints on a terminal.
    static func stripEscapes(_ line: String) -> String {
        var out = ""
        var scalars = line.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "\u{1B}" {
                guard let next = scalars.next(), next == "[" else { continue }
                while let c = scalars.next(), !(("@"..."~").contains(c)) {}
                continue
            }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// Reading a long answer builds an object for every value in it (a 47 MB list of
    /// 500,000 entries peaked at 1.6 GB), all freed once read; glibc keeps freed memory
    /// for the process unless asked, and the player would hold it while it plays.
    /// glibc's `malloc_trim`, which Swift does not import (malloc.h); looked up once.
    static func giveBackParsedMemory() { _ = mallocTrim?(0) }

    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()
}
