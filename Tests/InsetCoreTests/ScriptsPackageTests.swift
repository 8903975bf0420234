import Foundation
import Testing

/// Issue 44 item 6: scripts/ is one Python package, `scripts/inset_tools`, with the programs
/// as entry points beside it, and no import cycle (ptyterm.py and ptypictures.py imported
/// each other). Read from the sources: each module's imports of its siblings, relative
/// (`from .x import`, `from . import x`) or by bare name (as the flat folder did). Every Python
/// program in scripts/ is a thin entry point importing `main` from the package, and no module
/// is over 300 lines (split by job, as the Swift sources are).
@Suite("scripts/: one Python package, no import cycle (issue 44 item 6)")
struct ScriptsPackageTests {
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts")

    /// Every `.py` under `folder`, by dotted module name relative to it ("fuzzing.media").
    static func modules(under folder: URL) throws -> [String: String] {
        var found: [String: String] = [:]
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = walker?.nextObject() as? URL {
            guard file.pathExtension == "py" else { continue }
            let relative = file.path.dropFirst(folder.path.count + 1).dropLast(3)
            found[relative.replacingOccurrences(of: "/", with: ".")] = try String(contentsOf: file, encoding: .utf8)
        }
        return found
    }

    /// The modules of `modules` that `name` imports, lazily (inside a function) or not.
    static func imports(of name: String, in modules: [String: String]) -> Set<String> {
        let package = name.split(separator: ".").dropLast().joined(separator: ".")
        func resolve(_ dots: Int, _ path: String) -> String {
            var base = package.split(separator: ".").map(String.init)
            if dots > 1 { base.removeLast(min(dots - 1, base.count)) }
            return (base + (path.isEmpty ? [] : [path])).joined(separator: ".")
        }
        var found: Set<String> = []
        for line in (modules[name] ?? "").split(separator: "\n") {
            let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ").map(String.init)
            guard words.count >= 2, words[0] == "from" || words[0] == "import" else { continue }
            let target = words[1].hasPrefix("inset_tools.") ? String(words[1].dropFirst("inset_tools.".count))
                : words[1] == "inset_tools" ? "" : words[1]
            let dots = target.prefix { $0 == "." }.count
            let path = String(target.dropFirst(dots))
            let candidate = dots > 0 ? resolve(dots, path) : path
            var named = [candidate]
            // `from . import a, b` and `from inset_tools import a`: the names are modules.
            if words[0] == "from", words.count >= 4, path.isEmpty {
                named = words[3...].map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",")) }
                    .prefix { !$0.hasPrefix("#") }.map { candidate.isEmpty ? $0 : candidate + "." + $0 }
            }
            // `from X import …` runs X's __init__ first.
            if words[0] == "from", path.isEmpty { named.append(candidate.isEmpty ? "__init__" : candidate + ".__init__") }
            for module in named {
                if modules[module] != nil { found.insert(module) } else if modules[module + ".__init__"] != nil { found.insert(module + ".__init__") }
            }
        }
        found.remove(name)
        return found
    }

    /// A cycle among `modules`' imports, as the modules along it, or nil.
    static func cycle(in modules: [String: String]) -> [String]? {
        var state: [String: Int] = [:]  // 1 on the path, 2 done
        var path: [String] = []
        func visit(_ module: String) -> [String]? {
            if state[module] == 2 { return nil }
            if state[module] == 1 { return Array(path[path.firstIndex(of: module)!...]) + [module] }
            state[module] = 1
            path.append(module)
            for next in imports(of: module, in: modules).sorted() {
                if let found = visit(next) { return found }
            }
            path.removeLast()
            state[module] = 2
            return nil
        }
        for module in modules.keys.sorted() { if let found = visit(module) { return found } }
        return nil
    }

    @Test("every Python module is in scripts/inset_tools; the programs beside it are entry points")
    func onePackage() throws {
        let loose = try FileManager.default.contentsOfDirectory(atPath: Self.scripts.path).filter { $0.hasSuffix(".py") }
        #expect(loose.isEmpty, "Python modules outside scripts/inset_tools: \(loose)")
        let package = try Self.modules(under: Self.scripts.appendingPathComponent("inset_tools"))
        #expect(package["__init__"] != nil && package["ptyterm"] != nil && package["fuzzing.__init__"] != nil)
        for (name, text) in package {
            #expect(!text.contains("sys.path"), "inset_tools/\(name).py changes sys.path: its siblings are imported relatively")
        }
    }

    /// Why the program `name` in scripts/ (its text `text`) is not a thin entry point into
    /// `modules`, or nil when it is: at most 15 lines, importing `main` from a module of the
    /// package that defines one, and exiting with what it returns. Not a Python program: nil.
    static func entryPointProblem(_ name: String, _ text: String, in modules: [String: String]) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first?.hasPrefix("#!") == true, lines[0].contains("python") else { return nil }
        let count = text.hasSuffix("\n") ? lines.count - 1 : lines.count
        if count > 15 { return "\(name) is \(count) lines: its code belongs in a module of scripts/inset_tools" }
        let imported = lines.compactMap { line -> String? in
            let words = line.split(separator: " ").map(String.init)
            guard words.count >= 4, words[0] == "from", words[1].hasPrefix("inset_tools."), words[2] == "import", words[3] == "main"
            else { return nil }
            return String(words[1].dropFirst("inset_tools.".count))
        }
        guard let module = imported.first else { return "\(name) imports no main from inset_tools" }
        guard let source = modules[module] else { return "\(name) imports main from inset_tools.\(module), which is not there" }
        if !source.contains("\ndef main(") { return "inset_tools.\(module) has no main()" }
        if !lines.contains("sys.exit(main())") { return "\(name) does not exit with main()'s status" }
        return nil
    }

    @Test("every Python program in scripts/ is an entry point of at most 15 lines into inset_tools")
    func entryPoints() throws {
        let package = try Self.modules(under: Self.scripts.appendingPathComponent("inset_tools"))
        var programs = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.scripts.path).sorted() {
            let url = Self.scripts.appendingPathComponent(name)
            guard !url.hasDirectoryPath, let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            if text.hasPrefix("#!"), text.prefix(while: { $0 != "\n" }).contains("python") { programs += 1 }
            #expect(Self.entryPointProblem(name, text, in: package) == nil, "\(Self.entryPointProblem(name, text, in: package) ?? "")")
        }
        #expect(programs >= 30, "the Python programs in scripts/: \(programs)")
        // The reader, on a whole program (as scripts/ held them) and on the entry points' faults.
        let modules = ["soak": "import os\n\ndef main():\n    return 0\n", "ptyterm": "class PtyProgram:\n    pass\n"]
        let entry = "#!/usr/bin/env python3\n\"\"\"A soak.\"\"\"\nimport os\nimport sys\n\n"
            + "sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))\nfrom inset_tools.soak import main  # noqa: E402\n\nsys.exit(main())\n"
        #expect(Self.entryPointProblem("soak", entry, in: modules) == nil)
        let whole = entry.replacingOccurrences(of: "\nsys.exit", with: String(repeating: "\nprint(1)", count: 7) + "\nsys.exit")
        #expect(Self.entryPointProblem("soak", whole, in: modules)?.contains("16 lines") == true)
        #expect(Self.entryPointProblem("soak", entry.replacingOccurrences(of: ".soak", with: ".ptyterm"), in: modules) == "inset_tools.ptyterm has no main()")
        #expect(Self.entryPointProblem("soak", entry.replacingOccurrences(of: "sys.exit(main())", with: "main()"), in: modules) != nil)
        #expect(Self.entryPointProblem("build", "#!/usr/bin/env bash\nexec swift build\n", in: modules) == nil)
    }

    @Test("every module of scripts/inset_tools is at most 300 lines")
    func moduleSizes() throws {
        let package = try Self.modules(under: Self.scripts.appendingPathComponent("inset_tools"))
        for (name, text) in package.sorted(by: { $0.key < $1.key }) {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
            #expect(lines <= 300, "inset_tools/\(name.replacingOccurrences(of: ".", with: "/")).py is \(lines) lines: split it by job")
        }
        #expect(package.count >= 40)
    }

    @Test("no import cycle in scripts/inset_tools")
    func noCycle() throws {
        let package = try Self.modules(under: Self.scripts.appendingPathComponent("inset_tools"))
        #expect(Self.cycle(in: package) == nil, "an import cycle: \(Self.cycle(in: package) ?? [])")
        // The reader that found the old cycle, on it: ptyterm imported ptypictures, which
        // imported ptyterm, both by bare name in one folder.
        let flat = ["ptyterm": "import os\n    from ptypictures import Pictures\n", "ptypictures": "from ptyterm import WhiteCount\n"]
        #expect(Self.cycle(in: flat) == ["ptypictures", "ptyterm", "ptypictures"])
        let relative = ["a": "from . import b, c  # two\n", "b": "from .c import x\n", "c": "from . import ROOT\n", "__init__": "import os\n"]
        #expect(Self.cycle(in: relative) == nil)
        #expect(Self.imports(of: "a", in: relative) == ["b", "c", "__init__"])
        #expect(Self.imports(of: "p.q", in: ["p.q": "from .. import ROOT\n", "__init__": ""]) == ["__init__"])
        let nested = ["p.a": "from . import b\n", "p.b": "from .a import x\n"]
        #expect(Self.cycle(in: nested) == ["p.a", "p.b", "p.a"])
    }
}
