import Testing
@testable import InsetRender

@Suite("Kitty image ids per process")
struct KittyImageIDsTests {
    @Test("every slot's placeholder ids are ones placeholder cells can write, and no two slots share one")
    func placeholdersDistinctAndWritable() {
        var seen = Set<UInt32>()
        for process in 0..<Int32(KittyImageIDs.processSlots) {
            let ids = KittyImageIDs(process: process)
            #expect(ids.slot == Int(process))
            for index in 0..<KittyImageIDs.placeholdersPerProcess {
                let id = ids.placeholder(index)
                if !KittyPlaceholderGlyph.canEncode(imageID: id) { Issue.record("slot \(process) id \(index): \(id) not writable") }
                seen.insert(id)
            }
        }
        #expect(seen.count == KittyImageIDs.processSlots * KittyImageIDs.placeholdersPerProcess)
    }

    @Test("cell-placed ids: each slot's run ends where the next begins, and the last fits in 32 bits")
    func cellPlacedRuns() {
        let first = KittyImageIDs(process: 0), second = KittyImageIDs(process: 1)
        #expect(first.cellPlacedBase == 7_301)
        #expect(second.cellPlacedBase == first.cellPlacedBase + UInt32(KittyImageIDs.cellPlacedPerProcess))
        let last = KittyImageIDs(process: Int32(KittyImageIDs.processSlots - 1))
        #expect(UInt64(last.cellPlacedBase) + UInt64(KittyImageIDs.cellPlacedPerProcess) < UInt64(UInt32.max))
    }

    @Test("pids a slot count apart share a slot; neighbouring pids, as a previewer's next player often has, do not")
    func slotsFromPids() {
        let pid: Int32 = 48_213
        #expect(KittyImageIDs(process: pid) == KittyImageIDs(process: pid + Int32(KittyImageIDs.processSlots)))
        #expect(KittyImageIDs(process: pid).placeholder(0) != KittyImageIDs(process: pid + 1).placeholder(0))
        #expect(KittyImageIDs(process: pid).cellPlacedBase != KittyImageIDs(process: pid + 1).cellPlacedBase)
        #expect(KittyImageIDs(process: Int32.max).slot < KittyImageIDs.processSlots)
    }
}
