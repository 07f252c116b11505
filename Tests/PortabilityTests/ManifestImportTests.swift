import Foundation
import Testing

/// The manifest is the truth about who uses whom: every module a target imports is one of its
/// declared dependencies (nothing reached only through another target's), and every declared
/// dependency is imported somewhere in the target (nothing declared for nothing). Apple-only
/// targets are read too: their sources are plain text here.
@Suite("Package.swift declares exactly what each target imports")
struct ManifestImportTests {
  private static let root = RepositoryFiles.root

  /// Dependencies a target needs without importing them, each with the reason.
  static let usedWithoutImport: [String: [String: String]] = [
    // The CLI tests run the built `spacer` executable; declaring it makes `swift test` build it.
    "SpacerCLITests": ["spacer": "the tests launch the executable"]
  ]

  @Test func everyImportedPackageModuleIsADeclaredDependency() throws {
    let manifest = try Manifest.read(from: Self.root)
    #expect(manifest.targets.count > 20, "the manifest parser found only \(manifest.targets.count) targets")
    for target in manifest.targets {
      let imported = try target.importedModules(root: Self.root).intersection(manifest.moduleNames)
      let undeclared = imported.subtracting(target.dependencies).subtracting([target.name])
      #expect(
        undeclared.isEmpty,
        "\(target.name) imports \(undeclared.sorted()) without declaring them in Package.swift")
    }
  }

  @Test func everyDeclaredDependencyIsImported() throws {
    let manifest = try Manifest.read(from: Self.root)
    for target in manifest.targets {
      let imported = try target.importedModules(root: Self.root)
      let excused = Set(Self.usedWithoutImport[target.name, default: [:]].keys)
      let unused = target.dependencies.subtracting(imported).subtracting(excused)
      #expect(unused.isEmpty, "\(target.name) declares \(unused.sorted()) but never imports them")
    }
  }

  /// Screens stay apart: no Feature module depends on another Feature module, and only
  /// `AppFeature` (the composition of the Apple app) depends on `AppCore` (and the tools that build
  /// the app as it does: tests, the simulator, the launch benchmark).
  @Test func screensNeverDependOnEachOtherAndOnlyAppFeatureOnAppCore() throws {
    let manifest = try Manifest.read(from: Self.root)
    let features = Set(manifest.targets.map(\.name).filter { $0.hasSuffix("Feature") && $0 != "AppFeature" })
    for target in manifest.targets where features.contains(target.name) {
      let others = target.dependencies.intersection(features)
      #expect(others.isEmpty, "\(target.name) depends on the screen(s) \(others.sorted())")
    }
    let appCoreUsers = manifest.targets.filter { $0.dependencies.contains("AppCore") }.map(\.name)
    let allowed: Set<String> = ["AppFeature", "AppCoreTests", "ScenarioSimulator", "spacer-bench"]
    #expect(Set(appCoreUsers).isSubset(of: allowed), "AppCore is used by \(appCoreUsers.sorted())")
  }

  /// A tab's screen draws its own Core module, never another tab's: `FavoritesFeature` may not
  /// reach into `ProfileCore` for a value both need (that value belongs lower, where both can
  /// import it).
  @Test func noScreenDependsOnAnotherTabsCore() throws {
    let manifest = try Manifest.read(from: Self.root)
    let features = manifest.targets.map(\.name).filter { $0.hasSuffix("Feature") && $0 != "AppFeature" }
    let tabCores = Set(features.map { String($0.dropLast("Feature".count)) + "Core" })
    #expect(
      tabCores.isSubset(of: Set(manifest.targets.map(\.name))), "a tab without its Core: \(tabCores.sorted())"
    )
    for target in manifest.targets where features.contains(target.name) {
      let own = String(target.name.dropLast("Feature".count)) + "Core"
      let others = target.dependencies.intersection(tabCores).subtracting([own])
      #expect(others.isEmpty, "\(target.name) depends on another tab's Core: \(others.sorted())")
    }
  }

  /// No test double in the app: nothing the app (`AppFeature`, the one product its target links)
  /// or the widget extension (the products its target links in the Xcode project) reaches through
  /// dependencies is a test-only target, debug previews included. Test-only: a target declared in
  /// the manifest's "Test-only" section, or one whose sources live under Tests/.
  @Test func theAppAndTheWidgetReachNoTestOnlyTarget() throws {
    let manifest = try Manifest.read(from: Self.root)
    let text = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let testOnly = Manifest.testOnlyTargets(manifestText: text, targets: manifest.targets)
    #expect(
      testOnly.isSuperset(of: ["TestSupport", "TestServer", "APODTestSupport"]),
      "the test-only section was not found: \(testOnly.sorted())")
    let project = try String(
      contentsOf: Self.root.appendingPathComponent("Spacer.xcodeproj/project.pbxproj"), encoding: .utf8)
    let linked = Manifest.localProductsLinked(byProject: project)
    #expect(linked.isSuperset(of: ["AppFeature", "WidgetCore"]), "the project links \(linked.sorted())")
    let byName = Dictionary(manifest.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    for root in linked.sorted() {
      #expect(byName[root] != nil, "the project links \(root), which Package.swift does not declare")
      var reached: Set<String> = []
      var path: [String: String] = [:]
      var queue = [root]
      while let name = queue.popLast() {
        for dependency in byName[name]?.dependencies ?? [] where reached.insert(dependency).inserted {
          path[dependency] = name
          queue.append(dependency)
        }
      }
      for bad in reached.intersection(testOnly).sorted() {
        var chain = [bad]
        while let previous = path[chain[0]], chain.count < 20 { chain.insert(previous, at: 0) }
        Issue.record("\(root) reaches the test-only target \(bad): \(chain.joined(separator: " → "))")
      }
    }
  }

  /// The parser itself: a target with a commented-out dependency, a product dependency and a
  /// custom path reads as written, so the checks above cannot pass by reading nothing.
  @Test func theParserReadsNamesDependenciesProductsAndPaths() throws {
    let text = """
      .target(
        name: "Alpha",
        // not a dependency: "Gamma"
        dependencies: ["Beta", .product(name: "FlyingFox", package: "FlyingFox")],
        path: "Somewhere/Alpha"),
      .testTarget(name: "AlphaTests", dependencies: ["Alpha"]),
      """
    let targets = Manifest.parseTargets(text)
    #expect(targets.map(\.name) == ["Alpha", "AlphaTests"])
    #expect(targets.first?.dependencies == ["Beta", "FlyingFox"])
    #expect(targets.first?.path == "Somewhere/Alpha")
    #expect(targets.last?.path == "Tests/AlphaTests")
  }

  @Test func importsAreReadWithAttributesAndKindsButNotFromComments() {
    let source = """
      @testable import Alpha
      @preconcurrency import Beta
      import struct Gamma.Thing
      // import Delta
      #if canImport(Epsilon)
        import Epsilon
      #endif
      """
    #expect(Manifest.Target.imports(in: source) == ["Alpha", "Beta", "Gamma", "Epsilon"])
  }
}

