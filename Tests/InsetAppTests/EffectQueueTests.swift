import Testing
@testable import InsetApp
@testable import InsetPlayback

@Suite("The director's effect queue")
struct EffectQueueTests {
    @Test("one paint per turn, last; the other effects once each, in order; empty after")
    func order() {
        var queue = EffectQueue()
        queue.append(.paint)
        queue.append(.redrawAll)
        queue.append(.paint)
        queue.append(.quit)
        queue.append(.redrawAll)
        #expect(queue.take() == [.redrawAll, .quit, .paint])
        #expect(queue.take() == [])
    }

    @Test("a paint can be taken back: a key for the shell changes nothing until it echoes")
    func cancelledPaint() {
        var queue = EffectQueue()
        queue.append(.paint)
        queue.cancelPaint()
        #expect(queue.take() == [])
    }
}
