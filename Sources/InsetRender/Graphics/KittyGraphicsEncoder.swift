import InsetCore

/// Turns pictures into kitty graphics protocol escapes (kitty, WezTerm, Ghostty, Konsole):
/// pure bytes into an `OutputBuffer`; the only system calls are the shared memory ones of
/// `.sharedMemory` transmission.
///
/// A frame goes as one `a=T` command (transmit and place) of 24-bit RGB (`f=24`) or a PNG, with
/// `q=2` (the terminal sends no replies that would land in the app's input) and `C=1` (the
/// cursor stays where it was, so the app's idea of it stays true):
/// - `.direct`: the pixels compressed and base64-encoded in the escape itself, in chunks of
///   at most 4096 characters (`m=1` … `m=0`) as the protocol requires. Works over ssh and
///   anywhere bytes reach the terminal. `Coding` says how: exact RGB deflated (`o=z`,
///   `ZlibDeflater`), or a near-lossless PNG (`f=100`, `NearLosslessPNG`), a quarter of
///   the bytes for video.
/// - `.sharedMemory`: the raw pixels in a POSIX shared memory object (`t=s`), only its
///   name in the escape. Only for a terminal on this machine, and only once it is known to
///   support it: an object the terminal never reads stays in /dev/shm. When the terminal
///   leaves them unread, or one cannot be made, the process gives shared memory up
///   (`SharedMemoryObjects`) and this sends the pixels in the escapes, as `.direct` with
///   `Coding.video`, from then on.
///
/// The picture lands at the cursor: the caller moves it there first.
///
/// With `passthrough`, every escape is wrapped for tmux (`ESC Ptmux;` … `ESC \`, the
/// inner ESCs doubled); tmux needs `set -g allow-passthrough on`. Under tmux the picture
/// lands where the outer terminal's cursor is, which tmux does not promise to match the
/// pane's; Unicode placeholders (`transmitForPlaceholders`, `writePlaceholderRow`) are
/// the robust way there, since tmux moves text around itself.
///
/// It sends every frame it is given: whether a frame is new is the caller's to know (the
/// player knows it by the frame's time, without comparing pixels).
///
/// Ownership: one owner (the thread that encodes). The compression state and its output
/// are kept from frame to frame: in steady state, encoding allocates nothing (the output
/// buffer may grow until it has held the largest frame).
public final class KittyGraphicsEncoder {
    public enum Transmission: Hashable, Sendable {
        /// Pixels in the escapes, compressed and base64-encoded.
        case direct
        /// Pixels in a POSIX shared memory object the terminal reads and unlinks.
        case sharedMemory
    }

    /// How `.direct` transmission packs the pixels.
    public enum Coding: Hashable, Sendable {
        /// The exact pixels, 24-bit RGB deflated (`f=24,o=z`).
        case exact
        /// A PNG (`f=100`) whose every pixel is within `maxError` of the source in each
        /// channel: prediction differences rounded (`NearLosslessPNG`).
        case png(maxError: Int)

        /// For video: PNG within 4, about 40 dB, measured by scripts/bench-kitty (exact was
        /// 2.1 MB of escapes a frame at 1200x660 on Big Buck Bunny, this 0.52 MB).
        public static let video = Coding.png(maxError: 4)
    }

    /// Most base64 characters in one escape, as the protocol sets it.
    public static let maxChunkCharacters = 4096
    /// Raw bytes per chunk: 4096 characters of base64 carry 3072 bytes, a multiple of 3, so
    /// no chunk but the last has padding.
    static let chunkBytes = maxChunkCharacters / 4 * 3

    let transmission: Transmission
    private let framing: KittyFraming
    private lazy var deflater = ZlibDeflater(level: 1)  // the fastest: it is video
    private var png: NearLosslessPNG?
    private let sharedMemory: SharedMemoryPicture

    /// `coding` applies to `.direct` only: shared memory carries the exact pixels (and when
    /// it is given up, the escapes carry video's coding). `ledger` is the process's own but
    /// in tests.
    public convenience init(transmission: Transmission = .direct, passthrough: Bool = false, coding: Coding = .exact) {
        self.init(transmission: transmission, passthrough: passthrough, coding: coding, ledger: .shared)
    }

