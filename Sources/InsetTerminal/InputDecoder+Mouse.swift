import InsetCore

/// Mouse reports. The session asks for SGR encoding (mode 1006: `ESC [ < b ; x ; y M`,
/// `m` on release), which has no coordinate limit and says which button was released; the
/// X10 form (`ESC [ M` and three bytes) is decoded too, for terminals that ignore 1006.
extension InputDecoder {
    /// The button byte shared by both encodings: bits 0-1 the button, bit 2 shift, bit 3
    /// alt, bit 4 ctrl, bit 5 motion, bit 6 wheel, bit 7 buttons 8-11.
    static func mouseButton(_ code: Int) -> MouseEvent.Button {
        let base = code & 0b11
        if code & 128 != 0 { return .extra(8 + base) }
        if code & 64 != 0 { return [.wheelUp, .wheelDown, .wheelLeft, .wheelRight][base] }
        return [.left, .middle, .right, .none][base]
    }

    static func mouseModifiers(_ code: Int) -> KeyModifiers {
        var result: KeyModifiers = []
        if code & 4 != 0 { result.insert(.shift) }
        if code & 8 != 0 { result.insert(.alt) }
        if code & 16 != 0 { result.insert(.control) }
        return result
    }

    /// `ESC [ < b ; x ; y M|m` with 1-based x (column) and y (row).
    static func decodeSGRMouse(_ numbers: [Int?], released: Bool) -> InputEvent? {
        guard numbers.count == 3, let code = numbers[0], let x = numbers[1], let y = numbers[2] else { return nil }
        let button = mouseButton(code)
        let action: MouseEvent.Action
        if code & 32 != 0 {
            action = button == .none ? .move : .drag
        } else {
            action = released ? .release : .press
        }
        let position = CellPoint(column: max(0, x - 1), row: max(0, y - 1))
        return .mouse(MouseEvent(action, button, at: position, modifiers: mouseModifiers(code)))
    }

    /// `ESC [ M` then button, x, y, each plus 32. A release does not say which button.
    static func decodeX10Mouse(_ b: UInt8, _ x: UInt8, _ y: UInt8) -> InputEvent? {
        guard b >= 32, x > 32, y > 32 else { return nil }
        let code = Int(b) - 32
        let button = mouseButton(code)
        let action: MouseEvent.Action
        if code & 32 != 0 {
            action = button == .none ? .move : .drag
        } else {
            action = button == .none ? .release : .press
        }
        let position = CellPoint(column: Int(x) - 33, row: Int(y) - 33)
        return .mouse(MouseEvent(action, button, at: position, modifiers: mouseModifiers(code)))
    }
}
