import Foundation
import InsetCore
import InsetLog
import InsetPlayback
import InsetRender

/// The presenter's writing side (UI thread): encoded pictures out to the terminal, each
/// write timed for the pacer, and the counts `--stats` shows.
extension PicturePresenter {
    /// Pictures written and not, since the start.
    struct PictureCounts: Equatable {
        /// Pictures written to the terminal (one per slot and frame) and their bytes.
        var written = 0
        var bytes = 0
        /// Frames not encoded because the link had no time for them yet.
        var paced = 0
        /// Frames replaced unencoded by a newer one while the encoder was busy, or encoded
        /// but no longer the one to show when done.
        var superseded = 0
        /// Pictures cut short by a key while being written (to a slow terminal).
        var abandoned = 0
        /// Pictures cut short because the terminal took them far too slowly.
        var cutForTime = 0
    }

    /// How a picture's write ended.
    enum WriteOutcome: Equatable {
        case whole
        /// A key or a signal came: the rest waits for it.
        case cutForKey
        /// The terminal took `sent` bytes so slowly that the rest was not worth the wait.
        case cutForTime(sent: Int)
    }

    /// UI thread: writes the encoded pictures that are still the ones to show.
    func writeReady(_ write: (UnsafeRawBufferPointer) -> Void) {
        writeReady { (bytes: UnsafeRawBufferPointer) -> WriteOutcome in write(bytes); return .whole }
    }

    /// As `writeReady(_:)`, with a writer that may stop for a key (returns false).
    func writeReady(_ write: (UnsafeRawBufferPointer) -> Bool) {
        writeReady { (bytes: UnsafeRawBufferPointer) -> WriteOutcome in write(bytes) ? .whole : .cutForKey }
    }

    /// UI thread: writes the encoded pictures that are still the ones to show, with a
    /// writer that may stop a picture early. A picture cut short is not on screen whole: its
    /// frame is encoded again, whole (and smaller, when cut for time: the pacer learns the
    /// drain from the part sent), and the rest wait.
    func writeReady(_ write: (UnsafeRawBufferPointer) -> WriteOutcome) {
        let ready: [UInt32: Encoded] = condition.withLock {
            defer { shared.ready = [:] }
            return shared.ready
        }
        guard !ready.isEmpty else { return }
        var returned: [OutputBuffer] = []
        var written: [(UInt32, Int)] = []
        var cutShort: [UInt32] = []
        for (id, encoded) in ready.sorted(by: { $0.key < $1.key }) {
            if !cutShort.isEmpty, slots[id] != nil {
                // A key is waiting: the rest are encoded again after it.
                slots[id]!.needsEncoding = true
                returned.append(encoded.bytes)
                continue
            }
            guard var slot = slots[id], encoded.cells == slot.cells, encoded.size == slot.size,
                  encoded.generation > slot.writtenGeneration, encoded.whole || encoded.generation > slot.clearedAt else {
                returned.append(encoded.bytes)
                counts.superseded += 1
                if slots[id]?.generation == encoded.generation {
                    // Nothing newer is coming for this slot: a paused video's frame would stay
                    // unsent, so it is offered again at once.
                    slots[id]!.needsEncoding = true
                    retryAt = .now()
                }
                continue
            }
            let start = HostTime.now()
            let outcome = encoded.bytes.withUnsafeBytes(write)
            if case .cutForTime(let sent) = outcome {
                pacer.wrote(bytes: encoded.bytes.count, blocked: HostTime.now().elapsed(since: start), at: start,
                            scale: encoded.scale, sent: sent, link: link)
                counts.cutForTime += 1
            }
            guard outcome == .whole else {
                if outcome == .cutForKey { counts.abandoned += 1 }
                slot.needsEncoding = true
                slots[id] = slot
                returned.append(encoded.bytes)
                cutShort.append(id)
                retryAt = .now()
                continue
            }
            let end = HostTime.now()
            pacer.wrote(bytes: encoded.bytes.count, blocked: end.elapsed(since: start), at: start, scale: encoded.scale, link: link)
            // Weighed at the rung it was encoded at, as if whole-size (quality goes before size);
            // a part (sixel's changed cells) says less.
            if encoded.whole, encoded.scale == pacer.scale, encoded.quality == quality.rung {
                _ = quality.frame(bytes: encoded.bytes.count, budget: frameBudget.map { Int(Double($0) * encoded.scale * encoded.scale) }, at: start)
            }
            slot.latency.add(end.elapsed(since: encoded.handedAt))
            leadsChanged = true
            Log.debug("picture \(id) generation \(encoded.generation) latency \(end.elapsed(since: encoded.handedAt)) lead \(slot.latency.lead)")
            counts.written += 1
            counts.bytes += encoded.bytes.count
            recentWrites.append(start)
            if let previous = slot.lastWritten { returned.append(previous) }
            slot.lastWritten = encoded.bytes
            slot.lastWrittenReplayable = encoded.replayable
            slot.writtenGeneration = encoded.generation
            slot.writtenCells = encoded.whole ? encoded.cells : slot.writtenCells ?? encoded.cells
            slots[id] = slot
            written.append((id, encoded.generation))
        }
        // One lock for all: the buffers written before go back, and sixel learns what the
        // screen shows now.
        condition.withLock {
            for buffer in returned { shared.spare(buffer) }
            if output.sendsChanges { for (id, generation) in written { shared.onScreen[id] = generation } }
            for id in cutShort { shared.onScreen[id] = nil }
        }
    }

