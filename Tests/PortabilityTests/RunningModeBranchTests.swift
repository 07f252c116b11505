import Testing

/// M2: the running mode is decided once, in `MonetizationGraph`, and everything that differs
/// between the modes is a property of its strategy. A branch on the mode anywhere else (a
/// comparison, an `if case`, a `switch`) is a rule the strategies do not own.
@Suite("No branch on the running mode outside the strategies")
struct RunningModeBranchTests {
  /// Where a branch on the mode belongs: the strategies, the graph's one decision, and the value
  /// mappings (each case one expression: a name, the SDK's enum).
  static let strategies = "Sources/Monetization/RunningModes/RunningModeStrategy.swift"
  static let decision = RunningModeBranches.Site(
    file: "Sources/Monetization/MonetizationGraph.swift", declaration: "init")
  static let valueMappings: Set<RunningModeBranches.Site> = [
    .init(file: "Sources/Monetization/Settings/AppSettings.swift", declaration: "displayName"),
    .init(file: "Sources/MonetizationLive/PurchaselyBridge.swift", declaration: "runningMode"),
  ]

  @Test func onlyTheStrategiesBranchOnTheMode() throws {
    var found: [RunningModeBranches.Branch] = []
    for folder in ["Sources", "Spacer", "SpacerWidget"] {
      for file in try RepositoryFiles.swiftFiles(in: folder) where "\(folder)/\(file.path)" != Self.strategies
      {
        found += try RunningModeBranches.branches(in: file.text, file: "\(folder)/\(file.path)")
      }
    }
    #expect(found.contains { $0.site == Self.decision }, "the scan finds the graph's one decision")
    let misplaced = found.filter { branch in
      branch.site != Self.decision && !(Self.valueMappings.contains(branch.site) && branch.isValueMapping)
    }
    #expect(
      misplaced.isEmpty,
      "make these a property of the running-mode strategy: \(misplaced.map { "\($0.site.file):\($0.line)" })")
  }

  @Test func everyFormOfBranchIsCaught() throws {
    let text = """
      struct A {
        func a(mode: RunningMode) -> Bool {
          guard mode == .observer else { return false }
          if settings.activeMode != .full { return true }
          if case .full = mode { return true }
          switch world.launchedMode {
          case .full: return true
          default: return false
          }
        }
        var b: String {
          switch self {
          case .observer: "Observer"
          case .full: "Full"
          }
        }
        func c(phase: Phase) -> Bool {
          // mode == .observer is only a comment
          if case .full = phase { return true }
          return model == .full
        }
        static func d(for mode: RunningMode) -> PLYRunningMode {
          switch mode {
          case .full: .full
          case .observer: .observer
          }
        }
      }
      """
    let branches = try RunningModeBranches.branches(in: text, file: "A.swift")
    #expect(branches.map(\.line) == [3, 4, 5, 6, 13, 23, 25])
    #expect(branches.map(\.site.declaration) == ["a", "a", "a", "a", "b", "d", "d"])
    #expect(branches.map(\.isValueMapping) == [false, false, false, false, true, true, true])
  }
}

enum RunningModeBranches {
  struct Site: Hashable {
    var file: String
    var declaration: String
  }

  struct Branch {
    var site: Site
    /// 1-based.
    var line: Int
    /// `case .observer: "Observer mode"`, or a switch made only of such cases: it names a value and
    /// runs nothing.
    var isValueMapping: Bool
  }

  /// `.full` names other enums' cases too (image sizes, load phases): it counts only beside a
  /// mode; `.observer` is the running mode's alone.
  static func branches(in text: String, file: String) throws -> [Branch] {
    let modeWord = try words(#"\b\w*[mM]ode\b"#)
    let comparisonOrPattern = try words(#"==|!=|~=|\bcase\b"#)
    let switchStatement = try words(#"^\s*switch\b"#)
    let observerCase = try words(#"\.observer\b"#)
    let fullCase = try words(#"\.full\b"#)
    let valueMappingCase = try words(#"^\s*case \.\w+(, \.\w+)*: (?!.*\b(await|try|return)\b)[^{};=]+$"#)
    let lines = try text.split(separator: "\n", omittingEmptySubsequences: false).map {
      try withoutComment(String($0))
    }
    var found: [Branch] = []
    for (index, code) in lines.enumerated() {
      let namesAMode = code.contains(modeWord)
      let switches = code.contains(switchStatement) && namesAMode
      let tests =
        code.contains(comparisonOrPattern)
        && (code.contains(observerCase) || (namesAMode && code.contains(fullCase)))
      guard switches || tests else { continue }
      let isValueMapping =
        switches
        ? switchBody(at: index, in: lines).allSatisfy { $0.contains(valueMappingCase) }
        : code.contains(valueMappingCase)
      found.append(
        Branch(
          site: Site(file: file, declaration: try declaration(enclosing: index, in: lines)), line: index + 1,
          isValueMapping: isValueMapping))
    }
    return found
  }

  /// `\b` as in code: Unicode's word rules keep `settings.activeMode` one word.
  static func words(_ pattern: String) throws -> Regex<AnyRegexOutput> {
    try Regex(pattern).wordBoundaryKind(.simple)
  }

  static func withoutComment(_ line: String) throws -> String {
    guard let range = line.firstRange(of: try Regex(#"(^|[^:])//"#)) else { return line }
    return String(line[..<range.lowerBound])
  }

  static func indent(_ line: String) -> Int { line.prefix(while: \.isWhitespace).count }

  /// The non-blank lines between a `switch` line and its closing brace (at the switch's indent).
  static func switchBody(at index: Int, in lines: [String]) -> [String] {
    let body = lines[(index + 1)...].prefix { line in
      !(indent(line) == indent(lines[index]) && line.trimmingPrefix(while: \.isWhitespace).hasPrefix("}"))
    }
    return body.filter { !$0.allSatisfy(\.isWhitespace) }
  }

  /// The nearest declaration above `index` indented less than it.
  static func declaration(enclosing index: Int, in lines: [String]) throws -> String {
    let declarationLine = try Regex<(Substring, Substring, Substring)>(
      #"\b(func|var|init|subscript)\b\s*(\w*)"#
    ).wordBoundaryKind(.simple)
    for above in stride(from: index - 1, through: 0, by: -1) where indent(lines[above]) < indent(lines[index])
    {
      if let match = lines[above].firstMatch(of: declarationLine) {
        return match.output.2.isEmpty ? "init" : String(match.output.2)
      }
    }
    return ""
  }
}
