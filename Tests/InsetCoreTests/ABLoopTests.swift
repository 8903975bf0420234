import InsetCore
import Testing

@Suite("A-B loop")
struct ABLoopTests {
    func playing(at position: MediaTime = .seconds(10)) -> PlaybackStateMachine {
        var machine = PlaybackStateMachine()
        _ = machine.send(.mediaReady(fileRange))
        _ = machine.send(.positionChanged(position))
        return machine
    }

    @Test("the key sets A, then B, then clears; nothing loops with A alone")
    func cycle() {
        var machine = playing()
        #expect(machine.send(.cycleLoopPoint) == [])
        #expect(machine.snapshot.loop == ABLoop(start: .seconds(10)))
        #expect(machine.send(.positionChanged(.seconds(30))) == [], "A alone does not loop")
        #expect(machine.send(.cycleLoopPoint) == [])
        #expect(machine.snapshot.loop == ABLoop(start: .seconds(10), end: .seconds(30)))
        #expect(machine.send(.cycleLoopPoint) == [])
        #expect(machine.snapshot.loop == nil)
        #expect(machine.send(.positionChanged(.seconds(40))) == [], "cleared: plays on")
    }

    @Test("playing past B goes back to A; paused it waits; a seek past B comes back")
    func loopsBack() {
        var machine = playing()
        _ = machine.send(.cycleLoopPoint)
        _ = machine.send(.positionChanged(.seconds(14)))
        _ = machine.send(.cycleLoopPoint)
        #expect(machine.send(.positionChanged(.seconds(13.96))) == [])
        #expect(machine.send(.positionChanged(.seconds(14))) == [.seek(to: .seconds(10))])
        #expect(machine.snapshot.position == .seconds(10))
        #expect(machine.snapshot.isPlaying)
        _ = machine.send(.pause)
        #expect(machine.send(.positionChanged(.seconds(20))) == [], "paused: no loop")
        _ = machine.send(.play)
        #expect(machine.send(.seek(to: .seconds(60))) == [.seek(to: .seconds(60))])
        #expect(machine.send(.positionChanged(.seconds(60))) == [.seek(to: .seconds(10))])
    }

    @Test("B before A swaps them; B at A is ignored")
    func order() {
        var machine = playing(at: .seconds(50))
        _ = machine.send(.cycleLoopPoint)
        #expect(machine.send(.cycleLoopPoint) == [])
        #expect(machine.snapshot.loop == ABLoop(start: .seconds(50)), "B at A: still waiting for B")
        _ = machine.send(.positionChanged(.seconds(20)))
        _ = machine.send(.cycleLoopPoint)
        #expect(machine.snapshot.loop == ABLoop(start: .seconds(20), end: .seconds(50)))
    }

    @Test("the end of the file inside the loop goes back to A, even without --loop, and even under --linear")
    func endInsideTheLoop() {
        var machine = PlaybackStateMachine(configuration: .init(linear: .all))
        _ = machine.send(.mediaReady(fileRange))
        _ = machine.send(.positionChanged(.seconds(100)))
        _ = machine.send(.cycleLoopPoint)
        _ = machine.send(.positionChanged(.seconds(119.9)))
        _ = machine.send(.cycleLoopPoint)
        #expect(machine.send(.reachedEnd) == [.seek(to: .seconds(100))])
        #expect(!machine.snapshot.isFinished)
    }

    @Test("before the media is ready the key does nothing")
    func beforeReady() {
        var machine = PlaybackStateMachine()
        #expect(machine.send(.cycleLoopPoint) == [])
        #expect(machine.snapshot.loop == nil)
    }
}
