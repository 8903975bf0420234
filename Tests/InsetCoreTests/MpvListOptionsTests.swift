import Foundation
@testable import InsetCore
import Testing

/// The installed mpv's own `--list-options`, read afresh (not the checked-in catalogue): every
/// option it names is found by the command line, at mpv's default value it parses, and the
/// defaults refused are only those mpv itself refuses (`refusedDefaults`, each with why).
@Suite struct MpvListOptionsTests {
    static let mpv = "/usr/bin/mpv"

    /// mpv's printed defaults that mpv 0.35.1's own parser refuses, and Inset with it (each
    /// seen by running `mpv --NAME=DEFAULT`; docs/mpv.md, "Refusals"). A byte size is printed
    /// with decimals and a space (`150.000 MiB`) but read as digits and a suffix; the others
    /// are an "unset" value below the option's own range.
    static let refusedDefaults: [String: String] = [
        "ad-queue-max-bytes": "printed 1.000 MiB: must be an integer",
        "audio-reversal-buffer": "printed 64.000 MiB: must be an integer",
        "demuxer-max-back-bytes": "printed 50.000 MiB: must be an integer",
        "demuxer-max-bytes": "printed 150.000 MiB: must be an integer",
        "stream-buffer-size": "printed 128.000 KiB: must be an integer",
        "vd-queue-max-bytes": "printed 512.000 MiB: must be an integer",
        "video-reversal-buffer": "printed 1.000 GiB: must be an integer",
        "cdda-overlap": "-1 (unset), range 0 to 75",
        "cdda-sector-size": "0 (unset), range 1 to 100",
        "cdda-speed": "0 (unset), range 1 to 100",
        "demuxer-lavf-probesize": "0 (unset), range 32 to 2147483647",
        "demuxer-rawvideo-size": "0 (unset), range 1 to 268435456",
        "mc": "-1.000 (unset), range 0 to 100",
        "scale-radius": "0.000 (unset), range 0.5 to 16",
        "cscale-radius": "0.000 (unset), range 0.5 to 16",
        "dscale-radius": "0.000 (unset), range 0.5 to 16",
        "tscale-radius": "0.000 (unset), range 0.5 to 16",
    ]

    /// Aliases mpv lists for options this build of mpv lacks: mpv says "option not found".
    static let danglingAliases: Set = ["noar", "tvscan", "vo-vdpau-output_surfaces", "vo-vdpau-queuetime_fs",
                                       "vo-vdpau-queuetime_windowed"]

    /// `--NAME` and its default (nil: none printed) for each option the installed mpv lists;
    /// nil when there is no mpv to ask.
    static func listed() -> [(name: String, defaultText: String?, line: String)]? {
        guard FileManager.default.isExecutableFile(atPath: mpv) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: mpv)
        process.arguments = ["--no-config", "--list-options"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            guard line.hasPrefix(" --") else { return nil }
            let name = String(line.dropFirst(3).prefix { $0 != " " })
            guard let start = line.range(of: "(default: ") else { return (name, nil, String(line)) }
            var value = String(line[start.upperBound...])
            // The default ends at its closing bracket, before any "[file]"-like flags.
            while value.hasSuffix("]"), let open = value.range(of: " [", options: .backwards) { value = String(value[..<open.lowerBound]) }
            return (name, String(value.dropLast()), String(line))
        }
    }

    @Test func everyOptionParsesAtMpvsDefault() throws {
        guard let options = Self.listed() else {
            print("skipped: no mpv at \(Self.mpv) to list its options (scripts/setup installs Debian's mpv)")
            return
        }
        #expect(options.count > 900, "mpv 0.35 lists 921 options")
        var refused: [String] = []
        for option in options {
            if option.line.contains(" removed") {
                #expect(throws: SettingRefusal.self, "mpv removed --\(option.name)") { try MpvOptionName.resolve(option.name) }
                continue
            }
            let found: MpvOptionName?
            do { found = try MpvOptionName.resolve(option.name) } catch {
                #expect(Self.danglingAliases.contains(option.name), "--\(option.name): \(error)")
                continue
            }
            #expect(found != nil, "--\(option.name) is not found")
            guard let found, let defaultText = option.defaultText else { continue }
            do { _ = try found.value(defaultText) } catch { refused.append(option.name) }
        }
        #expect(Set(refused) == Set(Self.refusedDefaults.keys), "refused at mpv's default: \(refused.sorted())")
    }

    @Test("the launchers' forms: --volume=100.000, --start=none, --start=-10, --start=50%")
    func mpvsOwnSpellingsOfDefaults() throws {
        for (name, text) in [("volume", "100.000"), ("start", "none"), ("start", "-10"), ("start", "50%"), ("start", "+5"),
                             ("loop-file", "inf"), ("sub-file", "a.srt"), ("stream-lavf-o-append", "request_size=10485760"),
                             ("script-opts", "skip-op_start=1,skip-op_end=2"), ("no-ytdl", nil), ("vo", "kitty"),
                             ("vo-kitty-use-shm", "yes"), ("profile", "sw-fast")] {
            let option = try #require(try MpvOptionName.resolve(name), "--\(name)")
            _ = try option.value(text)
        }
    }

    @Test("values mpv refuses are refused, in mpv's words")
    func mpvsRefusals() throws {
        let cases: [(String, String?, String)] = [
            ("volume", "abc", "Error parsing option volume (option parameter could not be parsed): the volume option must be a floating point number or a ratio (numerator[:/]denominator): abc"),
            ("volume", "2000", "Error parsing option volume (parameter is outside values allowed for option): the volume option is out of range: 2000"),
            ("start", "xyz", "Error parsing option start (option parameter could not be parsed): invalid time or position: 'xyz'"),
            ("loop-file", "-3", "Error parsing option loop-file (option parameter could not be parsed): invalid value for option loop-file: -3 (valid: no, inf, yes, 0-10000 (integer range))"),
            ("vo", nil, "Error parsing option vo (option requires parameter)"),
            ("no-pause", "yes", "Error parsing option no-pause (option doesn't take a parameter): a --no-* option can't take parameters"),
            ("script-opts", "a", "Error parsing option script-opts (option parameter could not be parsed): expected '=' and a value"),
        ]
        for (name, text, message) in cases {
            let option = try #require(try MpvOptionName.resolve(name))
            #expect(throws: SettingRefusal.self) { try option.value(text) }
            do { _ = try option.value(text) } catch { #expect(error.description == message) }
        }
        #expect(throws: SettingRefusal("zoom", .notFound, "mpv removed --zoom")) { try MpvOptionName.resolve("zoom") }
        #expect(try MpvOptionName.resolve("nosuch").map(\.given) == nil, "unknown: left to the parser, which names it")
    }

    @Test func theCatalogueIsTheInstalledMpvs() throws {
        guard let options = Self.listed() else {
            print("skipped: no mpv at \(Self.mpv) to list its options (scripts/setup installs Debian's mpv)")
            return
        }
        let missing = options.map(\.name).filter { MpvOptionCatalogue.entry(named: $0) == nil }
        #expect(missing.isEmpty, "not in the catalogue (run scripts/mpv-option-catalogue): \(missing)")
    }
}
