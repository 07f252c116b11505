import Foundation
import Testing

/// The names a doc cites in backticks are the code's names: a type, member or file renamed or
/// deleted without its doc fails here. A span is checked when it looks like a Swift name
/// (`AppModel`, `AppNavigation.open(_:)`: every dotted part must be a word of the code) or a
/// repository path (`Sources/NASA/`, `Scenarios/README.md`: it must exist). Commands, JSON and
/// prose in backticks are not names and are skipped.
@Suite("Docs cite names the code has")
struct DocNamesTests {
  static let checkedDocs = ["README.md", "docs/ARCHITECTURE.md", "docs/CLI.md"]

  @Test(arguments: checkedDocs)
  func everyCitedNameExists(doc: String) throws {
    let text = try String(contentsOf: RepositoryFiles.root.appendingPathComponent(doc), encoding: .utf8)
    let missing = DocNames.missing(in: text, words: try DocNames.codeWords(), pathExists: DocNames.exists)
    #expect(missing.isEmpty, "\(doc) cites names the code does not have: \(missing)")
  }

  @Test func aRenamedTypeOrAMissingFileIsCaught() {
    let text = "`AppModel.open(url:)` and `OldName.run()`, `Sources/Gone/` and `Sources/NASA/`, `swift test`."
    let missing = DocNames.missing(
      in: text, words: ["AppModel", "open", "run"], pathExists: { $0 == "Sources/NASA/" })
    #expect(missing == ["OldName.run()", "Sources/Gone/"])
  }
}

enum DocNames {
  /// Every identifier in the Swift files of the package, the app, the widget and the tests.
  static func codeWords() throws -> Set<String> {
    var words: Set<String> = []
    for folder in ["Sources", "Tools", "Spacer", "SpacerWidget", "Tests"] {
      for file in try RepositoryFiles.swiftFiles(in: folder) {
        words.formUnion(file.text.matches(of: /[A-Za-z_][A-Za-z0-9_]*/).map { String($0.output) })
      }
    }
    return words
  }

  /// A path from the repository's root; a git-ignored local file (`Config/Secrets.xcconfig`) counts
  /// when its committed template does.
  static func exists(_ path: String) -> Bool {
    let root = RepositoryFiles.root
    if FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) { return true }
    let template = path.replacingOccurrences(of: ".xcconfig", with: ".example.xcconfig")
    return template != path
      && FileManager.default.fileExists(atPath: root.appendingPathComponent(template).path)
  }

  /// The backticked spans of `text` that name nothing: a Swift name with a part that is no word of
  /// the code, or a path that does not exist.
  static func missing(in text: String, words: Set<String>, pathExists: (String) -> Bool) -> [String] {
    text.matches(of: /`([^`\n]+)`/).compactMap { match -> String? in
      let span = String(match.output.1)
      if span.wholeMatch(
        of: /(Sources|Tools|Tests|Scenarios|Spacer|SpacerWidget|docs|Config|\.ci)\/[\w.\/-]*/) != nil
      {
        return pathExists(span) ? nil : span
      }
      guard let name = span.wholeMatch(of: /([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)(?:\([^)]*\))?/)?.output.1 else {
        return nil
      }
      return name.split(separator: ".").allSatisfy { words.contains(String($0)) } ? nil : span
    }
  }
}