/// A small reader for this repository's Package.swift: it knows the three target kinds, string and
/// `.product(name:…)` dependencies and `path:`. It is not a Swift parser, and its own tests above
/// keep it honest.
struct Manifest {
  struct Target {
    var name: String
    var dependencies: Set<String>
    var path: String

    /// The modules imported anywhere in the target's Swift files.
    func importedModules(root: URL) throws -> Set<String> {
      Set(try RepositoryFiles.swiftFiles(in: path, root: root).flatMap { Self.imports(in: $0.text) })
    }

    static func imports(in source: String) -> [String] {
      let pattern =
        /^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias|actor)\s+)?([A-Za-z_][A-Za-z0-9_]*)/
      return source.split(separator: "\n", omittingEmptySubsequences: true).compactMap { line in
        line.firstMatch(of: pattern).map { String($0.output.1) }
      }
    }
  }

  var targets: [Target]

  /// Target names and the modules of package products (FlyingFox, ArgumentParser, Purchasely).
  var moduleNames: Set<String> {
    Set(targets.map(\.name)).union(targets.flatMap(\.dependencies))
  }

  /// Targets declared between the manifest's "// MARK: Test-only" line and the next "// MARK:",
  /// and every target whose sources live under Tests/.
  static func testOnlyTargets(manifestText: String, targets: [Target]) -> Set<String> {
    var names = Set(targets.filter { $0.path.hasPrefix("Tests/") }.map(\.name))
    if let start = manifestText.range(of: "// MARK: Test-only") {
      let rest = manifestText[start.upperBound...]
      let section = rest.range(of: "// MARK:").map { rest[..<$0.lowerBound] } ?? rest
      names.formUnion(parseTargets(String(section)).map(\.name))
    }
    return names
  }

  /// The products of this package (the local reference ".") that the Xcode project's targets link.
  static func localProductsLinked(byProject project: String) -> Set<String> {
    let pattern =
      /isa = XCSwiftPackageProductDependency;\s*package = \w+ \/\* XCLocalSwiftPackageReference "\." \*\/;\s*productName = (\w+);/
    return Set(project.matches(of: pattern).map { String($0.output.1) })
  }

  static func read(from root: URL) throws -> Manifest {
    let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    return Manifest(targets: parseTargets(text))
  }

  static func parseTargets(_ text: String) -> [Target] {
    let code = text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line) }
      .joined(separator: "\n")
    var targets: [Target] = []
    let start = /\.(target|testTarget|executableTarget)\(/
    for match in code.matches(of: start) {
      guard let call = balanced(code, from: match.range.upperBound, open: "(", close: ")"),
        let name = call.firstMatch(of: /name:\s*"([^"]+)"/)?.output.1
      else { continue }
      var dependencies: Set<String> = []
      if let list = call.firstMatch(of: /dependencies:\s*\[/),
        let body = balanced(call, from: list.range.upperBound, open: "[", close: "]")
      {
        let products = body.matches(of: /\.product\(\s*name:\s*"([^"]+)"[^)]*\)/)
        dependencies.formUnion(products.map { String($0.output.1) })
        var plain = body
        for product in products.reversed() { plain.replaceSubrange(product.range, with: "") }
        dependencies.formUnion(plain.matches(of: /"([^"]+)"/).map { String($0.output.1) })
      }
      let folder = match.output.1 == "testTarget" ? "Tests" : "Sources"
      let path = call.firstMatch(of: /path:\s*"([^"]+)"/).map { String($0.output.1) } ?? "\(folder)/\(name)"
      targets.append(Target(name: String(name), dependencies: dependencies, path: path))
    }
    return targets
  }

  /// The text between an opening bracket (just before `index`) and its matching close.
  private static func balanced(
    _ text: String, from index: String.Index, open: Character, close: Character
  ) -> String? {
    var depth = 1
    var inString = false
    var position = index
    while position < text.endIndex {
      let character = text[position]
      if character == "\"" {
        inString.toggle()
      } else if !inString, character == open {
        depth += 1
      } else if !inString, character == close {
        depth -= 1
        if depth == 0 { return String(text[index..<position]) }
      }
      position = text.index(after: position)
    }
    return nil
  }
}
