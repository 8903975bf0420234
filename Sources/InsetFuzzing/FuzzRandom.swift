/// The fuzzers' random numbers: SplitMix64 (as in the tests' `SplitMix64`), each input with
/// a generator of its own seeded from the text "S:i" (run seed S, input index i), so any
/// one input of a run can be made again alone (`inset-fuzz TARGET --seed S --only i`)
/// whatever the inputs before it drew.
public struct FuzzRandom: RandomNumberGenerator {
    private var state: UInt64

    public init(state: UInt64) { self.state = state }

    /// The generator of input `index` of the run seeded `seed`: FNV-1a of "seed:index".
    public init(seed: UInt64, index: Int) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in "\(seed):\(index)".utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        state = hash
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    /// A byte in `range`.
    public mutating func byte(_ range: ClosedRange<UInt8> = 0...255) -> UInt8 { UInt8.random(in: range, using: &self) }

    /// One of `choices`.
    public mutating func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &self)] }

    /// A small number most of the time, now and then a large or extreme one: what
    /// parameters and lengths are drawn from, so edge values come up often.
    public mutating func skewed(upTo limit: Int) -> Int {
        switch int(0...9) {
        case 0...5: return int(0...min(limit, 9))
        case 6...7: return int(0...min(limit, 200))
        case 8: return int(0...limit)
        default: return pick([0, 1, limit, max(0, limit - 1)])
        }
    }
}
