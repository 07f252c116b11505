import Testing

/// The compiler takes `@unchecked Sendable` and `nonisolated(unsafe)` on trust, so each one says in
/// the comment right above it why it is sound (which lock, which immutability, which SDK fact).
@Suite("Every unchecked sendability says why it is sound")
struct UncheckedSendableTests {
  @Test func everyUncheckedDeclarationHasItsReason() throws {
    var found = 0
    var unexplained: [String] = []
    for folder in ["Sources", "Tools", "Spacer", "SpacerWidget"] {
      for file in try RepositoryFiles.swiftFiles(in: folder) {
        let marks = UncheckedSendability.unexplained(in: file.text)
        found += marks.found
        unexplained += marks.unexplained.map { "\(folder)/\(file.path):\($0)" }
      }
    }
    #expect(found > 3, "the scan finds the project's unchecked declarations")
    #expect(unexplained.isEmpty, "say why each is sound in the comment above it: \(unexplained)")
  }

  @Test func aDeclarationWithoutItsReasonIsCaught() {
    let text = """
      // @unchecked Sendable: `state` is read and written only under `lock`.
      final class A: @unchecked Sendable {}
      /// A box.
      final class B: @unchecked Sendable {}
      nonisolated(unsafe) var c = 0
      """
    let marks = UncheckedSendability.unexplained(in: text)
    #expect(marks.found == 3)
    #expect(marks.unexplained == [4, 5])
  }
}

enum UncheckedSendability {
  /// How many declarations use an unchecked form, and the 1-based lines of those whose comment
  /// block right above does not name the form it justifies.
  static func unexplained(in text: String) -> (found: Int, unexplained: [Int]) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var found = 0
    var unexplained: [Int] = []
    for (index, line) in lines.enumerated() {
      let code = line.trimmingPrefix(while: \.isWhitespace)
      guard !code.hasPrefix("//"),
        line.contains("@unchecked Sendable") || line.contains("nonisolated(unsafe)")
      else { continue }
      found += 1
      var comment = ""
      var above = index - 1
      while above >= 0, lines[above].trimmingPrefix(while: \.isWhitespace).hasPrefix("//") {
        comment = lines[above] + "\n" + comment
        above -= 1
      }
      if !(comment.contains("@unchecked Sendable") || comment.contains("nonisolated(unsafe)")) {
        unexplained.append(index + 1)
      }
    }
    return (found, unexplained)
  }
}
