import CFFmpeg
import InsetCore

/// How a picture is brought within `maxBytes` (issue 42 item 18): its ladder is 4:4:4 at
/// `quality`, then, when its chroma is soft, 4:2:2 at `quality` and at each coarser
/// quantizer, in eighths for three whole steps, else 4:4:4 at coarser quantizers; the first
/// step that fits is sent. Big Buck Bunny at 1200x660, six frames: 131–155 KB with base64
/// at q 5, now 115–120 KB at 36.11–38.45 dB (`JPEGEncoderTests`; the busiest, at 0.2 s,
/// 4:2:2 at q 5.875: 35.97 dB at q 6 before the eighths).
///
/// Measured on frames of Big Buck Bunny at 1200x660 (`ffmpeg -c:v mjpeg`, PSNR of the JPEG
/// against its own input): going from 4:4:4 to 4:2:0 at q 5 saves a fifth of the bytes for
/// 0.6–1 dB; q 5 to 6 at 4:4:4 saves a tenth for 0.9 dB. On bench_1080p's test pattern
/// 4:2:0 is near 33 dB whatever the quantizer: its sharp coloured edges lose their chroma,
/// which `chromaSurvivesSubsampling` tells apart before choosing.
extension JPEGEncoder {
    /// One step of a picture's ladder.
    struct Step: Equatable {
        /// The chroma's size: 4:4:4, 4:2:2 (halved across) or 4:2:0 (halved both ways).
        enum Chroma { case full, halfAcross, half }
        var chroma: Chroma
        /// mjpeg's quantizer scale, in eighths up to `fineStepsUpTo` past `quality`.
        var quantizer: Double
    }

    /// The PSNR (over R, G and B) that halving the chroma alone leaves, past which 4:2:0
    /// costs less than a coarser quantizer: Big Buck Bunny's frames measure 43–46 dB,
    /// bench_1080p's about 33.
    static let softChromaDecibels = 40.0
    /// A step's bytes over the one before it, at most (an eighth step is about 0.98): the
    /// next picture tries a step finer only when its bytes there would surely fit, so a
    /// steady shot costs one encode a picture.
    static let stepRatio = 0.85

    /// Past `quality`, quantizers go in eighths up to this many whole steps coarser, where
    /// pictures land (a whole step is 0.4-0.9 dB and 7-10 % of the bytes; Big Buck Bunny's
    /// busiest frame went from 4:2:2 at q 6, 35.97 dB, to q 5.875, 36.11), then in whole
    /// steps, so that the ladder stays short for pictures that need far coarser ones.
    static let fineStepsUpTo = 3

    /// The quantizers from `quality` on, finest first: in eighths, then whole.
    func quantizers() -> [Double] {
        let finest = Double(quality), fineEnd = min(31, quality + Self.fineStepsUpTo)
        let eighths = (0..<(fineEnd - quality) * 8).map { finest + Double($0) / 8 }
        return eighths + (fineEnd...31).map(Double.init)
    }

    /// The steps of a picture's ladder, finest first.
    /// Soft chroma: 4:2:2 at each quantizer from `quality` on. Else 4:4:4 at coarser
    /// quantizers. Both end with 4:2:0 at the coarsest, so that any picture can fit.
    /// 4:2:0 earlier lost to 4:2:2 at a finer quantizer of the same bytes (Big Buck Bunny
    /// at 0.2 s by `ffmpeg -intra_matrix` and its PSNR: 4:2:0 at q 5, 113 KB at 37.09 dB;
    /// 4:2:2 at q 5.5, 116 KB at 37.34, at q 6, 109 KB at 36.95). Chroma coarser or finer
    /// than luma, or a flat luma table, moved it by 0.1 dB at most.
    func ladder(softChroma: Bool) -> [Step] {
        let finest = Step(chroma: .full, quantizer: Double(quality))
        let coarsest = Step(chroma: .half, quantizer: 31)
        if softChroma {
            return [finest] + quantizers().map { Step(chroma: .halfAcross, quantizer: $0) } + [coarsest]
        }
        return [finest] + quantizers().dropFirst().map { Step(chroma: .full, quantizer: $0) } + [coarsest]
    }

    /// Encodes the converted 4:4:4 frame into `packet` at the first step that fits: from
    /// the last picture's step (a step finer when that one had room to spare), coarser
    /// until one fits, then finer while a finer one should fit too.
    func encodeFitting() throws(Failure) {
        guard let full else { throw Failure(description: "no JPEG encoder") }
        subsampledIsCurrent = false
        halfAcrossIsCurrent = false
        var index = lastStep
        if index > 0, Self.finerMayFit(lastBytes, maxBytes) { index -= 1 }
        var bytes = 0
        if index == 0 {
            bytes = try encode(full, quantizer: Double(quality))
            guard bytes > maxBytes else {
                lastStep = 0
                lastBytes = bytes
                return
            }
            index = 1
        }
        let steps = ladder(softChroma: chromaSurvivesSubsampling(full.frame))
        index = min(index, steps.count - 1)
        bytes = try encode(steps[index])
        while bytes > maxBytes, index + 1 < steps.count {
            index += 1
            bytes = try encode(steps[index])
        }
        // Started too coarse (the shot got simpler): finer while that should fit.
        while index > 1, bytes <= maxBytes, Self.finerMayFit(bytes, maxBytes) {
            let finer = try encode(steps[index - 1])
            guard finer <= maxBytes else {
                bytes = try encode(steps[index])
                break
            }
            index -= 1
            bytes = finer
        }
        lastStep = index
        lastBytes = bytes
    }