    /// How early a layer's frames should go for its pictures to land on time: the largest
    /// smoothed latency of its slots (the parts under `layerBase`, or its placeholder id), as
    /// a span of wall time; zero while it has no picture.
    func lead(layerBase: UInt32, placeholder: UInt32?) -> MediaTime {
        var lead = MediaTime.zero
        for (id, slot) in slots where (layerBase..<layerBase + UInt32(LayerImages.partsPerLayer)).contains(id) || id == placeholder {
            lead = max(lead, slot.latency.lead)
        }
        return lead
    }

    /// Pictures written over the second before `now`.
    func picturesPerSecond(at now: HostTime) -> Int {
        let horizon = HostTime(nanoseconds: now.nanoseconds > 1_000_000_000 ? now.nanoseconds - 1_000_000_000 : 0)
        recentWrites.removeAll { $0 < horizon }
        return recentWrites.count
    }

    /// The stats corner's figures: pictures written a second, and the size when not whole.
    func figures(at now: HostTime) -> String {
        let size = pacer.scale < 1 ? ", \(PicturePacer.describe(scale: pacer.scale)) size" : ""
        return "pics \(picturesPerSecond(at: now))/s\(size)" + (quality.rung > 0 ? ", \(qualityName)" : "")
    }

    /// The quality rung as said: "q 10" (JPEG's quantizer), "64 colours" (sixel), "whole".
    var qualityName: String { output.qualityName(rung: quality.rung) }

    /// The closing line's part: what was written and what was not, and why. The link's rate
    /// is the link part's (`LinkFitter.summary`), the one meter's: not said twice.
    var summary: String {
        let each = ProbeReport.byteCount(Int64(counts.written > 0 ? counts.bytes / counts.written : 0))
        return "pictures: \(counts.written) written (\(each) each), \(counts.paced) skipped for the terminal, "
            + "\(counts.superseded) superseded, \(counts.abandoned) cut short for a key, \(counts.cutForTime) for time, "
            + "size \(PicturePacer.describe(scale: pacer.scale)), quality \(qualityName)"
    }

    /// Slots no longer shown: their work is dropped and, for kitty, their images deleted
    /// with their data (a part that comes back is sent whole, and the terminal keeps no
    /// image of ours that nothing shows).
    func forget(_ ids: [UInt32], write: (UnsafeRawBufferPointer) -> Void) {
        var buffers: [OutputBuffer] = []
        leadsChanged = true
        for id in ids {
            if let buffer = slots.removeValue(forKey: id)?.lastWritten { buffers.append(buffer) }
        }
        condition.withLock {
            for id in ids {
                if let job = shared.waiting.removeValue(forKey: id) { shared.spare(job.image) }
                if let ready = shared.ready.removeValue(forKey: id) { shared.spare(ready.bytes) }
                shared.onScreen[id] = nil
            }
            for buffer in buffers { shared.spare(buffer) }
        }
        small.removeAll()
        output.delete(imageIDs: ids, into: small)
        guard small.count > 0 else { return }
        small.withUnsafeBytes(write)
    }

    /// Ends the encoding thread; the pictures on screen are the caller's to delete.
    func stop() {
        condition.withLock {
            shared.stopped = true
            condition.signal()
        }
    }

    /// Bytes that remove the pictures, for leaving the terminal (kitty keeps images across
    /// the alternate screen; sixel and iTerm2 pixels go with it).
    func farewell(_ write: (UnsafeRawBufferPointer) -> Void) {
        small.removeAll()
        output.delete(imageIDs: slots.keys.sorted(), into: small)
        guard small.count > 0 else { return }
        small.withUnsafeBytes(write)
        slots = [:]
    }
}
