import Testing
@testable import InsetApp
@testable import InsetPlayback

@Suite("Window title")
struct WindowTitleTests {
    @Test("set once per change, the user's title saved before the first and given back at the end")
    func setAndRestored() {
        var title = WindowTitle()
        #expect(title.restore == nil)
        #expect(title.update(to: nil) == nil)
        let first = title.update(to: .init(name: "A – T", music: true)).map { String(decoding: $0, as: UTF8.self) }
        #expect(first == "\u{1B}[22;0t\u{1B}]2;♪ A – T — inset\u{07}")
        #expect(title.update(to: .init(name: "A – T", music: true)) == nil)
        let second = title.update(to: .init(name: "clip.mp4", music: false)).map { String(decoding: $0, as: UTF8.self) }
        #expect(second == "\u{1B}]2;clip.mp4 — inset\u{07}")
        #expect(title.restore == Array("\u{1B}[23;0t".utf8))
        // Nothing plays any more (the library): the player's own name.
        #expect(title.update(to: nil) == Array("\u{1B}]2;inset\u{07}".utf8))
        #expect(title.update(to: nil) == nil)
        #expect(WindowTitle.text(name: "A – T", music: true) == "♪ A – T — inset")
    }
}
