import InsetCore

/// Turns pictures into kitty graphics protocol escapes (kitty, WezTerm, Ghostty, Konsole):
/// pure bytes into an `OutputBuffer`; the only system calls are the shared memory ones of
/// `.sharedMemory` transmission.
///
/// A frame goes as one `a=T` command (transmit and place) of 24-bit RGB (`f=24`), with
/// `q=2` (the terminal sends no replies that would land in the app's input) and `C=1` (the
/// cursor stays where it was, so the app's idea of it stays true):
/// - `.direct`: the pixels zlib-compressed (`o=z`, `ZlibDeflater`) and base64-encoded in
///   the escape itself, in chunks of at most 4096 characters (`m=1` … `m=0`) as the
///   protocol requires. Works over ssh and anywhere bytes reach the terminal.
/// - `.sharedMemory`: the raw pixels in a POSIX shared memory object (`t=s`), only its
///   name in the escape. Only for a terminal on this machine, and only once it is known to
///   support it: an object the terminal never reads stays in /dev/shm.
///
/// With `passthrough`, every escape is wrapped for tmux (`ESC Ptmux;` … `ESC \`, the
/// inner ESCs doubled); tmux needs `set -g allow-passthrough on`. Under tmux the picture
/// lands where the outer terminal's cursor is, which tmux does not promise to match the
/// pane's; Unicode placeholders (`transmitForPlaceholders`, `writePlaceholderRow`) are
/// the robust way there, since tmux moves text around itself.
///
/// Ownership: one owner (the thread that writes to the terminal). The compression state,
/// its output and the last frame's copy are kept from frame to frame: in steady state,
/// encoding allocates nothing (the output buffer may grow until it has held the largest
/// frame).
public final class KittyGraphicsEncoder {
    public enum Transmission: Hashable, Sendable {
        /// Pixels in the escapes, compressed and base64-encoded.
        case direct
        /// Pixels in a POSIX shared memory object the terminal reads and unlinks.
        case sharedMemory
    }

    /// Most base64 characters in one escape, as the protocol sets it.
    public static let maxChunkCharacters = 4096
    /// Raw bytes per chunk: 4096 characters of base64 carry 3072 bytes, a multiple of 3, so
    /// no chunk but the last has padding.
    static let chunkBytes = maxChunkCharacters / 4 * 3

    public let transmission: Transmission
    public let passthrough: Bool
    private let framing: KittyFraming
    private let deflater: ZlibDeflater
    private let sharedMemory = SharedMemoryPicture()
    private let lastFrame = LastFramePixels()
    private var lastPlacement: KittyPlacement?
    private var lastOrigin: CellPoint?

    /// - Parameter compressionLevel: zlib's 1–9 for `.direct`; 1 (the default) suits video.
    public init(transmission: Transmission = .direct, passthrough: Bool = false, compressionLevel: Int = 1) {
        precondition((1...9).contains(compressionLevel), "zlib levels are 1 to 9")
        self.transmission = transmission
        self.passthrough = passthrough
        framing = KittyFraming(passthrough: passthrough)
        deflater = ZlibDeflater(level: Int32(compressionLevel))
    }

    /// Transmits `image` and places it at the cursor, replacing the image and placement of
    /// the same ids. An empty image writes nothing.
    public func encode(_ image: RGBImage, placement: KittyPlacement, into output: OutputBuffer) throws(GraphicsSystemError) {
        lastFrame.replace(with: image)
        lastPlacement = placement
        lastOrigin = nil
        try transmitOrForget(image, keys: .placed(placement), into: output)
    }

    /// Moves the cursor to `origin` (zero-based cell, sent as `ESC[row;colH`), then
    /// transmits and places `image` there as `encode(_:placement:into:)` does.
    public func encode(_ image: RGBImage, placement: KittyPlacement, at origin: CellPoint,
                       into output: OutputBuffer) throws(GraphicsSystemError) {
        Self.moveCursor(to: origin, into: output)
        try encode(image, placement: placement, into: output)
        lastOrigin = origin
    }

    /// `encode(_:placement:at:into:)` for a frame that differs from the last one encoded;
    /// for the same pixels at another place, size or depth only the placement is sent
    /// again (`a=p`); for the same frame at the same place, nothing. Returns whether it
    /// wrote anything.
    @discardableResult
    public func encodeIfChanged(_ image: RGBImage, placement: KittyPlacement, at origin: CellPoint,
                                into output: OutputBuffer) throws(GraphicsSystemError) -> Bool {
        let samePlace = lastPlacement?.imageID == placement.imageID && lastPlacement?.placementID == placement.placementID
        let pixelsChanged = lastFrame.replace(with: image)
        if !pixelsChanged && samePlace && lastPlacement == placement && lastOrigin == origin { return false }
        Self.moveCursor(to: origin, into: output)
        if pixelsChanged || !samePlace {
            try transmitOrForget(image, keys: .placed(placement), into: output)
        } else {
            output.withWriter(reserving: 160) { w in
                framing.begin(&w)
                w.putLiteral("a=p,")
                KittyKeys.placed(placement).put(&w)
                framing.end(&w)
            }
        }
        lastPlacement = placement
        lastOrigin = origin
        return true
    }

