import Foundation
import InsetCore

/// mpv's options that map onto something Inset has (docs/mpv.md, "Mapped"), as the command
/// line gave them (mpv's value syntax, unparsed), and what each does to the player's
/// options. The command line (`MpvMappedArguments`) fills it; `apply` checks every value as
/// mpv would (a value mpv refuses is refused, in one line) and returns the log lines of what
/// was taken differently or left unused.
public struct MpvMappedSettings: Sendable {
    public var vo: String?
    public var kittyRectangle = Rectangle()
    public var sixelRectangle = Rectangle()
    public var kittySharedMemory: String?
    public var tctAlgorithm: String?
    public var pause: String?
    public var messageLevel: String?
    public var scriptOptions: String?
    public var scripts: [String] = []
    /// `--load-scripts=no`: the config folder's scripts are not loaded.
    public var loadScripts = true
    public var streamOptions: String?
    public var subtitleFiles: String?
    public var chaptersFile: String?

    /// `--vo-kitty-left=… --vo-kitty-top=… --vo-kitty-cols=… --vo-kitty-rows=…` (or sixel's).
    public struct Rectangle: Sendable {
        public var left: String?
        public var top: String?
        public var columns: String?
        public var rows: String?
        public init() {}
    }

    public init() {}

    /// What `apply` made of the options beside the player's own: the embed rectangle the
    /// terminal outputs asked for, the FFmpeg input options kept, the log level, and the
    /// lines for the log.
    public struct Outcome: Sendable {
        public var rectangle: EmbedGeometry?
        public var inputOptions: [MpvMappedOptions.Pair] = []
        /// mpv's level for every module (`--msg-level=all=…`), nil when not given.
        public var messageLevel: String?
        public var logLines: [String] = []
    }

    /// Checks every value and sets the options they map to: the graphics mode, the blitter,
    /// kitty's shared memory, starting paused, the script options and scripts (run by
    /// `ScriptDesk`), the subtitle files, the chapters.
    /// `--graphics` and `--blitter` given as Inset's win over `--vo`'s.
    public func apply(to options: inout AppOptions, graphicsGiven: Bool, blitterGiven: Bool) throws(MpvMappedOptions.Refusal) -> Outcome {
        var outcome = Outcome()
        if let vo {
            if let mode = MpvMappedOptions.graphics(vo: vo) {
                if !graphicsGiven { options.graphics = mode }
            } else {
                outcome.logLines.append("ignored mpv's --vo=\(vo): Inset draws with kitty, sixel or cells (tct), chosen by itself")
            }
        }
        if let tctAlgorithm {
            let blitter = try MpvMappedOptions.blitter(tctAlgorithm: tctAlgorithm)
            if !blitterGiven { options.blitter = blitter }
            if tctAlgorithm == "plain" { outcome.logLines.append("--vo-tct-algo=plain drawn as half blocks: Inset has no one-pixel cells") }
        }
        if let kittySharedMemory {
            options.kittySharedMemory = try MpvMappedOptions.yesNo("vo-kitty-use-shm", kittySharedMemory)
        }
        if let pause { options.startsPaused = try MpvMappedOptions.yesNo("pause", pause) }
        outcome.rectangle = try rectangle(of: kittyRectangle, "kitty", &outcome)
        if outcome.rectangle == nil { outcome.rectangle = try rectangle(of: sixelRectangle, "sixel", &outcome) }
        if let messageLevel {
            let levels = try MpvMappedOptions.messageLevel(messageLevel)
            outcome.messageLevel = levels.all
            if !levels.others.isEmpty {
                outcome.logLines.append("--msg-level: \(levels.others.joined(separator: ", ")) left as all: Inset's log has no mpv modules")
            }
        }
        options.scriptOptions = try scriptOptions.map { value throws(MpvMappedOptions.Refusal) in
            try MpvMappedOptions.keyValueList(value, option: "script-opts")
        } ?? []
        options.scripts = scripts
        if !loadScripts { options.loadsConfigFolderScripts = false }
        let streamPairs = try streamOptions.map { value throws(MpvMappedOptions.Refusal) in
            try MpvMappedOptions.keyValueList(value, option: "stream-lavf-o")
        } ?? []
        let (kept, dropped) = MpvMappedOptions.inputOptions(streamPairs)
        outcome.inputOptions = kept
        if !dropped.isEmpty {
            outcome.logLines.append("--stream-lavf-o: \(dropped.joined(separator: ", ")) not passed to FFmpeg: "
                                    + "only options that do not change what may be opened are (docs/mpv.md)")
        }
        if let subtitleFiles {
            var files = MpvMappedOptions.pathList(subtitleFiles)
            if options.subtitleFile == nil, !files.isEmpty { options.subtitleFile = files.removeFirst() }
            options.moreSubtitleFiles = files
        }
        if let chaptersFile {
            switch Self.readChapters(chaptersFile) {
            case .success(let chapters): options.chapters = chapters
            case .failure(let problem):
                // mpv goes on with the file's own chapters, saying why; so does Inset, on the bar.
                options.notices.append("--chapters-file \(chaptersFile): \(problem)")
            }
        }
        return outcome
    }

    /// One output's rectangle, its numbers checked; nil when it has no size (mpv then fits
    /// the picture to the terminal), said in the log when a place was given without one.
    private func rectangle(of given: Rectangle, _ output: String, _ outcome: inout Outcome) throws(MpvMappedOptions.Refusal) -> EmbedGeometry? {
        func number(_ suffix: String, _ value: String?) throws(MpvMappedOptions.Refusal) -> Int? {
            guard let value else { return nil }
            return try MpvMappedOptions.integer("vo-\(output)-\(suffix)", value)
        }
        let left = try number("left", given.left), top = try number("top", given.top)
        let columns = try number("cols", given.columns), rows = try number("rows", given.rows)
        let rectangle = MpvMappedOptions.rectangle(left: left, top: top, columns: columns, rows: rows)
        if rectangle == nil, left != nil || top != nil || columns != nil || rows != nil {
            outcome.logLines.append("--vo-\(output)-*: no rectangle without both --vo-\(output)-cols and --vo-\(output)-rows; "
                                    + "the whole terminal is used")
        }
        return rectangle
    }

    /// The chapters of an FFmpeg metadata file, read to `FFMetadataChapters.maximumBytes`
    /// at most (one byte more tells a larger file), as every input is bounded.
    static func readChapters(_ path: String) -> Result<[Chapter], FFMetadataChapters.Problem> {
        guard let handle = FileHandle(forReadingAtPath: path) else { return .failure(.init("cannot be read")) }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: FFMetadataChapters.maximumBytes + 1) ?? Data()
        } catch {
            return .failure(.init("cannot be read (\(error.localizedDescription))"))
        }
        do {
            return .success(try FFMetadataChapters.chapters(from: Array(data)))
        } catch {
            return .failure(error)
        }
    }
}
