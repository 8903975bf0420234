import Foundation
import InsetCore
import Testing
@testable import InsetMedia

/// FFmpeg's atempo through `AudioTempo`, on a made-up tone: the length changes with the
/// speed and the pitch does not.
@Suite("Sound at another speed (atempo)")
struct TempoTests {
    static let rate = 48_000

    /// `seconds` of a 1 kHz sine, stereo.
    static func tone(seconds: Double) -> [Float] {
        let frames = Int(seconds * Double(rate))
        var samples = [Float](repeating: 0, count: frames * 2)
        for i in 0..<frames {
            let phase: Double = 2 * Double.pi * 1000 * Double(i) / Double(rate)
            let value = Float(0.5 * sin(phase))
            samples[2 * i] = value
            samples[2 * i + 1] = value
        }
        return samples
    }

    /// Everything the filter gives for `input`, pushed in chunks of 1024 frames.
    static func stretch(_ input: [Float], speed: PlaybackSpeed) throws -> [Float] {
        let tempo = try AudioTempo(speed: speed, format: AudioFormat(sampleRate: rate, channels: 2))
        var output: [Float] = []
        let collect: (UnsafePointer<Float>, Int) -> Bool = { samples, frames in
            output += UnsafeBufferPointer(start: samples, count: frames * 2)
            return true
        }
        try input.withUnsafeBufferPointer { buffer in
            var at = 0
            while at < input.count / 2 {
                let count = min(1024, input.count / 2 - at)
                try tempo.push(buffer.baseAddress! + at * 2, frames: count)
                tempo.pull(collect)
                at += count
            }
        }
        tempo.finish()
        tempo.pull(collect)
        return output
    }

    /// Upward zero crossings per second of the left channel over the middle half.
    static func pitch(_ samples: [Float]) -> Double {
        let left = stride(from: 0, to: samples.count, by: 2).map { samples[$0] }
        let from = left.count / 4, to = left.count * 3 / 4
        var crossings = 0
        for i in from + 1..<to where left[i - 1] < 0 && left[i] >= 0 { crossings += 1 }
        return Double(crossings) / (Double(to - from) / Double(rate))
    }

    @Test("2 s of a 1 kHz tone at each speed: 2 s / speed of sound out, still at 1 kHz",
          arguments: [25, 50, 75, 150, 200, 400])
    func lengthAndPitch(hundredths: Int) throws {
        let speed = PlaybackSpeed(clamping: hundredths)
        let out = try Self.stretch(Self.tone(seconds: 2), speed: speed)
        let seconds = Double(out.count / 2) / Double(Self.rate)
        #expect(abs(seconds - 2 / speed.factor) < 0.1, "\(seconds) s out at \(speed)")
        #expect(abs(Self.pitch(out) - 1000) < 20, "pitch \(Self.pitch(out)) Hz at \(speed)")
    }

    @Test("the filter chains: atempo alone from 0.5x, two of them below")
    func chains() {
        #expect(AudioTempo.chain(for: PlaybackSpeed(clamping: 150)) == "atempo=1.5")
        #expect(AudioTempo.chain(for: .slowest) == "atempo=0.5,atempo=0.5")
        #expect(AudioTempo.chain(for: PlaybackSpeed(clamping: 30)) == "atempo=0.5,atempo=0.6")
        // Half of 2048 samples at 48 kHz; half as much again through a second stage.
        #expect(AudioTempo.lead(for: .fastest, sampleRate: 48_000) == MediaTime(microseconds: 21_333))
        #expect(AudioTempo.lead(for: .slowest, sampleRate: 48_000) == MediaTime(microseconds: 31_999))
    }
}
