import InsetCore
import Testing

@Suite("PictureLatency: how early frames go so their pictures land with the sound")
struct PictureLatencyTests {
    @Test("no picture yet: no lead; the first sample is taken whole")
    func first() {
        var latency = PictureLatency()
        #expect(latency.lead == .zero)
        latency.add(.milliseconds(40))
        #expect(latency.lead == .milliseconds(40))
    }

    @Test("each sample moves it a quarter of the way, so one slow picture barely moves it")
    func smoothing() {
        var latency = PictureLatency()
        latency.add(.milliseconds(40))
        latency.add(.milliseconds(80))
        #expect(latency.lead == .milliseconds(50))
        for _ in 0..<40 { latency.add(.milliseconds(20)) }
        #expect(latency.lead >= .milliseconds(20) && latency.lead < .milliseconds(21))
    }

    @Test("never more than the decoder's queue covers, never below zero")
    func bounds() {
        var latency = PictureLatency()
        latency.add(.seconds(2))
        #expect(latency.lead == MediaTime(PictureLatency.maximum))
        var negative = PictureLatency()
        negative.add(.milliseconds(-5))
        #expect(negative.lead == .zero)
    }
}
