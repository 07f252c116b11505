import Foundation
import Testing

/// Core modules build and run on Linux and on iOS 17. Linux CI compiles them against
/// swift-corelibs-foundation with no availability checking, so two kinds of mistake pass here and
/// fail only in the iOS build. These tests read the Core sources and reject both; the reasons are
/// in `docs/PLATFORM-DIFFERENCES.md`.
@Suite("Core sources compile the same for iOS as on Linux")
struct CoreSourcePortabilityTests {
  @Test func coreUsesNoCoreGraphicsGeometry() throws {
    let hits = try CoreSources.load().flatMap { $0.lines(matching: PortabilityRule.coreGraphicsGeometry) }
    #expect(hits.isEmpty, "Use Size2D/Point2D (ImageCache/Geometry.swift) in Core: \(hits)")
  }

  @Test func coreUsesNoAPINewerThanTheDeploymentTarget() throws {
    let hits = try CoreSources.load().flatMap { $0.lines(matching: PortabilityRule.newerThanIOS17) }
    #expect(hits.isEmpty, "These need iOS 18 or later, and Core targets iOS 17: \(hits)")
  }

  @Test func platformModulesAreImportedOnlyWhereTheyExist() throws {
    let hits = try CoreSources.load().flatMap(\.unguardedPlatformImports)
    #expect(hits.isEmpty, "Guard each with `#if canImport(…)`: \(hits)")
  }

  @Test func theCoreSourcesAreFound() throws {
    // A check that reads nothing passes for nothing: every Core module must be read.
    let modules = Set(try CoreSources.load().map(\.module))
    #expect(modules == Set(CoreSources.modules))
  }

  @Test func theRulesSeeCodeAndIgnoreCommentsAndStrings() {
    let source = SourceFile(
      module: "Sample", name: "Sample.swift",
      text: """
        /// `CGSize` in documentation is fine.
        let text = "CGSize in a string is fine" // and CGPoint in a comment
        let size: CGSize = .zero
        let lock = Mutex<Int>(0)
        import FoundationNetworking
        #if canImport(FoundationNetworking)
          import FoundationNetworking
        #endif
        """)
    #expect(source.lines(matching: PortabilityRule.coreGraphicsGeometry) == ["Sample/Sample.swift:3"])
    #expect(source.lines(matching: PortabilityRule.newerThanIOS17) == ["Sample/Sample.swift:4"])
    #expect(source.unguardedPlatformImports == ["Sample/Sample.swift:5"])
  }
}

/// A forbidden identifier in Core code.
struct PortabilityRule {
  let identifiers: [String]

  /// swift-corelibs-foundation defines these with `.zero`, `Equatable` and integer initialisers;
  /// on iOS they come from CoreGraphics, which Foundation does not re-export.
  static let coreGraphicsGeometry = PortabilityRule(identifiers: [
    "CGFloat", "CGSize", "CGPoint", "CGRect", "CGVector", "CGAffineTransform",
  ])

  /// Standard-library and Foundation API introduced after iOS 17: Linux has no availability
  /// checking, so only the iOS build would refuse them.
  static let newerThanIOS17 = PortabilityRule(identifiers: [
    "Mutex", "Atomic", "Synchronization", "InlineArray", "RawSpan", "MutableSpan", "Int128", "UInt128",
    "RangeSet", "Observations",
  ])
}

struct SourceFile {
  let module: String
  let name: String
  let text: String

  /// `module/file:line` of each line whose code (comments and string literals removed) uses one
  /// of the rule's identifiers as a whole word.
  func lines(matching rule: PortabilityRule) -> [String] {
    codeLines.compactMap { number, code in
      let words = Set(code.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
      return rule.identifiers.contains(where: words.contains) ? "\(module)/\(name):\(number)" : nil
    }
  }

  /// `import FoundationNetworking`, `Glibc`, `Musl` or `Darwin` not directly under a
  /// `#if canImport(…)` of that module: the first two do not exist on iOS, the last not on Linux.
  var unguardedPlatformImports: [String] {
    let platformModules = ["FoundationNetworking", "Glibc", "Musl", "Darwin", "Android", "WinSDK"]
    var result: [String] = []
    var guardLine = ""
    for (number, code) in codeLines {
      let trimmed = code.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("#if") || trimmed.hasPrefix("#elseif") {
        guardLine = trimmed
        continue
      }
      guard trimmed.hasPrefix("import ") else { continue }
      let imported = trimmed.dropFirst("import ".count).trimmingCharacters(in: .whitespaces)
      if platformModules.contains(imported), !guardLine.contains("canImport(\(imported))") {
        result.append("\(module)/\(name):\(number)")
      }
    }
    return result
  }

  /// Each line's number and its code, with comments and string literals (multi-line and raw
  /// multi-line ones too) blanked.
  var codeLines: [(Int, String)] {
    var inBlockComment = false
    // The delimiter that closes the multi-line string literal being read: `"""`, or `"""#` for
    // a raw one opened with `#"""` (whose text may hold a plain `"""`).
    var multilineClose: String?
    return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
      var code = ""
      var inString = false
      var characters = Array(line)[...]
      while let character = characters.first {
        if inBlockComment {
          if characters.starts(with: "*/") {
            inBlockComment = false
            characters = characters.dropFirst(2)
          } else {
            characters = characters.dropFirst()
          }
          continue
        }
        if let close = multilineClose {
          if characters.starts(with: close) {
            multilineClose = nil
            characters = characters.dropFirst(close.count)
          } else {
            characters = characters.dropFirst()
          }
          continue
        }
        if !inString, characters.starts(with: "//") { break }
        if !inString, characters.starts(with: "/*") {
          inBlockComment = true
          characters = characters.dropFirst(2)
          continue
        }
        let hashes = characters.prefix { $0 == "#" }.count
        if !inString, characters.dropFirst(hashes).starts(with: "\"\"\"") {
          multilineClose = "\"\"\"" + String(repeating: "#", count: hashes)
          characters = characters.dropFirst(hashes + 3)
          continue
        }
        if character == "\"" { inString.toggle() }
        if !inString, character != "\"" { code.append(character) }
        characters = characters.dropFirst()
      }
      return (index + 1, code)
    }
  }
}

/// The Core modules' sources, read from the repository this file is in.
enum CoreSources {
  /// The targets that ship in the iOS app and build on Linux (Package.swift's Core tier).
  static let modules = [
    "Localization", "Networking", "NASA", "ImageCache", "Monetization", "Favorites", "Notifications",
    "ScreenCore", "TodayCore", "ExploreCore", "ViewerCore", "FavoritesCore", "ProfileCore", "AppNavigation",
    "AppCore",
    // Compiled for iOS too, in debug builds, behind the previews.
    "TestSupport",
  ]

  static func load() throws -> [SourceFile] {
    try modules.flatMap { module in
      try RepositoryFiles.swiftFiles(in: (module == "TestSupport" ? "Tools/" : "Sources/") + module).map {
        SourceFile(module: module, name: $0.path, text: $0.text)
      }
    }
  }
}
