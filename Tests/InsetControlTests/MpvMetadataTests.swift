import InsetCore
import Testing
@testable import InsetControl

/// mpv's `metadata` and `media-title` from a music file's tags, as mpv gives them: the
/// title tag names the file unless a title is forced or a page gave one.
@Suite("mpv metadata from tags")
struct MpvMetadataTests {
    static func state(tags: MediaTags?, title: String? = nil) -> MpvState {
        var state = MpvState()
        state.idle = false
        state.path = "/music/track03.mp3"
        state.title = title
        state.tags = tags
        return state
    }

    static let tags = MediaTags(artist: "Inset Test Tones", title: "A Above Middle C", album: "Sines", track: "3", date: "2024")

    @Test("metadata holds the tags read; media-title is the title tag, a forced title first, else the file's name")
    func metadata() throws {
        let value = try MpvIPC.value(of: "metadata", in: Self.state(tags: Self.tags)).get()
        #expect(value == .object(["artist": .string("Inset Test Tones"), "title": .string("A Above Middle C"),
                                  "album": .string("Sines"), "track": .string("3"), "date": .string("2024")]))
        #expect(try MpvIPC.value(of: "media-title", in: Self.state(tags: Self.tags)).get() == .string("A Above Middle C"))
        #expect(try MpvIPC.value(of: "media-title", in: Self.state(tags: Self.tags, title: "Forced")).get() == .string("Forced"))
        #expect(try MpvIPC.value(of: "media-title", in: Self.state(tags: nil)).get() == .string("track03.mp3"))
        #expect(try MpvIPC.value(of: "metadata", in: Self.state(tags: nil)).get() == .object([:]))
        #expect(MpvIPC.value(of: "metadata", in: MpvState()) == .failure(.propertyUnavailable), "nothing plays")
    }
}
