import Testing
@testable import InsetCore

@Suite("Chapters: where next and previous go")
struct ChapterListTests {
    /// Three chapters, given out of order as a container may list them.
    let list = ChapterList([
        Chapter(start: .seconds(4), end: .seconds(8), title: "Middle"),
        Chapter(start: .zero, end: .seconds(4), title: "Opening"),
        Chapter(start: .seconds(8), end: .seconds(12), title: nil),
    ])

    @Test("they are kept in the order they start")
    func sorted() {
        #expect(list.chapters.map(\.start) == [.zero, .seconds(4), .seconds(8)])
    }

    @Test("next: the first chapter starting after the position, none past the last",
          arguments: [(0.0, 1 as Int?), (3.0, 1), (3.95, 2), (4.0, 2), (7.5, 2), (8.0, nil), (11.0, nil)])
    func next(_ position: Double, _ expected: Int?) {
        #expect(list.next(after: .seconds(position)) == expected)
    }

    @Test("previous: this chapter's start when more than 2 s into it, else the one before",
          arguments: [(9.0, 1 as Int?), (10.5, 2), (8.0, 1), (6.5, 1), (5.0, 0), (4.0, 0), (3.95, 0), (1.0, 0), (2.5, 0)])
    func previous(_ position: Double, _ expected: Int?) {
        #expect(list.previous(before: .seconds(position)) == expected)
    }

    @Test("before the first chapter starts there is no previous one")
    func beforeFirst() {
        let late = ChapterList([Chapter(start: .seconds(5), end: .seconds(9), title: "Late")])
        #expect(late.previous(before: .seconds(1)) == nil)
        #expect(late.next(after: .seconds(1)) == 0)
        #expect(late.index(at: .seconds(1)) == nil)
    }

    @Test("the label numbers the chapter and gives its title when there is one")
    func labels() {
        #expect(list.label(of: 1) == "chapter 2/3: Middle")
        #expect(list.label(of: 2) == "chapter 3/3")
    }
}
