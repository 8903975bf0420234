import InsetCore
import Testing

@Suite("Media tags: what the bar and the lists call a piece")
struct MediaTagsTests {
    @Test("artist and title, the title alone, nothing without a title")
    func displayTitle() {
        #expect(MediaTags(artist: "A", title: "T").displayTitle == "A – T")
        #expect(MediaTags(title: "T").displayTitle == "T")
        #expect(MediaTags(artist: "A").displayTitle == nil)
    }

    @Test("the album line, the track's number and the year from what was tagged")
    func albumTrackYear() {
        let tags = MediaTags(album: "Sines", track: "3/12", date: "2024-05-01")
        #expect(tags.trackNumber == 3)
        #expect(tags.year == 2024)
        #expect(tags.albumLine == "Sines (2024)")
        #expect(MediaTags(album: "Sines").albumLine == "Sines")
        #expect(MediaTags(date: "1999").albumLine == "1999")
        #expect(MediaTags(date: "sometime").year == nil)
    }

    @Test("read from a dictionary: blank tags are none, album_artist stands in for the artist, no tags is nil")
    func fromDictionary() {
        let tags = MediaTags { ["title": "  T ", "album_artist": "B", "artist": " "][$0] }
        #expect(tags == MediaTags(artist: "B", title: "T"))
        #expect(MediaTags { _ in nil } == nil)
        #expect(MediaTags { ["encoder": "Lavf"][$0] } == nil)
    }
}