    /// Whether a picture of `bytes` would likely fit `maxBytes` a step finer.
    static func finerMayFit(_ bytes: Int, _ maxBytes: Int) -> Bool { Double(bytes) / stepRatio <= Double(maxBytes) }

    private func encode(_ step: Step) throws(Failure) -> Int {
        guard let full else { throw Failure(description: "no JPEG encoder") }
        let halvedRows = step.chroma == .half
        switch step.chroma {
        case .full:
            return try encode(full, quantizer: step.quantizer)
        case .halfAcross where halfAcross == nil:
            halfAcross = try Self.coder(size, format: AV_PIX_FMT_YUVJ422P)
        case .half where subsampled == nil:
            subsampled = try Self.coder(size, format: AV_PIX_FMT_YUVJ420P)
        default:
            break
        }
        guard let coder = halvedRows ? subsampled : halfAcross else { throw Failure(description: "no JPEG encoder") }
        if !(halvedRows ? subsampledIsCurrent : halfAcrossIsCurrent) {
            guard av_frame_make_writable(coder.frame) >= 0 else { throw Failure(description: "out of memory") }
            Self.subsample(full.frame, into: coder.frame, size: size, rows: halvedRows)
            if halvedRows { subsampledIsCurrent = true } else { halfAcrossIsCurrent = true }
        }
        return try encode(coder, quantizer: step.quantizer)
    }

    /// Whether `frame`'s chroma (4:4:4) loses little when halved both ways: the error that
    /// averaging each 2x2 block of Cb and Cr leaves, carried to R, G and B by BT.601's
    /// matrix (R += 1.402 Cr, G -= 0.344 Cb + 0.714 Cr, B += 1.772 Cb), as a PSNR.
    func chromaSurvivesSubsampling(_ frame: UnsafeMutablePointer<AVFrame>) -> Bool {
        let width = size.width, height = size.height
        guard width >= 2, height >= 2 else { return false }
        let (cb, cr) = (Self.halvingError(frame, plane: 1, size: size), Self.halvingError(frame, plane: 2, size: size))
        let mse = (cb * (0.344 * 0.344 + 1.772 * 1.772) + cr * (1.402 * 1.402 + 0.714 * 0.714)) / 3
        guard mse > 0 else { return true }
        return 10 * log10(255 * 255 / mse) >= Self.softChromaDecibels
    }

    /// The mean squared difference between a plane and the means of its 2x2 blocks.
    static func halvingError(_ frame: UnsafeMutablePointer<AVFrame>, plane: Int, size: PixelSize) -> Double {
        let (data, rowBytes) = planeOf(frame, plane)
        var sum = 0
        for y in stride(from: 0, to: size.height - 1, by: 2) {
            let top = data + y * rowBytes, bottom = top + rowBytes
            for x in stride(from: 0, to: size.width - 1, by: 2) {
                let a = Int(top[x]), b = Int(top[x + 1]), c = Int(bottom[x]), d = Int(bottom[x + 1])
                // 16 × the squared differences from the mean, summed: (4a - s)² for each.
                let s = a + b + c + d
                sum += (4 * a - s) * (4 * a - s) + (4 * b - s) * (4 * b - s) + (4 * c - s) * (4 * c - s) + (4 * d - s) * (4 * d - s)
            }
        }
        let counted = (size.width / 2) * (size.height / 2) * 4
        return Double(sum) / 16 / Double(max(1, counted))
    }

    /// `source` (4:4:4) as 4:2:0 (`rows`) or 4:2:2 in `target`: the luma as it is, each
    /// chroma sample the mean of its 2x2 (or 2x1) block (at an odd edge, of what there is).
    static func subsample(_ source: UnsafeMutablePointer<AVFrame>, into target: UnsafeMutablePointer<AVFrame>, size: PixelSize,
                          rows: Bool) {
        let (luma, lumaStride) = planeOf(source, 0)
        let (targetLuma, targetStride) = planeOf(target, 0)
        for y in 0..<size.height {
            (targetLuma + y * targetStride).update(from: luma + y * lumaStride, count: size.width)
        }
        let halfWidth = (size.width + 1) / 2, outHeight = rows ? (size.height + 1) / 2 : size.height
        for plane in 1...2 {
            let (data, rowBytes) = planeOf(source, plane)
            let (out, outStride) = planeOf(target, plane)
            for y in 0..<outHeight {
                let top = data + (rows ? 2 * y : y) * rowBytes
                let bottom = rows && 2 * y + 1 < size.height ? top + rowBytes : top
                let row = out + y * outStride
                for x in 0..<halfWidth {
                    let left = 2 * x, right = min(2 * x + 1, size.width - 1)
                    let sum = Int(top[left]) + Int(top[right]) + Int(bottom[left]) + Int(bottom[right])
                    row[x] = UInt8((sum + 2) / 4)
                }
            }
        }
    }

    /// Plane `index` of `frame`: its first byte and its stride.
    static func planeOf(_ frame: UnsafeMutablePointer<AVFrame>, _ index: Int) -> (UnsafeMutablePointer<UInt8>, Int) {
        let data = withUnsafeBytes(of: frame.pointee.data) { $0.load(fromByteOffset: index * MemoryLayout<UnsafeMutablePointer<UInt8>?>.stride,
                                                                       as: UnsafeMutablePointer<UInt8>?.self) }
        let stride = withUnsafeBytes(of: frame.pointee.linesize) { $0.load(fromByteOffset: index * 4, as: Int32.self) }
        return (data!, Int(stride))
    }
}
