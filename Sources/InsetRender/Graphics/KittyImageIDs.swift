/// The image ids one player takes from the terminal's single namespace of kitty images.
///
/// Kitty keeps one set of image ids per window, and tmux passes every pane's pictures into
/// it. Two players with the same ids show each other's frames: two tmux panes playing, each
/// transmitting its frames under the id its placeholder cells name, both show whichever
/// frame came last; and a previewer's player that is stopping (fzf, yazi and lf start the
/// next one at once) deletes, as it erases itself, the image its successor just sent. So
/// each process takes ids of its own, from a slot derived from its pid: two players at once
/// share a slot only if their pids are equal modulo `processSlots`.
///
/// Placeholder ids must be what placeholder cells can write (`KittyPlaceholderGlyph`:
/// `top << 24 | low`, top 1...255, low 16...255): the slot picks the top byte and a run of
/// `placeholdersPerProcess` low bytes. Cell-placed pictures take any id, so they take a run
/// of `cellPlacedPerProcess` above a base no other program here is known to use.
public struct KittyImageIDs: Sendable, Equatable {
    public static let placeholdersPerProcess = 3
    public static let cellPlacedPerProcess = 32
    /// Low bytes 16...255 in runs of three, times top bytes 1...254.
    static let runsPerTopByte = (256 - 16) / placeholdersPerProcess
    public static let processSlots = 254 * runsPerTopByte
    static let cellPlacedStart: UInt32 = 7_301

    /// Which of the `processSlots` this process takes.
    public let slot: Int

    public init(process: Int32) {
        slot = Int(UInt32(bitPattern: process) % UInt32(Self.processSlots))
    }

    /// The first of this process's cell-placed ids; the `cellPlacedPerProcess` from it are its own.
    public var cellPlacedBase: UInt32 {
        Self.cellPlacedStart + UInt32(slot * Self.cellPlacedPerProcess)
    }

    /// This process's placeholder id number `index`, below `placeholdersPerProcess`.
    public func placeholder(_ index: Int) -> UInt32 {
        precondition((0..<Self.placeholdersPerProcess).contains(index), "placeholder id \(index) out of range")
        let top = UInt32(1 + slot / Self.runsPerTopByte)
        let low = UInt32(16 + (slot % Self.runsPerTopByte) * Self.placeholdersPerProcess + index)
        return top << 24 | low
    }
}
