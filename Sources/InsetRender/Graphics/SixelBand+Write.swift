/// Writing a band as few bytes as the sixel grammar allows, after libsixel's encoder
/// (`sixel_encode_body`, read for its ideas, not its code):
///
/// - each colour's columns are cut into segments wherever `splitGap` or more columns lack
///   it, so one colour at both edges of the picture is two short segments, not one long
///   span of empty sixels;
/// - segments are written in passes from left to right, each pass taking the next
///   segment that starts at or after where the last ended, whatever its colour: colours
///   side by side share one pass, and a `$` (back to the left edge) comes only when no
///   segment fits any more;
/// - a colour is selected (`#n`) only when it is not the one selected already, across
///   passes and bands; the palette itself is sent once, in the header;
/// - repeats go as `!n c` when that is shorter.
extension SixelBand {
    /// Columns without a colour at which its segment is cut, unless the encoder says
    /// otherwise: shorter gaps are cheaper as a run of empty sixels (`!n?`, 3–4 bytes)
    /// than a new segment (a `#n` and a skip). Measured on Big Buck Bunny (scripts/bench-sixel).
    static let defaultSplitGap = 10

    /// The band's segments: parallel arrays of at most 6 x width entries (each holds a
    /// column of its colour, and a column holds at most six colours), and per column the
    /// list of the segments that start there, longest first.
    struct Segments {
        let start: UnsafeMutablePointer<Int32>
        let end: UnsafeMutablePointer<Int32>
        let color: UnsafeMutablePointer<UInt8>
        let next: UnsafeMutablePointer<Int32>
        let firstAt: UnsafeMutablePointer<Int32>

        init(width: Int) {
            let capacity = 6 * width
            start = .allocate(capacity: capacity)
            end = .allocate(capacity: capacity)
            color = .allocate(capacity: capacity)
            next = .allocate(capacity: capacity)
            firstAt = .allocate(capacity: width)
            firstAt.initialize(repeating: -1, count: width)
        }

        func deallocate() {
            start.deallocate(); end.deallocate(); color.deallocate(); next.deallocate(); firstAt.deallocate()
        }

        /// Files segment `s` under its start column, after those as long or longer.
        @inline(__always)
        func file(_ s: Int) {
            let column = Int(start[s])
            var previous = -1, t = Int(firstAt[column])
            while t >= 0 && end[t] >= end[s] { previous = t; t = Int(next[t]) }
            next[s] = Int32(t)
            if previous < 0 { firstAt[column] = Int32(s) } else { next[previous] = Int32(s) }
        }
    }

    /// Appends the band and leaves its rows zeroed; `-` (next band) after it unless this is
    /// the last band, where a `-` would add an empty band below the picture.
    func write(into output: OutputBuffer, isLast: Bool) {
        let count = cutSegments()
        var head = orderByStart()
        var remaining = count
        let segments = self.segments, bits = self.bits, width = self.width
        var active = activeColor
        while head >= 0 {
            // A pass covers at most `width` columns, each run no longer than its columns,
            // plus "#255" per segment, a separator and decimal slack.
            output.withWriter(reserving: width + 4 * remaining + 8) { w in
                var x = 0, previous = -1, s = head
                while s >= 0 {
                    let start = Int(segments.start[s]), following = Int(segments.next[s])
                    guard start >= x else { previous = s; s = following; continue }
                    let c = Int(segments.color[s]), end = Int(segments.end[s])
                    if start > x { Self.putRun(&w, sixel: 0, count: start - x) }
                    if c != active {
                        w.put(UInt8(ascii: "#"))
                        w.putSmallDecimal(c)
                        active = c
                    }
                    let row = bits + c * width
                    Self.putSixels(&w, row, from: start, through: end)
                    (row + start).update(repeating: 0, count: end - start + 1)
                    x = end + 1
                    if previous < 0 { head = following } else { segments.next[previous] = Int32(following) }
                    remaining -= 1
                    s = following
                }
                if head >= 0 { w.put(UInt8(ascii: "$")) } else if !isLast { w.put(UInt8(ascii: "-")) }
            }
        }
        if count == 0 && !isLast { output.append(UInt8(ascii: "-")) }
        activeColor = active
        presentCount = 0
    }

    /// Cuts each present colour's span into segments at gaps of `splitGap` columns or
    /// more, filed by start column; returns how many.
    private func cutSegments() -> Int {
        let segments = self.segments, bits = self.bits, width = self.width, gap = splitGap
        var n = 0
        for k in 0..<presentCount {
            let c = Int(present[k])
            let row = bits + c * width
            let spanEnd = Int(self.spanEnd[c])
            var first = Int(spanStart[c]), last = first, x = first + 1
            while x <= spanEnd {
                if row[x] == 0 {
                    // Gaps are the long runs: 8 columns at a time.
                    while x + 8 <= spanEnd + 1 && UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self) == 0 { x += 8 }
                    while x <= spanEnd && row[x] == 0 { x += 1 }
                    if x > spanEnd { break }
                }
                if x - last - 1 >= gap {
                    segments.start[n] = Int32(first); segments.end[n] = Int32(last); segments.color[n] = UInt8(c)
                    segments.file(n)
                    n += 1
                    first = x
                }
                last = x
                x += 1
            }
            segments.start[n] = Int32(first); segments.end[n] = Int32(last); segments.color[n] = UInt8(c)
            segments.file(n)
            n += 1
            self.spanEnd[c] = -1
        }
        return n
    }

    /// Chains the filed segments into one list by start column (the per-column lists
    /// joined left to right, emptied as it goes); returns its head (-1: none).
    private func orderByStart() -> Int {
        let segments = self.segments
        var head = -1, tail = -1
        for column in 0..<width where segments.firstAt[column] >= 0 {
            var s = Int(segments.firstAt[column])
            segments.firstAt[column] = -1
            if tail < 0 { head = s } else { segments.next[tail] = Int32(s) }
            while segments.next[s] >= 0 { s = Int(segments.next[s]) }
            tail = s
        }
        return head
    }

    /// Columns `start...end` of one colour's row, as runs.
    @inline(__always)
    private static func putSixels(_ w: inout ByteWriter, _ row: UnsafeMutablePointer<UInt8>, from start: Int, through end: Int) {
        var x = start
        while x <= end {
            let value = row[x]
            var n = 1
            while x + n <= end && row[x + n] == value { n += 1 }
            putRun(&w, sixel: value, count: n)
            x += n
        }
    }
}
