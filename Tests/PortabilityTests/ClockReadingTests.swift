import Foundation
import Testing

/// One clock reading: every type that needs the time takes `clock: any Clocking` (Basics) and
/// reads its `now`; nothing else reads the device's time. `SystemClock` in Basics/Clocking.swift
/// is the one `Date()`; each process chooses it where it is put together, and tests pass a
/// `TestClock`. A `() -> Date` closure or a `Date()` anywhere else is a second way to ask the time
/// that a test cannot move, so it fails here: the app, the widget, the Core and Live modules,
/// the CLI, the bench, the test tools and the tests alike. A `SystemClock()` anywhere but where a
/// process is put together (a default argument, a type's own static) hides the choice from the
/// caller, so it fails too.
@Suite("Every reading of the time goes through the injected clock")
struct ClockReadingTests {
  /// The files allowed to read the device's time directly, each with why.
  static let readers = [
    "Sources/Basics/Clocking.swift": "SystemClock's own `Date()`, the one reading",
    "Tests/BasicsTests/TestClockTests.swift": "the test of SystemClock itself, against the device's time",
  ]

  /// The files allowed to build a `SystemClock`: where each process is put together (its
  /// composition root), each with why. Everything else takes `clock:` from its caller.
  static let compositionRoots = [
    "Sources/AppFeature/LiveAppEnvironment.swift":
      "the app process: `LiveAppEnvironment.clock`, also read by the Shortcuts actions",
    "SpacerWidget/WidgetEnvironment.swift": "the widget extension, a process of its own",
    "Sources/spacer/CommandClock.swift": "the `spacer` CLI (unless SPACER_NOW fixes the instant)",
    "Tools/spacer-bench/main.swift": "spacer-bench, which measures the real thing",
    "Sources/APODUI/APODPreviewData.swift": "Xcode's previews of the APOD screens (`APODPreviewData.clock`)",
    "Sources/ProfileFeature/ProfilePreviewSupport.swift":
      "Xcode's previews of Profile (ProfileFeature does not depend on APODUI)",
    "Tests/BasicsTests/TestClockTests.swift": "the test of SystemClock itself",
  ]

