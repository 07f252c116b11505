import Foundation
import Testing

/// ARCHITECTURE's module map names every target the manifest declares, and nothing else, so a
/// newcomer can find where a rule lives from the map alone.
@Suite("ARCHITECTURE's module map matches Package.swift")
struct ModuleMapTests {
  private static let root = RepositoryFiles.root

  /// Every `.target` and `.executableTarget` name in the manifest (test targets excluded).
  static func manifestTargets() throws -> Set<String> {
    let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let pattern = /\.(?:target|executableTarget)\(\s*name:\s*"([^"]+)"/
    return Set(manifest.matches(of: pattern).map { String($0.output.1) })
  }

  /// The modules named in the first column of the module map.
  static func mapModules() throws -> Set<String> {
    let readme = try String(contentsOf: root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
    guard let start = readme.range(of: "## Module map") else { return [] }
    let section = readme[start.upperBound...]
    var names: Set<String> = []
    for line in section.split(separator: "\n") {
      if line.hasPrefix("#") { break }
      guard line.hasPrefix("| `") else { continue }
      let firstColumn = line.dropFirst(2).prefix { $0 != "|" }
      names.formUnion(firstColumn.matches(of: /`([^`]+)`/).map { String($0.output.1) })
    }
    return names
  }

  @Test func everyTargetHasOneLineAndEveryLineIsATarget() throws {
    let targets = try Self.manifestTargets()
    let mapped = try Self.mapModules()
    #expect(targets.count > 10)
    #expect(
      targets.subtracting(mapped).isEmpty,
      "missing from the module map: \(targets.subtracting(mapped).sorted())")
    #expect(
      mapped.subtracting(targets).isEmpty, "not in Package.swift: \(mapped.subtracting(targets).sorted())")
  }
}
