import Testing
@testable import InsetControl

/// Issue 42 item 12: a turn's requests are shared out among the clients waiting, so one
/// client's burst (12,000 `observe_property`) does not hold another's request back.
@Suite("The control socket's turns are shared among clients (issue 42 item 12)")
struct ControlFairShareTests {
    @Test("few requests are all taken, in order")
    func fewAreAllTaken() {
        #expect(ControlServer.fairShare(of: [1, 1, 2], limit: 64) == [0, 1, 2])
    }

    @Test("a burst of one client leaves room for another's request, each client's in its order")
    func burstSharesTheTurn() {
        // 500 of client 1's, then one of client 2's: first come first served took 64 of
        // client 1's and left client 2 waiting for eight turns.
        let clients = Array(repeating: 1, count: 500) + [2] + Array(repeating: 1, count: 10)
        let chosen = ControlServer.fairShare(of: clients, limit: 64)
        #expect(chosen.count == 64)
        #expect(chosen.contains(500), "client 2's request is taken this turn")
        #expect(chosen.filter { clients[$0] == 1 } == Array(0..<63), "client 1's first 63, in order")
    }
}
