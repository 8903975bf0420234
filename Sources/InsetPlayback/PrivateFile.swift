import Foundation

/// A small file of what the user watched, written whole or not at all: a temporary file
/// beside it renamed over it, so a reader (another player, the next start, mpv, a
/// launcher's `cat`) never sees half of one. What was watched is the user's alone: the
/// folder is made 0700 and the file 0600. `closesFolder`: an existing folder is made 0700
/// too (Inset's own, which older versions made 0755; not a folder the user named).
enum PrivateFile {
    public static func replace(_ file: String, in directory: String, with text: String, temporaryName: String,
                        closesFolder: Bool) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        if closesFolder { _ = chmod(directory, 0o700) }
        let temporary = directory + "/.\(temporaryName).\(getpid()).tmp"
        unlink(temporary)
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8),
                                             attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown)
        }
        guard rename(temporary, file) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: why])
        }
    }
}