    /// Makes the next `encodeIfChanged` send its frame whatever it is: after the screen
    /// was cleared, or the image deleted.
    public func forgetLastFrame() {
        lastFrame.forget()
        lastPlacement = nil
        lastOrigin = nil
    }

    /// Transmits `image` with a virtual placement (`U=1`) of `cells`, for Unicode
    /// placeholders: nothing shows until `writePlaceholderRow` text is printed, and then
    /// the picture moves with that text (through tmux, in a scrolled pane, in vim).
    public func transmitForPlaceholders(_ image: RGBImage, imageID: UInt32, cells: CellSize,
                                        into output: OutputBuffer) throws(GraphicsSystemError) {
        precondition(imageID != 0, "placeholders need an image id")
        // Transmitting under an id deletes that image's placements: a placed frame of the
        // same id is gone from the screen.
        if lastPlacement?.imageID == imageID { forgetLastFrame() }
        try transmit(image, keys: .virtual(imageID: imageID, cells: cells), into: output)
    }

    /// Deletes the placements of `imageID` (`a=d,d=i`); with `freeingData`, the image's
    /// data too (`d=I`), which the terminal otherwise keeps in its quota.
    public func delete(imageID: UInt32, freeingData: Bool = false, into output: OutputBuffer) {
        output.withWriter(reserving: 64) { w in
            framing.begin(&w)
            w.putLiteral(freeingData ? "a=d,d=I,i=" : "a=d,d=i,i=")
            w.putDecimal(Int(imageID))
            w.putLiteral(",q=2")
            framing.end(&w)
        }
        if lastPlacement?.imageID == imageID { forgetLastFrame() }
    }

    /// CUP to a zero-based cell: `ESC[row+1;column+1H`.
    static func moveCursor(to origin: CellPoint, into output: OutputBuffer) {
        output.withWriter(reserving: 2 * ByteWriter.maxDecimalBytes + 4) { w in
            w.put(0x1B, UInt8(ascii: "["))
            w.putDecimal(origin.row + 1)
            w.put(UInt8(ascii: ";"))
            w.putDecimal(origin.column + 1)
            w.put(UInt8(ascii: "H"))
        }
    }

    // MARK: Transmission

    /// `transmit`, forgetting the last frame if it fails, so the next `encodeIfChanged`
    /// does not take a frame that never reached the terminal for the one on screen.
    private func transmitOrForget(_ image: RGBImage, keys: KittyKeys, into output: OutputBuffer) throws(GraphicsSystemError) {
        do {
            try transmit(image, keys: keys, into: output)
        } catch {
            forgetLastFrame()
            throw error
        }
    }

    private func transmit(_ image: RGBImage, keys: KittyKeys, into output: OutputBuffer) throws(GraphicsSystemError) {
        guard !image.size.isEmpty else { return }
        switch transmission {
        case .direct:
            let data = deflater.compress(image)
            guard let base = data.baseAddress else { return }
            var offset = 0
            repeat {
                let count = min(Self.chunkBytes, data.count - offset)
                let more = offset + count < data.count
                output.withWriter(reserving: 256 + Self.maxChunkCharacters) { w in
                    framing.begin(&w)
                    if offset == 0 {
                        Self.putHead(image, keys: keys, into: &w)
                        w.putLiteral(",o=z,")
                    }
                    // Later chunks carry only m, as the protocol requires.
                    w.putLiteral(more ? "m=1;" : "m=0;")
                    Base64.put(base + offset, count: count, into: &w)
                    framing.end(&w)
                }
                offset += count
            } while offset < data.count
        case .sharedMemory:
            let size = try sharedMemory.publish(image)
            let name = UnsafeRawPointer(sharedMemory.name).assumingMemoryBound(to: UInt8.self)
            output.withWriter(reserving: 256 + Base64.encodedCount(sharedMemory.nameLength)) { w in
                framing.begin(&w)
                Self.putHead(image, keys: keys, into: &w)
                w.putLiteral(",t=s,S=")
                w.putDecimal(size)
                w.put(UInt8(ascii: ";"))
                Base64.put(name, count: sharedMemory.nameLength, into: &w)
                framing.end(&w)
            }
        }
    }

    /// `a=T,f=24,s=W,v=H,` and the placement's keys.
    private static func putHead(_ image: RGBImage, keys: KittyKeys, into w: inout ByteWriter) {
        w.putLiteral("a=T,f=24,s=")
        w.putDecimal(image.width)
        w.putLiteral(",v=")
        w.putDecimal(image.height)
        w.put(UInt8(ascii: ","))
        keys.put(&w)
    }
}
