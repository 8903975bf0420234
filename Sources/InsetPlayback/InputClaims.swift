/// What keeps a second reader off a file while it is being opened for playback: the app's
/// library, whose probe would otherwise open the same file at the same time. The opener
/// claims the path on its thread before opening and releases it when what it opened is
/// closed unseen (cancelled); it knows no more of the library than this.
public protocol InputClaims: AnyObject, Sendable {
    func claim(_ path: String)
    func release(_ path: String)
}
