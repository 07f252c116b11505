import Foundation
import Testing

/// One clock reading: every type that needs the time takes `clock: any Clocking` (Basics) and
/// reads its `now`; nothing else reads the device's time. `SystemClock` in Basics/Clocking.swift
/// is the one `Date()`; each process chooses it where it is put together, and tests pass a
/// `TestClock`. A `() -> Date` closure or a `Date()` anywhere else is a second way to ask the time
/// that a test cannot move, so it fails here: the app, the widget, the Core and Live modules,
/// the CLI, the bench and the test tools alike.
@Suite("Every reading of the time goes through the injected clock")
struct ClockReadingTests {
  /// The one file allowed to read the device's time.
  static let clockFile = "Sources/Basics/Clocking.swift"

  @Test func nothingButTheSystemClockReadsTheTime() throws {
    let files = try ClockScan.swiftFiles()
    let hits = files.filter { $0.path != Self.clockFile }.flatMap {
      ClockScan.readings(in: $0.text, path: $0.path)
    }
    #expect(hits.isEmpty, "Take `clock: any Clocking` and read `clock.now` instead: \(hits)")
  }

  @Test func theScanReadsTheAppTheWidgetAndEveryModule() throws {
    // A scan that reads nothing passes for nothing.
    let paths = try ClockScan.swiftFiles().map(\.path)
    for folder in ["Sources/NASA/", "Sources/AppFeature/", "Sources/spacer/", "Spacer/", "SpacerWidget/"] {
      #expect(paths.contains { $0.hasPrefix(folder) }, "no Swift file read under \(folder)")
    }
    #expect(paths.contains(Self.clockFile))
    #expect(
      try ClockScan.readings(
        in: String(
          contentsOfFile: ClockScan.root.appendingPathComponent(Self.clockFile).path, encoding: .utf8),
        path: Self.clockFile
      ).count == 1,
      "SystemClock's own `Date()` is the one reading, and the scan must see it")
  }

  @Test func theScanSeesCodeAndIgnoresCommentsStringsAndMethods() {
    let source = """
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
      """
    #expect(
      ClockScan.readings(in: source, path: "Sample.swift")
        == ["Sample.swift:3", "Sample.swift:4", "Sample.swift:5", "Sample.swift:6"])
  }
}

enum ClockScan {
  static let root = RepositoryFiles.root

  /// Ways to read the device's time directly.
  static let direct = ["Date()", "Date.init", "Date.now", "Date(timeIntervalSinceNow:"]

  /// Every Swift file of the package's sources, the app and the widget, by repository path.
  static func swiftFiles() throws -> [(path: String, text: String)] {
    try ["Sources", "Spacer", "SpacerWidget"].flatMap { folder in
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
