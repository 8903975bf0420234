import InsetCore

extension PiPWindow {
    enum Direction { case left, right, up, down }

    /// A keyboard move (`window-move left`…): to the adjacent corner in that direction;
    /// left of a left corner (or right of a right one) stashes the window against that
    /// edge, and the opposite direction pulls it back.
    mutating func step(toward direction: Direction) {
        if let edge = layout.stashedEdge {
            if (edge == .left && direction == .right) || (edge == .right && direction == .left) { layout.unstash() }
            return
        }
        let corner = layout.nearestCorner
        switch direction {
        case .left:
            if corner.isLeft { layout.stash(toward: .left) } else { layout.place(at: .init(left: true, top: corner.isTop)) }
        case .right:
            if !corner.isLeft { layout.stash(toward: .right) } else { layout.place(at: .init(left: false, top: corner.isTop)) }
        case .up: layout.place(at: .init(left: corner.isLeft, top: true))
        case .down: layout.place(at: .init(left: corner.isLeft, top: false))
        }
    }
}
