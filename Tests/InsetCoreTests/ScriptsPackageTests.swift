import Foundation
import Testing

/// Issue 44 item 6: scripts/ is one Python package, `scripts/inset_tools`, with the programs
/// as entry points beside it, and no import cycle (ptyterm.py and ptypictures.py imported
/// each other). Read from the sources: each module's imports of its siblings, relative
/// (`from .x import`, `from . import x`) or by bare name (as the flat folder did).
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