    init(transmission: Transmission, passthrough: Bool, coding: Coding, ledger: SharedMemoryObjects) {
        self.transmission = transmission
        framing = KittyFraming(passthrough: passthrough)
        sharedMemory = SharedMemoryPicture(ledger: ledger)
        if transmission == .direct, case .png(let maxError) = coding {
            png = NearLosslessPNG(maxError: maxError)
        } else {
            png = nil
        }
    }

    /// Transmits `image` and places it at the cursor, replacing the image and placement of
    /// the same ids. An empty image writes nothing.
    public func encode(_ image: RGBImage, placement: KittyPlacement, into output: OutputBuffer) throws(GraphicsSystemError) {
        try transmit(image, keys: .placed(placement), into: output)
    }

    /// Transmits `image` with a virtual placement (`U=1`) of `cells`, for Unicode
    /// placeholders: nothing shows until `writePlaceholderRow` text is printed, and then
    /// the picture moves with that text (through tmux, in a scrolled pane, in vim).
    public func transmitForPlaceholders(_ image: RGBImage, imageID: UInt32, cells: CellSize,
                                        into output: OutputBuffer) throws(GraphicsSystemError) {
        precondition(imageID != 0, "placeholders need an image id")
        try transmit(image, keys: .virtual(imageID: imageID, cells: cells), into: output)
    }

    /// Deletes the placements of `imageID` (`a=d,d=i`); with `freeingData`, the image's
    /// data too (`d=I`), which the terminal otherwise keeps in its quota. Needs no encoder:
    /// the thread that writes to the terminal deletes while another one encodes.
    public static func delete(imageID: UInt32, freeingData: Bool = false, passthrough: Bool = false,
                              into output: OutputBuffer) {
        KittyFraming(passthrough: passthrough).command(into: output, reserving: 64) { w in
            w.putLiteral(freeingData ? "a=d,d=I,i=" : "a=d,d=i,i=")
            w.putDecimal(Int(imageID))
            w.putLiteral(",q=2")
        }
    }

    // MARK: Transmission

    private func transmit(_ image: RGBImage, keys: KittyKeys, into output: OutputBuffer) throws(GraphicsSystemError) {
        guard !image.size.isEmpty else { return }
        if transmission == .sharedMemory {
            if sharedMemory.ledger.checkRead() {
                do {
                    try transmitShared(image, keys: keys, into: output)
                    return
                } catch {
                    sharedMemory.ledger.giveUp("shared memory could not be used (\(error))")
                }
            }
            if png == nil, case .png(let maxError) = Coding.video { png = NearLosslessPNG(maxError: maxError) }
        }
        transmitDirect(image, keys: keys, into: output)
    }

    private func transmitDirect(_ image: RGBImage, keys: KittyKeys, into output: OutputBuffer) {
        let data = png?.encode(image) ?? deflater.compress(image)
        guard let base = data.baseAddress else { return }
        var offset = 0
        repeat {
            let count = min(Self.chunkBytes, data.count - offset)
            let more = offset + count < data.count
            framing.command(into: output, reserving: 256 + Self.maxChunkCharacters) { w in
                if offset == 0 {
                    if png != nil {
                        // The PNG says its size.
                        w.putLiteral("a=T,f=100,")
                        keys.put(&w)
                        w.put(UInt8(ascii: ","))
                    } else {
                        Self.putHead(image, keys: keys, into: &w)
                        w.putLiteral(",o=z,")
                    }
                }
                // Later chunks carry only m, as the protocol requires.
                w.putLiteral(more ? "m=1;" : "m=0;")
                Base64.put(base + offset, count: count, into: &w)
            }
            offset += count
        } while offset < data.count
    }

    private func transmitShared(_ image: RGBImage, keys: KittyKeys, into output: OutputBuffer) throws(GraphicsSystemError) {
        let size = try sharedMemory.publish(image)
        let name = UnsafeRawPointer(sharedMemory.name).assumingMemoryBound(to: UInt8.self)
        framing.command(into: output, reserving: 256 + Base64.encodedCount(sharedMemory.nameLength)) { w in
            Self.putHead(image, keys: keys, into: &w)
            w.putLiteral(",t=s,S=")
            w.putDecimal(size)
            w.put(UInt8(ascii: ";"))
            Base64.put(name, count: sharedMemory.nameLength, into: &w)
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
