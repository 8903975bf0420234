/// Where a list of files is in its playing: the order the entries play in (the list's own,
/// or shuffled), which one plays now, and which comes next by a key or at the end of a file.
///
/// Entries are the library's indices (0..<count); the cursor never looks at files, so a
/// caller says which entries can be played (`next(where:)`: a file the library found
/// unplayable is passed over). The rules, each tested:
/// - `>` goes to the next in the order; after the last, the first again with
///   `--loop-playlist`, else nowhere. `<` goes back the same way.
/// - At the end of a file the next one plays, unless `--no-advance` (then nothing does).
/// - `--shuffle` plays each entry once, in an order fixed for the run: a pure function of
///   the seed (`PlaylistShuffle`), so a test can know it.
/// - An entry chosen by hand (the library) becomes the current one, and the order goes on
///   from there.
public struct PlaylistCursor: Equatable, Sendable {
    public struct Rules: Equatable, Sendable {
        /// At the end of a file, the next one plays (off with `--no-advance`).
        public var advances: Bool
        /// After the last, the first again (`--loop-playlist`).
        public var loops: Bool
        /// The seed of a shuffled order (`--shuffle`); nil keeps the list's order.
        public var shuffleSeed: UInt64?

        public init(advances: Bool = true, loops: Bool = false, shuffleSeed: UInt64? = nil) {
            self.advances = advances; self.loops = loops; self.shuffleSeed = shuffleSeed
        }
    }

    public let rules: Rules
    /// The entries in the order they play: each of 0..<count exactly once.
    public let order: [Int]
    /// Where in `order` the current entry is; nil before any has played.
    public private(set) var position: Int?

    public init(count: Int, rules: Rules = Rules()) {
        self.rules = rules
        let count = max(0, count)
        order = rules.shuffleSeed.map { PlaylistShuffle.order(count: count, seed: $0) } ?? Array(0..<count)
    }

    public var count: Int { order.count }

    /// The entry playing now (an index of the library), if one has been chosen.
    public var current: Int? { position.map { order[$0] } }

    /// The entry that plays first: the first of the order that can be played.
    public func first(where playable: (Int) -> Bool = { _ in true }) -> Int? {
        order.first(where: playable)
    }

    /// The user chose `entry` (the library, or the first to play): it is the current one.
    public mutating func select(entry: Int) {
        position = order.firstIndex(of: entry)
    }

    /// The entry after the current one that can be played (`>`), going round to the first
    /// with `loops`; nil when there is none. Before any entry, the first.
    public func next(where playable: (Int) -> Bool = { _ in true }) -> Int? {
        step(by: 1, where: playable)
    }

    /// The entry before the current one that can be played (`<`), going round to the last
    /// with `loops`; nil when there is none.
    public func previous(where playable: (Int) -> Bool = { _ in true }) -> Int? {
        step(by: -1, where: playable)
    }

    /// What plays when the current entry ends: the next one, unless advancing is off.
    public func afterEnd(where playable: (Int) -> Bool = { _ in true }) -> Int? {
        rules.advances ? next(where: playable) : nil
    }

    /// "2/3": the current entry's place in the order, for the bar; nil for a list of one
    /// (nothing worth saying) or before any entry.
    public var label: String? { current.flatMap(label(for:)) }

    /// "2/3" for `entry`'s place in the order; nil for a list of one or an unknown entry.
    public func label(for entry: Int) -> String? {
        guard count > 1, let place = order.firstIndex(of: entry) else { return nil }
        return "\(place + 1)/\(count)"
    }

    /// Walks the order from the current entry by `direction`, at most once round, to the
    /// first playable entry. The current one itself is the answer only when the list loops
    /// and nothing else can play (a list of one with `--loop-playlist` plays it again).
    private func step(by direction: Int, where playable: (Int) -> Bool) -> Int? {
        guard count > 0 else { return nil }
        guard let position else { return direction > 0 ? first(where: playable) : nil }
        var index = position
        for _ in 0..<count {
            index += direction
            if index < 0 || index >= count {
                guard rules.loops else { return nil }
                index = (index + count) % count
            }
            if index == position { return rules.loops && playable(order[index]) ? order[index] : nil }
            if playable(order[index]) { return order[index] }
        }
        return nil
    }
}

/// A shuffled order that is a pure function of its seed: SplitMix64 numbers drive a
/// Fisher–Yates shuffle. The player takes a seed from the system's generator once per run.
public enum PlaylistShuffle {
    public static func order(count: Int, seed: UInt64) -> [Int] {
        var order = Array(0..<max(0, count))
        var state = seed
        var index = order.count - 1
        while index > 0 {
            // A number below index + 1, without the bias of a plain modulo.
            let bound = UInt64(index + 1)
            let limit = UInt64.max - UInt64.max % bound
            var value = splitMix(&state)
            while value >= limit { value = splitMix(&state) }
            order.swapAt(index, Int(value % bound))
            index -= 1
        }
        return order
    }

    /// SplitMix64 (Steele, Lea and Flood): a 64-bit state, a good spread from any seed.
    static func splitMix(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
