import Foundation
import InsetCore
import InsetLog
import InsetMedia
import InsetRender

extension PicturePresenter {
    /// The encoding thread: takes the oldest waiting job of any slot, encodes it with that
    /// slot's encoder (each keeps its own palette, last frame or codec, `PictureEncoder`;
    /// made anew when the quality rung changed), and leaves the bytes for the UI thread,
    /// waking it.
    func runEncoder() {
        var encoders: [UInt32: any PictureEncoder] = [:]
        while true {
            condition.lock()
            while !shared.stopped && shared.waiting.isEmpty { condition.wait() }
            if shared.stopped { condition.unlock(); return }
            let job = shared.waiting.values.min { $0.generation < $1.generation }!
            shared.waiting[job.imageID] = nil
            let shownGeneration = shared.onScreen[job.imageID] ?? -1
            let live = shared.live
            let paneOrigin = shared.paneOrigin
            let buffer = shared.spareBuffers.popLast() ?? OutputBuffer(capacity: 1 << 20)
            condition.unlock()

            encoders = encoders.filter { live.contains($0.key) }
            let encoder = encoders[job.imageID].flatMap { $0.encodes(quality: job.quality) ? $0 : nil }
                ?? output.makeEncoder(quality: job.quality)
            encoders[job.imageID] = encoder
            buffer.removeAll()
            buffer.append(Rasterizer.syncBegin)
            let whole: Bool
            do {
                whole = try encoder.encode(job, onScreen: shownGeneration, paneOrigin: paneOrigin, into: buffer)
            } catch {
                Log.error("picture: \(error)")
                condition.withLock { shared.spare(job.image); shared.spare(buffer) }
                continue
            }
            buffer.append(Rasterizer.syncEnd)
            condition.withLock {
                shared.spare(job.image)
                // A result nobody took (the UI was busy) is overwritten; its buffer is reused.
                if let stale = shared.ready[job.imageID]?.bytes { shared.spare(stale) }
                ready(job, buffer, whole)
            }
            waker.wake()
        }
    }

    /// Under the lock: the job's bytes wait for the UI thread, unless its slot went meanwhile.
    private func ready(_ job: Job, _ buffer: OutputBuffer, _ whole: Bool) {
        guard shared.live.contains(job.imageID) else { shared.spare(buffer); return }
        shared.ready[job.imageID] = Encoded(bytes: buffer, generation: job.generation, cells: job.cells, size: job.image.size,
                                            scale: job.scale, quality: job.quality, whole: whole, replayable: whole && output.bytesReplayable,
                                            handedAt: job.handedAt)
    }
}
