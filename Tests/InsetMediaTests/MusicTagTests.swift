import Foundation
import InsetCore
@testable import InsetMedia
import Testing

/// A music file's tags as libavformat reads them (ID3, Vorbis comments in Ogg and FLAC),
/// checked against what ffprobe reports for the same file: the container's tags, else the
/// sound stream's (Ogg keeps its comments there).
@Suite("Music tags")
struct MusicTagTests {
    static let tagged = ["tone_440.mp3", "tone_1760.opus", "silence.flac"]

    /// ffprobe's tags of `path`, the format's first, then the first sound stream's for keys
    /// the format does not have; keys lowercased.
    static func probedTags(_ path: String) throws -> [String: String] {
        var tags: [String: String] = [:]
        for section in ["format_tags", "stream_tags"] {
            let select = section == "stream_tags" ? ["-select_streams", "a:0"] : []
            let out = try run(["ffprobe", "-v", "error"] + select + ["-show_entries", section, "-of", "default=noprint_wrappers=1", path])
            for line in out.split(whereSeparator: \.isNewline) {
                guard line.hasPrefix("TAG:"), let equals = line.firstIndex(of: "=") else { continue }
                let key = line[line.index(line.startIndex, offsetBy: 4)..<equals].lowercased()
                if tags[key] == nil { tags[key] = String(line[line.index(after: equals)...]) }
            }
        }
        return tags
    }

    @Test("artist, title, album, track and date are ffprobe's", arguments: tagged)
    func agreeWithFFprobe(_ name: String) throws {
        let path = sample(name)
        let probed = try Self.probedTags(path)
        let tags = try #require(try MediaSource(path: path).info.tags, "\(name): no tags read")
        #expect(probed["artist"] != nil && probed["title"] != nil, "\(name): ffprobe sees no tags")
        #expect(tags.artist == probed["artist"])
        #expect(tags.title == probed["title"])
        #expect(tags.album == probed["album"])
        #expect(tags.track == probed["track"])
        #expect(tags.date == probed["date"])
    }

    @Test("what the samples' tags say, written out")
    func samplesSay() throws {
        let tags = try #require(try MediaSource(path: sample("tone_440.mp3")).info.tags)
        #expect(tags.displayTitle == "Inset Test Tones – A Above Middle C")
        #expect(tags.albumLine == "Sines (2024)")
        #expect(tags.trackNumber == 3)
        #expect(try MediaSource(path: sample("tone_1760.opus")).info.tags?.title == "Two Octaves Up")
    }

    @Test("a video with no music tags has none")
    func videoHasNone() throws {
        #expect(try MediaSource(path: sample("clock_4x3.mp4")).info.tags == nil)
    }
}
