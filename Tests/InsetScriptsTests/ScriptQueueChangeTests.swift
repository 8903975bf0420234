import InsetControl
import Testing
@testable import InsetScripts

/// Issue 47's defect: a script slow to take its events is told an observed property's
/// latest value once, as mpv's queue holds one change a property, not every value since.
@Suite("A script's queue holds one change an observation (issue 47)")
struct ScriptQueueChangeTests {
    @Test("a newer change of one observation replaces the one waiting, after the events before it")
    func oneChangeAnObservation() {
        let queue = ScriptQueue()
        queue.postChange(MpvIPC.propertyChange(id: 1, name: "time-pos", value: .double(1)))
        queue.postChange(MpvIPC.propertyChange(id: 2, name: "pause", value: .bool(false)))
        queue.post(MpvIPC.event("seek"))
        queue.postChange(MpvIPC.propertyChange(id: 1, name: "time-pos", value: .double(5)))
        var taken: [JSONValue] = []
        while let event = queue.take(timeout: 0) { taken.append(event) }
        #expect(taken == [MpvIPC.propertyChange(id: 2, name: "pause", value: .bool(false)), MpvIPC.event("seek"),
                          MpvIPC.propertyChange(id: 1, name: "time-pos", value: .double(5))])
    }
}
