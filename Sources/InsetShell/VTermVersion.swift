import CVTerm

/// libvterm's version as its headers give it (the library has no call that says its
/// own): `inset doctor`'s library line.
public enum VTermVersion {
    public static var text: String { "\(VTERM_VERSION_MAJOR).\(VTERM_VERSION_MINOR)" }
}
