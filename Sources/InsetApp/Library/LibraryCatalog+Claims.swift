import InsetPlayback

/// The library is what the opener claims a file from (`InputClaims`), so that its probe
/// does not open the file being opened for playback.
extension LibraryCatalog: InputClaims {}
