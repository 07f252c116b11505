import Foundation
import Testing

/// Issue 34's limits, so a codebase that reads in an afternoon stays one: the composition root small,
/// the README short, and doc comments a minority of the shipped code (say why, not what).
@Suite("The codebase stays within its reading limits")
struct ReadingLimitTests {
  @Test func appCoreAndItsModelStaySmall() throws {
    let files = try RepositoryFiles.swiftFiles(in: "Sources/AppCore")
    let lines = files.reduce(0) { $0 + Self.lineCount($1.text) }
    let model = try #require(files.first { $0.path == "AppModel.swift" })
    #expect(lines <= 700, "Sources/AppCore has \(lines) lines (limit 700)")
    #expect(
      Self.lineCount(model.text) <= 150, "AppModel.swift has \(Self.lineCount(model.text)) lines (limit 150)")
  }

  @Test func theReadmeStaysShort() throws {
    let readme = try String(
      contentsOf: RepositoryFiles.root.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(Self.lineCount(readme) <= 150, "README.md has \(Self.lineCount(readme)) lines (limit 150)")
  }

  @Test func docCommentsAreAtMostATenthOfTheShippedCode() throws {
    let files = try RepositoryFiles.swiftFiles(in: "Sources")
    let lines = files.flatMap { $0.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }
    let doc = lines.filter { $0.trimmingPrefix(while: \.isWhitespace).hasPrefix("///") }.count
    #expect(lines.count > 10_000, "the scan reads the shipped code")
    #expect(doc * 10 <= lines.count, "\(doc) of \(lines.count) lines in Sources are /// comments (limit 10%)")
  }

  /// Lines as `wc -l` counts them: a final newline ends the last line.
  static func lineCount(_ text: String) -> Int {
    text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
  }
}
