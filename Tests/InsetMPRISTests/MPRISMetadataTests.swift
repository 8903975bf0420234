import InsetCore
import InsetMPRIS
import Testing

/// MPRIS's metadata of a tagged music file: xesam's artist (a list), album, title and date
/// from the tags; a file without tags keeps its name as the title and nothing more.
@Suite("MPRIS metadata from tags")
struct MPRISMetadataTests {
    @Test("xesam:artist, xesam:album and xesam:title come from the tags when there are some")
    func tagged() {
        var state = MPRISMappingTests.playing()
        state.tags = MediaTags(artist: "Inset Test Tones", title: "A Above Middle C", album: "Sines", date: "2024")
        let metadata = MPRISProperties.metadata(state)
        #expect(metadata["xesam:title"]?.unwrapped == .string("A Above Middle C"))
        #expect(metadata["xesam:artist"]?.unwrapped == .strings(["Inset Test Tones"]))
        #expect(metadata["xesam:album"]?.unwrapped == .string("Sines"))
        #expect(metadata["xesam:contentCreated"]?.unwrapped == .string("2024"))
        let plain = MPRISProperties.metadata(MPRISMappingTests.playing())
        #expect(plain["xesam:title"]?.unwrapped == .string("clock.mp4"))
        #expect(plain["xesam:artist"] == nil && plain["xesam:album"] == nil)
    }
}
