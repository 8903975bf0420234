import Foundation
import Testing

/// Every module a target's files import is in that target's dependencies in Package.swift: a
/// target that imports a module it does not declare builds only while another target
/// happens to pull the module in, and breaks when that one changes.
@Suite("Package dependencies")
struct PackageDependencyTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Modules of the toolchain and the system, which no target declares.
    static let system: Set = ["Foundation", "FoundationEssentials", "Glibc", "Darwin", "Musl", "Dispatch",
                              "Synchronization", "Testing", "XCTest", "PackageDescription"]

    struct Target: Equatable {
        var name: String
        var path: String
        var dependencies: Set<String>
    }

    /// The Swift targets of a manifest: name, folder and the modules they depend on (a
    /// product's module by its name).
    static func targets(in manifest: String) -> [Target] {
        let text = Array(manifest)
        var found: [Target] = []
        let opening = try! NSRegularExpression(pattern: #"\.(target|executableTarget|testTarget)\("#)
        for match in opening.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)) {
            let kind = String(manifest[Range(match.range(at: 1), in: manifest)!])
            // The call's arguments, up to its closing parenthesis.
            var index = manifest.distance(from: manifest.startIndex, to: Range(match.range, in: manifest)!.upperBound)
            var depth = 1
            var body = ""
            while index < text.count, depth > 0 {
                if text[index] == "(" { depth += 1 } else if text[index] == ")" { depth -= 1 }
                if depth > 0 { body.append(text[index]) }
                index += 1
            }
            guard let name = firstCapture(#"^\s*name:\s*"([^"]+)""#, in: body) else { continue }
            let folder = kind == "testTarget" ? "Tests" : "Sources"
            let path = firstCapture(#"path:\s*"([^"]+)""#, in: body) ?? "\(folder)/\(name)"
            var dependencies: Set<String> = []
            if let list = firstCapture(#"dependencies:\s*\[([^\]]*)\]"#, in: body) {
                let products = list.replacingOccurrences(
                    of: #"\.product\(\s*name:\s*"([^"]+)"[^)]*\)"#, with: "\"$1\"", options: .regularExpression)
                dependencies = Set(allCaptures(#""([^"]+)""#, in: products))
            }
            found.append(Target(name: name, path: path, dependencies: dependencies))
        }
        return found
    }

    static func firstCapture(_ pattern: String, in text: String) -> String? {
        allCaptures(pattern, in: text).first
    }

    static func allCaptures(_ pattern: String, in text: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// The modules the Swift files under `folder` import.
    static func imports(under folder: URL) throws -> Set<String> {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var modules: Set<String> = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            modules.formUnion(allCaptures(#"^(?:@testable\s+|@_implementationOnly\s+)?import\s+(?:struct\s+|enum\s+|class\s+|func\s+)?(\w+)"#, in: text))
        }
        return modules
    }

    @Test("every target declares each module its files import")
    func importsAreDeclared() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = Self.targets(in: manifest)
        #expect(targets.count >= 10, "found \(targets.count) targets in Package.swift: the reading is broken")
        var undeclared: [String] = []
        for target in targets {
            let imported = try Self.imports(under: Self.root.appendingPathComponent(target.path))
            for module in imported.subtracting(Self.system).subtracting(target.dependencies).subtracting([target.name]).sorted() {
                undeclared.append("\(target.name) imports \(module)")
            }
        }
        #expect(undeclared.isEmpty, "add to the target's dependencies in Package.swift: \(undeclared.joined(separator: ", "))")
    }

    @Test("targets, paths and products are read from a manifest")
    func readsManifest() {
        let manifest = """
            .target(name: "A"),
            .target(
                name: "B",
                dependencies: ["A", .product(name: "Parser", package: "swift-parser")]
            ),
            .target(name: "Support", path: "Tests/Support"),
            .testTarget(name: "BTests", dependencies: ["B"]),
            """
        #expect(Self.targets(in: manifest) == [
            Target(name: "A", path: "Sources/A", dependencies: []),
            Target(name: "B", path: "Sources/B", dependencies: ["A", "Parser"]),
            Target(name: "Support", path: "Tests/Support", dependencies: []),
            Target(name: "BTests", path: "Tests/BTests", dependencies: ["B"]),
        ])
    }
}
