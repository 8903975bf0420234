import Testing
@testable import InsetCore

@Suite("Playlist cursor: the order, next and previous, the end of a file")
struct PlaylistCursorTests {
    @Test("in the list's order, next goes one on and stops after the last; previous stops at the first")
    func plainOrder() {
        var cursor = PlaylistCursor(count: 3)
        #expect(cursor.order == [0, 1, 2])
        #expect(cursor.current == nil)
        #expect(cursor.next() == 0)
        #expect(cursor.previous() == nil)
        cursor.select(entry: 0)
        #expect(cursor.next() == 1)
        #expect(cursor.previous() == nil)
        cursor.select(entry: 2)
        #expect(cursor.next() == nil)
        #expect(cursor.previous() == 1)
    }

    @Test("at the end of a file the next plays; with --no-advance nothing does")
    func advanceAtEnd() {
        var advancing = PlaylistCursor(count: 3)
        advancing.select(entry: 1)
        #expect(advancing.afterEnd() == 2)
        advancing.select(entry: 2)
        #expect(advancing.afterEnd() == nil)
        var staying = PlaylistCursor(count: 3, rules: .init(advances: false))
        staying.select(entry: 1)
        #expect(staying.afterEnd() == nil)
        // The keys still move by hand.
        #expect(staying.next() == 2)
        #expect(staying.previous() == 0)
    }

    @Test("--loop-playlist: after the last the first, before the first the last, at the end too")
    func loopsRound() {
        var cursor = PlaylistCursor(count: 3, rules: .init(loops: true))
        cursor.select(entry: 2)
        #expect(cursor.next() == 0)
        #expect(cursor.afterEnd() == 0)
        cursor.select(entry: 0)
        #expect(cursor.previous() == 2)
    }

    @Test("a list of one goes nowhere; looping, it plays again (as mpv's --loop-playlist does)")
    func listOfOne() {
        var cursor = PlaylistCursor(count: 1)
        cursor.select(entry: 0)
        #expect(cursor.next() == nil)
        #expect(cursor.previous() == nil)
        #expect(cursor.afterEnd() == nil)
        #expect(cursor.label == nil)
        var looping = PlaylistCursor(count: 1, rules: .init(loops: true))
        looping.select(entry: 0)
        #expect(looping.next() == 0)
        #expect(looping.afterEnd() == 0)
        #expect(PlaylistCursor(count: 1, rules: .init(advances: false, loops: true)).afterEnd() == nil)
        #expect(PlaylistCursor(count: 0).next() == nil)
    }

    @Test("entries that cannot be played are passed over, and with none left there is no next")
    func passesOverUnplayable() {
        var cursor = PlaylistCursor(count: 5, rules: .init(loops: true))
        cursor.select(entry: 1)
        let playable: (Int) -> Bool = { $0 != 2 && $0 != 3 }
        #expect(cursor.next(where: playable) == 4)
        #expect(cursor.first(where: { $0 > 0 }) == 1)
        cursor.select(entry: 4)
        #expect(cursor.next(where: playable) == 0)
        #expect(cursor.previous(where: playable) == 1)
        // Looping with only the current one playable: it plays again.
        #expect(cursor.next(where: { $0 == 4 }) == 4)
        #expect(cursor.next(where: { _ in false }) == nil)
        var plain = PlaylistCursor(count: 5)
        plain.select(entry: 3)
        #expect(plain.next(where: { $0 != 4 }) == nil)
    }

    @Test("the bar's label is the place in the order, for lists of two or more")
    func label() {
        var cursor = PlaylistCursor(count: 3)
        #expect(cursor.label == nil)
        cursor.select(entry: 1)
        #expect(cursor.label == "2/3")
        #expect(cursor.label(for: 2) == "3/3")
        #expect(cursor.label(for: 7) == nil)
    }

    @Test("--shuffle: each entry once, the order fixed by the seed, and the cursor follows it")
    func shuffled() {
        let order = PlaylistShuffle.order(count: 10, seed: 42)
        #expect(order.sorted() == Array(0..<10))
        #expect(order != Array(0..<10))
        #expect(PlaylistShuffle.order(count: 10, seed: 42) == order)
        #expect(PlaylistShuffle.order(count: 10, seed: 43) != order)
        var cursor = PlaylistCursor(count: 10, rules: .init(shuffleSeed: 42))
        #expect(cursor.order == order)
        #expect(cursor.first() == order[0])
        cursor.select(entry: order[0])
        #expect(cursor.next() == order[1])
        #expect(cursor.label == "1/10")
        cursor.select(entry: order[9])
        #expect(cursor.afterEnd() == nil)
        #expect(cursor.previous() == order[8])
        var looping = PlaylistCursor(count: 10, rules: .init(loops: true, shuffleSeed: 42))
        looping.select(entry: order[9])
        #expect(looping.afterEnd() == order[0])
    }

    @Test("a shuffle of 0, 1 or 2 entries is still each entry once", arguments: [0, 1, 2])
    func smallShuffles(_ count: Int) {
        for seed in UInt64(0)..<20 {
            #expect(PlaylistShuffle.order(count: count, seed: seed).sorted() == Array(0..<count))
        }
    }

    @Test("an entry chosen by hand is the current one, and the order goes on from it")
    func chosenByHand() {
        var cursor = PlaylistCursor(count: 4)
        cursor.select(entry: 2)
        #expect(cursor.current == 2)
        #expect(cursor.afterEnd() == 3)
        cursor.select(entry: 9)
        #expect(cursor.current == nil)
    }
}
