import Foundation
import InsetCore
import InsetLog
import InsetMedia
import InsetRender

extension PicturePresenter {
    /// The encoding thread: takes the oldest waiting job of any slot, encodes it with that
    /// slot's encoder (each keeps its own palette or last frame), and leaves the bytes for
    /// the UI thread, waking it. An iTerm2 picture is a JPEG of the whole picture, each slot
    /// with its own encoder (kept while its size stays).
    func runEncoder() {
        var sixels: [UInt32: SixelSender] = [:]
        var kitties: [UInt32: KittyGraphicsEncoder] = [:]
        var jpegs: [UInt32: JPEGEncoder] = [:]
        let placeholders = output.usesPlaceholders
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

            sixels = sixels.filter { live.contains($0.key) }
            kitties = kitties.filter { live.contains($0.key) }
            jpegs = jpegs.filter { live.contains($0.key) }
            buffer.removeAll()
            buffer.append(Rasterizer.syncBegin)
            var whole = true
            switch output {
            case .sixel:
                let colors = PictureQuality.sixelColors(rung: job.quality)
                let sixel = sixels[job.imageID].flatMap { $0.colors == colors ? $0 : nil } ?? SixelSender(colors: colors)
                sixels[job.imageID] = sixel
                whole = sixel.send(job.image, cells: job.cells, pixelsPerCell: job.pixelsPerCell, generation: job.generation,
                                   onScreen: shownGeneration, into: buffer)
            case .iterm(let passthrough):
                let quality = PictureQuality.jpegQuality(rung: job.quality)
                let jpeg = jpegs[job.imageID].flatMap { $0.quality == quality ? $0 : nil } ?? JPEGEncoder(quality: quality)
                jpegs[job.imageID] = jpeg
                buffer.appendMove(to: job.cells.origin)
                do {
                    try jpeg.encode(job.image) { file in
                        let outside = passthrough ? paneOrigin.map {
                            CellPoint(column: $0.column + job.cells.minColumn, row: $0.row + job.cells.minRow)
                        } : nil
                        ITermInlineImage.write(file, cells: job.cells.size, passthrough: passthrough, at: outside, into: buffer)
                    }
                } catch {
                    Log.error("picture: \(error)")
                    condition.withLock { shared.spare(job.image); shared.spare(buffer) }
                    continue
                }
            case .kitty, .kittyPlaceholders:
                let kitty = kitties[job.imageID] ?? makeKittyEncoder()
                kitties[job.imageID] = kitty
                // A virtual placement is not at the cursor: the cells say where.
                if !placeholders { buffer.appendMove(to: job.cells.origin) }
                let placement = KittyPlacement(imageID: job.imageID, placementID: 1, cells: job.cells.size,
                                               zIndex: KittyZIndex.underText)
                do {
                    if placeholders {
                        try kitty.transmitForPlaceholders(job.image, imageID: job.imageID, cells: job.cells.size, into: buffer)
                    } else {
                        try kitty.encode(job.image, placement: placement, into: buffer)
                    }
                } catch {
                    Log.error("picture: \(error)")
                    condition.withLock { shared.spare(job.image); shared.spare(buffer) }
                    continue
                }
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

    /// A slot's kitty encoder: shared memory only for pictures placed at cells (a local
    /// kitty); placeholders go through tmux, which carries escape sequences only. Pictures
    /// sent in the escapes are near-lossless PNG (a quarter of the bytes, 40 dB).
    private func makeKittyEncoder() -> KittyGraphicsEncoder {
        if case .kitty(let transmission, let passthrough) = output {
            return KittyGraphicsEncoder(transmission: transmission, passthrough: passthrough, coding: .video)
        }
        return KittyGraphicsEncoder(transmission: .direct, passthrough: output.passthrough, coding: .video)
    }

    /// Under the lock: the job's bytes wait for the UI thread, unless its slot went meanwhile.
    private func ready(_ job: Job, _ buffer: OutputBuffer, _ whole: Bool) {
        guard shared.live.contains(job.imageID) else { shared.spare(buffer); return }
        shared.ready[job.imageID] = Encoded(bytes: buffer, generation: job.generation, cells: job.cells, size: job.image.size,
                                            scale: job.scale, quality: job.quality, whole: whole, replayable: whole && output.bytesReplayable,
                                            handedAt: job.handedAt)
    }
}
