import InsetAudio
import InsetCore
import InsetMedia

/// The next file of a list written into the output of the sound playing, behind its last
/// sample (gapless, mpv's `--gapless-audio`): the device never stops, and the next file's
/// first sample follows the last one's.
///
/// The order: the next track is opened on the output (`init(…following:)`), then
/// `queue(behind:)` once the playing track has written its last sample (the ring has one
/// writer at a time), then it takes the output over (`takeOutput(from:)`) once its first
/// sample is heard (`firstSampleHeard`). A seek or a change of track of the one playing
/// drops it (`dropSuccessor`).
extension SoundTrack {
    /// The output a track is opened on to follow another's sound, and when it may.
    public struct Following: @unchecked Sendable {
        public var output: AudioOutput
        /// The format the playing track asked of the device.
        public var wanted: AudioFormat
        var mode: GaplessAudio

        public init(output: AudioOutput, wanted: AudioFormat, mode: GaplessAudio) {
            self.output = output
            self.wanted = wanted
            self.mode = mode
        }
    }

    /// Whether the track's sound is the one in the ring now: not while it waits behind
    /// another's, nor once its successor's has begun.
    var isHeard: Bool {
        let current = output.ring.currentSerial
        if let queuedSerial, current < queuedSerial { return false }
        if let successor, let next = successor.queuedSerial, current >= next { return false }
        return true
    }

    /// Starts writing this track's sound into `previous`'s output behind what it holds: a
    /// serial above every one written there, from the file's start. False when it cannot
    /// (an input that cannot seek, another output, `previous` still writing); nothing was
    /// written then.
    public func queue(behind previous: SoundTrack) -> Bool {
        guard output === previous.output, case .decoded = previous.progress, pipeline.isSeekable else { return false }
        heardDemuxer.raiseSerial(above: max(previous.lastSerial, output.ring.currentSerial))
        guard let (serial, _) = pipeline.seek(to: pipeline.range.start) else { return false }
        begin(serial: serial)
        output.ring.queue(serial: serial)
        queuedSerial = serial
        setSpeed(previous.speed)
        previous.successor = self
        start()
        return true
    }

    /// Whether the queued sound's first sample has been heard: its serial is the ring's and
    /// the clock has reached the file's start.
    public func firstSampleHeard(at now: HostTime) -> Bool {
        guard let queuedSerial, output.ring.currentSerial >= queuedSerial,
              let heard = output.clockTime(at: now) else { return false }
        return heard >= pipeline.range.start
    }

    /// Whether the queued sound will never be heard: it ended or failed with nothing written.
    public var cameToNothing: Bool {
        switch progress {
        case .absent, .decoded(lastTime: nil): true
        default: false
        }
    }

    /// The output is this track's from now on (closed when it stops); `previous` lets go.
    public func takeOutput(from previous: SoundTrack) {
        previous.successor = nil
        previous.ownsOutput = false
        ownsOutput = true
    }

    /// Stops the successor's decoding; this track's next serial (a seek, another track, on
    /// this input or another) is above every one the successor wrote, so what follows
    /// drops them from the ring unheard.
    public func dropSuccessor() {
        guard let successor else { return }
        self.successor = nil
        successor.stopQueued()
        lastSerial = max(lastSerial, successor.lastSerial)
        heardDemuxer.raiseSerial(above: lastSerial)
    }

    /// A queued track given up: it stops writing (the output is not its to close).
    func stopQueued() {
        guard !ownsOutput else { return }
        stop()
    }
}

/// Why a file is not heard gaplessly after the one playing; today's way (a device of its
/// own) plays it instead.
enum GaplessRefusal: Error, CustomStringConvertible {
    case format(playing: AudioFormat, next: AudioFormat)
    case picture
    case notLocal

    public var description: String {
        switch self {
        case .format(let playing, let next): "its sound is \(next), the one playing \(playing) (--gapless-audio weak)"
        case .picture: "it has a picture"
        case .notLocal: "it is a page"
        }
    }
}
