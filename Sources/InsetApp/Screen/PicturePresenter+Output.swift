import InsetRender

/// How the presenter's pictures reach the terminal.
extension PicturePresenter {
    enum Output: Hashable, Sendable {
        case kitty(KittyGraphicsEncoder.Transmission, passthrough: Bool)
        /// Kitty graphics shown by Unicode placeholders: inside tmux, with passthrough.
        case kittyPlaceholders(passthrough: Bool)
        case sixel
        /// iTerm2's inline images, JPEG; inside tmux in the multipart form, with passthrough.
        case iterm(passthrough: Bool)

        /// Whether the video layers hold placeholder cells rather than holes.
        var usesPlaceholders: Bool {
            if case .kittyPlaceholders = self { return true }
            return false
        }

        /// Whether a picture's bytes, written again, show it again: not through shared
        /// memory, which the terminal reads once and unlinks.
        var bytesReplayable: Bool {
            if case .kitty(.sharedMemory, _) = self { return false }
            return true
        }

        /// Whether pictures go through tmux wrapped (kitty and iTerm2; sixel tmux draws itself).
        var passthrough: Bool {
            switch self {
            case .kitty(_, let passthrough), .kittyPlaceholders(let passthrough): return passthrough
            case .iterm(let passthrough): return passthrough
            case .sixel: return false
            }
        }

        /// Whether pictures are pixels on the terminal's screen that only cells written over
        /// them take away (sixel, iTerm2 images: no ids, no delete), rather than images the
        /// player deletes by id (kitty).
        var leavesPixels: Bool {
            switch self {
            case .sixel, .iterm: return true
            case .kitty, .kittyPlaceholders: return false
            }
        }

        /// Whether pictures go as iTerm2 inline images.
        var isITerm: Bool {
            if case .iterm = self { return true }
            return false
        }
    }
}
