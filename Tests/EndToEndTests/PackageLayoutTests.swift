import Foundation
import InsetTestSupport
import Testing

/// Issue 46: `scripts/package --layout BINARY DIR`, the step of scripts/package after the
/// release build, on the player the tests have. That build links the Swift runtime's
/// libraries dynamically (only scripts/package links them in), and a package of it would
/// install and then fail to start where there is no Swift: it must be refused, the library
/// named. A binary with the runtime linked in (INSET_BIN pointing at .build-package's) is
/// laid out instead, and the files and the Depends line checked. The whole package, in a
/// clean Debian root, is `scripts/package --check` (docs/testing.md): too slow for here.
@Suite("scripts/package --layout: the package's files, and no Swift runtime (issue 46)", .tags(.waits))
struct PackageLayoutTests {
    @Test("a player needing libswiftCore is refused; one without it is laid out with its Depends")
    func layout() throws {
        let binary = try insetBinary()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("package-layout-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let needed = try runCommand(["objdump", "-p", binary])
        let result = try spawnAndWait([repositoryRoot.appendingPathComponent("scripts/package").path, "--layout", binary, folder.path],
                                      environment: ProcessInfo.processInfo.environment, errors: .withOutput)
        guard !needed.contains("libswiftCore") else {
            #expect(result.status != 0)
            #expect(result.output.contains("libswiftCore.so") && result.output.contains("--static-swift-stdlib"), "\(result.output)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("usr/bin/inset").path))
            return
        }
        #expect(result.status == 0, "\(result.output)")
        for file in ["usr/bin/inset", "usr/lib/inset/bin/inset", "usr/lib/inset/libexec/swift/linux/swift-backtrace",
                     "usr/share/man/man1/inset.1.gz", "usr/share/bash-completion/completions/inset",
                     "usr/share/zsh/vendor-completions/_inset", "usr/share/fish/vendor_completions.d/inset.fish",
                     "usr/share/doc/inset/copyright", "usr/share/doc/inset/install.md", "DEBIAN/control"] {
            #expect(result.output.contains(file + "\n"), "\(file) missing")
        }
        let control = try String(contentsOf: folder.appendingPathComponent("DEBIAN/control"), encoding: .utf8)
        let depends = control.split(separator: "\n").first { $0.hasPrefix("Depends: ") } ?? ""
        for package in ["libavformat", "libsdl2", "libncursesw", "libvterm", "libass", "libluajit", "libdbus"] {
            #expect(depends.contains(package), "\(package) not in \(depends)")
        }
    }
}
