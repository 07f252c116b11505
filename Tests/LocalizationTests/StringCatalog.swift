import Foundation
import Localization

/// The app's String Catalog (`Spacer/Localizable.xcstrings`), read as JSON.
struct StringCatalog {
  /// The languages every key must be translated into.
  static let languages = ["en", "fr"]

  struct Unit: Equatable {
    var state: String
    var value: String
  }

  var sourceLanguage: String
  /// key → language → string unit.
  var entries: [String: [String: Unit]]

  init(json: Data) throws {
    guard let root = try JSONSerialization.jsonObject(with: json) as? [String: Any] else {
      throw CatalogError.notAnObject
    }
    sourceLanguage = root["sourceLanguage"] as? String ?? ""
    var entries: [String: [String: Unit]] = [:]
    for (key, value) in root["strings"] as? [String: Any] ?? [:] {
      let localizations = (value as? [String: Any])?["localizations"] as? [String: Any] ?? [:]
      var units: [String: Unit] = [:]
      for (language, localization) in localizations {
        let unit = (localization as? [String: Any])?["stringUnit"] as? [String: Any]
        units[language] = Unit(state: unit?["state"] as? String ?? "", value: unit?["value"] as? String ?? "")
      }
      entries[key] = units
    }
    self.entries = entries
  }

  static func load() throws -> StringCatalog {
    try StringCatalog(json: Data(contentsOf: Repository.catalog))
  }

  enum CatalogError: Error { case notAnObject }

  /// Keys without a translated, non-empty unit in each language.
  func translationProblems() -> [String] {
    entries.keys.sorted().flatMap { key in
      Self.languages.compactMap { language -> String? in
        guard let unit = entries[key]?[language] else { return "\(language) missing: \(key)" }
        if unit.state != "translated" {
          return "\(language) is \(unit.state.isEmpty ? "no state" : unit.state): \(key)"
        }
        if unit.value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
          return "\(language) empty: \(key)"
        }
        return nil
      }
    }
  }

  /// Keys whose translations ask for other arguments than the key: another kind, another count,
  /// or a position the key does not have.
  func specifierProblems() -> [String] {
    entries.keys.sorted().flatMap { key in
      let expected = Self.arguments(of: key)
      return Self.languages.compactMap { language -> String? in
        guard let value = entries[key]?[language]?.value else { return nil }
        let found = Self.arguments(of: value)
        return found == expected ? nil : "\(language) asks for \(found), the key for \(expected): \(key)"
      }
    }
  }

  /// French typography: a non-breaking space before `:` `;` `?` `!`, « » for quotes, and the
  /// typographic apostrophe.
  func frenchTypographyProblems() -> [String] {
    entries.keys.sorted().compactMap { key in
      guard let value = entries[key]?["fr"]?.value else { return nil }
      // A specifier stands for an argument, not for a word: "%lld:%lld" is a time.
      let characters = Array(
        value.replacingOccurrences(
          of: "%([0-9]+\\$)?(@|lld|llu|ld|lu|d|i|u)", with: "0", options: .regularExpression))
      for (index, character) in characters.enumerated() where index > 0 && ":;?!".contains(character) {
        let before = characters[index - 1]
        if before == " " || before.isLetter {
          return "fr needs a non-breaking space before “\(character)”: \(value)"
        }
      }
      if value.contains("\"") { return "fr uses straight quotes instead of « »: \(value)" }
      if value.contains("'") { return "fr uses a straight apostrophe instead of ’: \(value)" }
      return nil
    }
  }

  /// The arguments a format asks for: each position with its conversion (`@`, or `int` for any
  /// integer specifier), positions given in order to the specifiers written without one.
  static func arguments(of format: String) -> [Int: String] {
    var next = 1
    var result: [Int: String] = [:]
    for specifier in LocalizedFormat.specifiers(in: format) {
      let position = specifier.position ?? next
      if specifier.position == nil { next += 1 }
      result[position] = specifier.kind == "@" ? "@" : "int"
    }
    return result
  }
}

/// The repository this test file is in.
enum Repository {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let catalog = root.appendingPathComponent("Spacer/Localizable.xcstrings")

  /// Every Swift file of the shipped code: the package's sources (the `spacer` CLI excepted, which
  /// speaks English to developers; the tooling is under Tools/), the app target's folder and the
  /// widget's (its texts come from the same catalog, a member of the widget target too).
  static func shippedSwiftFiles() throws -> [(path: String, text: String)] {
    let excluded: Set<String> = ["spacer"]
    var files: [(path: String, text: String)] = []
    for folder in ["Sources", "Spacer", "SpacerWidget"] {
      let directory = root.appendingPathComponent(folder)
      guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else {
        continue
      }
      for case let url as URL in walker where url.pathExtension == "swift" {
        let relative = String(url.path.dropFirst(root.path.count + 1))
        let components = relative.split(separator: "/")
        if folder == "Sources", components.count > 1, excluded.contains(String(components[1])) { continue }
        files.append((relative, try String(contentsOf: url, encoding: .utf8)))
      }
    }
    return files.sorted { $0.path < $1.path }
  }
}
