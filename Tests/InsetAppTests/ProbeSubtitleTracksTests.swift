import Foundation
import InsetCore
import InsetMedia
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// Issue 48 item 6: probe, `--json` and the details pane list every subtitle track with
/// its index, codec, language and title, as ffprobe shows them, so a user can see which
/// languages `--sub-lang` picks from. Before, none of the three named a subtitle track.
@Suite("Probe: subtitle tracks (issue 48 item 6)")
struct ProbeSubtitleTracksTests {
    @Test("issue 48 item 6: subtitled.mp4's English and French tracks, and the DVD track of dvd_subtitles.mkv, as ffprobe lists them")
    func tracksAsFFprobeListsThem() throws {
        let mp4 = try MediaSource(path: sample("subtitled.mp4")).info
        #expect(mp4.subtitleTracks.map(\.index) == [1, 2])
        #expect(mp4.subtitleTracks.map(\.codec) == ["mov_text", "mov_text"])
        #expect(mp4.subtitleTracks.map(\.language) == ["eng", "fre"])
        #expect(mp4.subtitleTracks.allSatisfy { $0.decodable })
        let mkv = try MediaSource(path: sample("dvd_subtitles.mkv")).info
        #expect(mkv.subtitleTracks.map(\.index) == [1])
        #expect(mkv.subtitleTracks.map(\.codec) == ["dvd_subtitle"])
        #expect(mkv.subtitleTracks.map(\.language) == ["eng"])
    }

    @Test("issue 48 item 6: the text report has a line per track with its index, label, codec and language")
    func textReport() throws {
        let text = ProbeReport.text(try MediaSource(path: sample("subtitled.mp4")).info)
        #expect(text.contains("subtitles     2 (c cycles them; --sub-lang chooses)"))
        #expect(text.contains("  1  #1 English (mov_text): mov_text, eng"))
        #expect(text.contains("  2  #2 French (mov_text): mov_text, fre"))
        let dvd = ProbeReport.text(try MediaSource(path: sample("dvd_subtitles.mkv")).info)
        #expect(dvd.contains("  1  #1 English (dvd): dvd_subtitle, eng"))
    }

    @Test("issue 48 item 6: --json has subtitleTracks with index, codec, language and title")
    func jsonReport() throws {
        let json = try ProbeReport.json(try MediaSource(path: sample("subtitled.mp4")).info)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let tracks = try #require(object["subtitleTracks"] as? [[String: Any]])
        #expect(tracks.map { $0["index"] as? Int } == [1, 2])
        #expect(tracks.map { $0["language"] as? String } == ["eng", "fre"])
        #expect(tracks.map { $0["codec"] as? String } == ["mov_text", "mov_text"])
    }

    @Test("issue 48 item 6: the details pane lists the subtitle tracks")
    func detailsPane() {
        let path = sample("subtitled.mp4")
        let entry = LibraryEntry(path: path, name: "subtitled.mp4", fileSize: 43_200, state: LibraryCatalog.probe(path))
        let facts = FileDetails(entry: entry, index: 0).factLines.map(\.text)
        #expect(facts.contains { $0.hasPrefix("subtitles     2") })
        #expect(facts.contains("  2  #2 French (mov_text): mov_text, fre"))
    }
}
