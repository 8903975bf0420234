import CFFmpeg
import InsetCore

/// Skipping back in live input, for the sound: as for the picture (DecodeLoop+Live), the
/// audio stream's recent packets are kept (`LivePackets`; every audio packet decodes on its
/// own, so each is a place to start from) and a seek re-decodes them from just before the
/// target, then reads the input on from where it stopped. Audio thread only.
extension AudioDecodeLoop {
    /// The next packet, kept or read; the second value says it came from the buffer.
    mutating func readPacket() -> (result: Int32, replayed: Bool) {
        guard live != nil else { return (av_read_frame(source.format, packet), false) }
        return live!.read(into: packet, from: source.format)
    }

    /// Keeps a copy of an audio packet just read from a live input.
    mutating func keep(_ packet: UnsafeMutablePointer<AVPacket>) {
        live?.keep(packet, timeBase: decoder.timeBase, isKey: true)
    }
}