  @Test func nothingButTheSystemClockReadsTheTime() throws {
    let files = try ClockScan.swiftFiles()
    let hits = files.filter { Self.readers[$0.path] == nil }.flatMap {
      ClockScan.readings(in: $0.text, path: $0.path)
    }
    #expect(
      hits.isEmpty, "Take `clock: any Clocking` and read `clock.now` instead (a TestClock in tests): \(hits)")
  }

  @Test func theSystemClockIsChosenOnlyWhereAProcessIsPutTogether() throws {
    let files = try ClockScan.swiftFiles()
    let hits = files.filter { Self.compositionRoots[$0.path] == nil }.flatMap {
      ClockScan.systemClocks(in: $0.text, path: $0.path)
    }
    #expect(
      hits.isEmpty,
      "Take `clock: any Clocking` with no default; the process's composition root passes its one clock: \(hits)"
    )
    // A root that no longer builds one is no longer a root: the list says what the code does.
    for (path, why) in Self.compositionRoots {
      let file = files.first { $0.path == path }
      #expect(file != nil, "\(path) (\(why)) is listed but was not read")
      if let file {
        #expect(
          !ClockScan.systemClocks(in: file.text, path: path).isEmpty,
          "\(path) (\(why)) is listed but builds no SystemClock")
      }
    }
  }

  @Test func theScanReadsTheAppTheWidgetEveryModuleAndTheTests() throws {
    // A scan that reads nothing passes for nothing.
    let files = try ClockScan.swiftFiles()
    let paths = files.map(\.path)
    for folder in [
      "Sources/NASA/", "Sources/AppFeature/", "Sources/spacer/", "Tools/spacer-bench/", "Spacer/",
      "SpacerWidget/",
      "Tests/NetworkingTests/",
      "Tests/PortabilityTests/",
    ] {
      #expect(paths.contains { $0.hasPrefix(folder) }, "no Swift file read under \(folder)")
    }
    for path in Self.readers.keys {
      let file = try #require(files.first { $0.path == path }, "\(path) was not read")
      #expect(
        !ClockScan.readings(in: file.text, path: path).isEmpty,
        "\(path) is listed as reading the time, and the scan must see it do so")
    }
    let clockFile = try #require(files.first { $0.path == "Sources/Basics/Clocking.swift" })
    #expect(
      ClockScan.readings(in: clockFile.text, path: clockFile.path).count == 1,
      "SystemClock's own `Date()` is the one reading in Basics")
  }

  @Test func theScanSeesCodeAndIgnoresCommentsStringsAndMethods() {
    let source = #"""
      /// `Date()` in documentation is fine, and so is `() -> Date`.
      let text = "Date() in a string is fine" // Date.now in a comment too
      let stamp = Date()
      let provider: @Sendable () -> Date = Date.init
      let later = Date.now
      let soon = Date(timeIntervalSinceNow: 5)
      func now() -> Date { stored }
      let fixed = Date(timeIntervalSince1970: 0)
      let built = Date.init(timeIntervalSince1970: 0)
      let updated = lastUpdateDate()
      let sample = """
        Date() in a multi-line string is fine
        """
      let after = Date.now
      """#
    #expect(
      ClockScan.readings(in: source, path: "Sample.swift")
        == ["Sample.swift:3", "Sample.swift:4", "Sample.swift:5", "Sample.swift:6", "Sample.swift:14"])
  }

  @Test func theScanSeesEverySystemClockBuiltAndNothingElse() {
    let source = #"""
      /// `SystemClock()` in documentation is fine.
      init(clock: any Clocking = SystemClock()) {}
      private static let clock = SystemClock()
      let made = SystemClock.init()
      let text = "SystemClock() in a string" // SystemClock() in a comment
      let other = MySystemClock()
      func take(_ clock: SystemClock) {}
      let again = SystemClock ()
      """#
    #expect(
      ClockScan.systemClocks(in: source, path: "Sample.swift")
        == ["Sample.swift:2", "Sample.swift:3", "Sample.swift:4", "Sample.swift:8"])
  }
}

enum ClockScan {
  static let root = RepositoryFiles.root

  /// Ways to read the device's time directly.
  static let direct = ["Date()", "Date.init", "Date.now", "Date(timeIntervalSinceNow:"]

  /// Ways to build the device's clock.
  static let systemClock = ["SystemClock()", "SystemClock.init"]

  /// Every Swift file of the package's sources and tests, the app and the widget, by repository
  /// path.
  static func swiftFiles() throws -> [(path: String, text: String)] {
    try ["Sources", "Tools", "Spacer", "SpacerWidget", "Tests"].flatMap { folder in
      try RepositoryFiles.swiftFiles(in: folder).map { (folder + "/" + $0.path, $0.text) }
    }
  }

  /// `path:line` of each line whose code (comments and string literals removed) reads the time
  /// directly or declares a `() -> Date` closure; a method returning a `Date` is not a reading.
  static func readings(in text: String, path: String) -> [String] {
    SourceFile(module: "", name: "", text: text).codeLines.compactMap { number, code in
      let compact = code.replacingOccurrences(of: " ", with: "")
      let reads = direct.contains { occurs($0, in: compact) }
      let closure = compact.contains("()->Date") && !code.contains("func ")
      return reads || closure ? "\(path):\(number)" : nil
    }
  }

  /// `path:line` of each line whose code (comments and string literals removed) builds a
  /// `SystemClock`.
  static func systemClocks(in text: String, path: String) -> [String] {
    SourceFile(module: "", name: "", text: text).codeLines.compactMap { number, code in
      let compact = code.replacingOccurrences(of: " ", with: "")
      return systemClock.contains { occurs($0, in: compact) } ? "\(path):\(number)" : nil
    }
  }

  /// `pattern` in `code` as written, not inside a longer name (`updateDate()`) nor as the start
  /// of an initializer call (`Date.init(timeIntervalSince1970:)`).
  private static func occurs(_ pattern: String, in code: String) -> Bool {
    var searchRange = code.startIndex..<code.endIndex
    while let found = code.range(of: pattern, range: searchRange) {
      let before = found.lowerBound > code.startIndex ? code[code.index(before: found.lowerBound)] : " "
      let after = found.upperBound < code.endIndex ? code[found.upperBound] : " "
      let partOfName = before.isLetter || before.isNumber || before == "_"
      let calledAsInit = pattern == "Date.init" && after == "("
      if !partOfName, !calledAsInit { return true }
      searchRange = found.upperBound..<code.endIndex
    }
    return false
  }
}
