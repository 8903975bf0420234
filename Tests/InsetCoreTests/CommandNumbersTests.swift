import InsetCore
import Testing

/// Issue 42 item 7, Inset's own commands (`inset ctl`, the socket's `{"command": [...]}`,
/// the config file): an absurd number is refused as the argument it is, never a trap.
/// `audio-delay +0x7fffffffffffffff` trapped converting to Int64; scripts/fuzz --target
/// numbers found it (seed 4242, input 8 after 7).
@Suite("Absurd numbers in Inset's commands are refused (issue 42 item 7)")
struct CommandNumbersTests {
    @Test("each is a parse error, not a trap")
    func refused() {
        let lines = ["audio-delay +1e300", "audio-delay -1e300", "audio-delay 1e300", "audio-delay +0x7fffffffffffffff",
                     "audio-delay 9223372036854775807", "volume +99999999999999999999", "volume 1e300", "speed 1e300",
                     "speed 9223372036854775807", "seek +1e300", "seek -99999999999999999999", "seek-to 1e300",
                     "window-size +1e300", "window-size 99999999999999999999"]
        for line in lines {
            #expect(throws: Command.ParseError.self, "\(line)") { try Command(parsing: line) }
        }
        // Within the bound it still reads.
        #expect((try? Command(parsing: "audio-delay +10")) == .audioDelay(.by(.seconds(10))))
    }
}
