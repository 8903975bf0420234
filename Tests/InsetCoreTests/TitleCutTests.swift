import InsetCore
import Testing

/// Issue 42 item 15: titles from tags and pages cut to a sane length, on a character
/// boundary, bounded in bytes too; and issue 42 item 7's checked construction of times.
@Suite("Titles cut to a length, times from outside held in range (issue 42 items 15 and 7)")
struct TitleCutTests {
    @Test("a short title is kept whole, a 4 MB one cut to 256 characters and an ellipsis")
    func lengths() {
        #expect(TitleCut.bounded("Big Buck Bunny") == "Big Buck Bunny")
        let exact = String(repeating: "é", count: TitleCut.characters)
        #expect(TitleCut.bounded(exact) == exact, "256 characters of two bytes are within both bounds")
        let huge = String(repeating: "T", count: 4_000_000)
        let cut = TitleCut.bounded(huge)
        #expect(cut == String(repeating: "T", count: TitleCut.characters) + "…")
    }

    @Test("the byte bound holds for wide characters, and no emoji sequence or combining mark is split")
    func boundaries() {
        // A family emoji is 25 bytes, one character: 40 of them fill 1000 bytes, the 41st
        // would pass 1024 and is left out whole.
        let family = "👨‍👩‍👧‍👦"
        let cut = TitleCut.bounded(String(repeating: family, count: 100))
        #expect(cut == String(repeating: family, count: 40) + "…")
        // One character of a letter and 2 million combining marks: no whole character fits.
        let zalgo = "a" + String(repeating: "\u{0301}", count: 2_000_000)
        #expect(TitleCut.bounded(zalgo) == "…")
        let mixed = String(repeating: "x", count: 300) + "é"
        #expect(TitleCut.bounded(mixed).utf8.count <= TitleCut.bytes + TitleCut.ellipsis.utf8.count)
    }

    @Test("a tag read through MediaTags is cut; the others are whole")
    func tags() {
        let tags = MediaTags { key in key == "title" ? String(repeating: "t", count: 1_000_000) : key == "artist" ? "A" : nil }
        #expect(tags?.title?.count == TitleCut.characters + 1)
        #expect(tags?.artist == "A")
    }

    @Test("microseconds from outside are held within ±longest, so a sum of two cannot overflow")
    func clampedTimes() {
        #expect(MediaTime(clampingMicroseconds: .max) == .longest)
        #expect(MediaTime(clampingMicroseconds: .min) == -MediaTime.longest)
        #expect(MediaTime(clampingMicroseconds: 1_500_000) == .seconds(1.5))
        // The sum that trapped for MPRIS's Seek(Int64.max): a position plus the offset.
        let position = MediaTime.seconds(30)
        #expect(position + MediaTime(clampingMicroseconds: .max) > position)
    }
}
