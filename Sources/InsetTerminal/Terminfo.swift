import CNcurses
import Glibc

/// Read-only look-ups in the terminfo entry of the current ncurses terminal (the one
/// `newterm` loaded). UI thread only: ncurses keeps the current terminal in a global.
enum Terminfo {
    /// `tigetstr(3X)`: a string capability (`smcup`, `civis`...) as bytes, with terminfo's
    /// `$<n>` padding removed since nothing here pads. Nil when the entry lacks it.
    static func string(_ name: String) -> [UInt8]? {
        guard let pointer = tigetstr(name) else { return nil }
        // (char *)-1 means "not a string capability": a typo in the name, not an absence.
        guard UInt(bitPattern: pointer) != UInt.max else { return nil }
        let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                              count: strlen(pointer)))
        return removingPadding(bytes)
    }

    /// `tigetnum(3X)`: a numeric capability (`colors`), nil when absent (-1) or not
    /// numeric (-2).
    static func number(_ name: String) -> Int? {
        let value = tigetnum(name)
        return value >= 0 ? Int(value) : nil
    }

    /// `tigetflag(3X)`: a boolean capability; false when absent or not boolean.
    static func flag(_ name: String) -> Bool {
        tigetflag(name) > 0
    }

    /// Whether the entry has the RGB or Tc extended flag (`cncurses_has_rgb_capability`):
    /// the terminal takes 24-bit colour directly.
    static var hasRGB: Bool { cncurses_has_rgb_capability() != 0 }

    /// Drops `$<5>`, `$<2*/>` delay marks, which are for `tputs` and meaningless to a
    /// terminal emulator.
    static func removingPadding(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<"),
               let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ">")) {
                index = close + 1
                continue
            }
            result.append(bytes[index])
            index += 1
        }
        return result
    }
}
