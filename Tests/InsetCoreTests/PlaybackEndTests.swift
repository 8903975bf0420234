import Testing
import InsetCore

@Suite("The end of playback is the end of the longest stream")
struct PlaybackEndTests {
    @Test("sound longer than the picture: the end waits for the last sample", arguments: [
        (2.9, false), (3.0, false), (5.99, false), (6.0, true), (6.5, true),
    ] as [(Double, Bool)])
    func soundLonger(master: Double, ended: Bool) {
        #expect(PlaybackEnd.isReached(master: .seconds(master), pictureEnd: .seconds(3),
                                      sound: .decoded(lastTime: .seconds(6))) == ended)
    }

    @Test("picture longer than the sound: the clock goes on to the last frame's end", arguments: [
        (4.0, false), (9.99, false), (10.0, true),
    ] as [(Double, Bool)])
    func pictureLonger(master: Double, ended: Bool) {
        #expect(PlaybackEnd.isReached(master: .seconds(master), pictureEnd: .seconds(10),
                                      sound: .decoded(lastTime: .seconds(4))) == ended)
    }

    @Test("no end while frames are still to come, or while the sound's end is not known")
    func unknownEnds() {
        #expect(!PlaybackEnd.isReached(master: .seconds(99), pictureEnd: nil, sound: .absent))
        #expect(!PlaybackEnd.isReached(master: .seconds(99), pictureEnd: .seconds(3), sound: .decoding))
        #expect(PlaybackEnd.time(pictureEnd: .seconds(3), sound: .decoding) == nil)
    }

    @Test("no sound, failed sound, or sound that wrote nothing: the picture alone decides")
    func pictureAlone() {
        for sound in [SoundProgress.absent, .decoded(lastTime: nil)] {
            #expect(PlaybackEnd.time(pictureEnd: .seconds(3), sound: sound) == .seconds(3))
            #expect(!PlaybackEnd.isReached(master: .seconds(2.99), pictureEnd: .seconds(3), sound: sound))
            #expect(PlaybackEnd.isReached(master: .seconds(3), pictureEnd: .seconds(3), sound: sound))
        }
    }
}
