import Foundation
import Testing

/// The texts the system shows for Spacer outside its own views, in English and French: the
/// Info.plist permission sentences (`InfoPlist.xcstrings`, keyed by the Info.plist key) and the App
/// Shortcut phrases Siri and Spotlight offer (`AppShortcuts.xcstrings`, keyed by the phrase with
/// `${applicationName}`). Both catalogs sit in the app's folder, so the app target compiles them.
@Suite("System texts (permissions, App Shortcuts) in English and French")
struct SystemCatalogTests {
  static let infoPlist = Repository.root.appendingPathComponent("Spacer/Info.plist")
  static let infoPlistCatalog = Repository.root.appendingPathComponent("Spacer/InfoPlist.xcstrings")
  static let shortcutsCatalog = Repository.root.appendingPathComponent("Spacer/AppShortcuts.xcstrings")
  static let shortcutsSource = Repository.root.appendingPathComponent("Spacer/ShowTodayIntent.swift")

  /// The permission sentences the system shows: every `…UsageDescription` key of Info.plist.
  static func usageDescriptions() throws -> [String: String] {
    let data = try Data(contentsOf: infoPlist)
    let plist = try #require(
      try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    return plist.filter { $0.key.hasSuffix("UsageDescription") }.compactMapValues { $0 as? String }
  }

  @Test func everyPermissionSentenceIsInTheInfoPlistCatalogInBothLanguages() throws {
    let usages = try Self.usageDescriptions()
    #expect(!usages.isEmpty, "Info.plist asks for no permission: the check would be empty")
    let catalog = try StringCatalog(json: Data(contentsOf: Self.infoPlistCatalog))
    #expect(catalog.sourceLanguage == "en")
    for (key, english) in usages {
      #expect(
        catalog.entries[key]?["en"]?.value == english, "\(key): the English must be Info.plist's sentence")
    }
    #expect(Set(catalog.entries.keys) == Set(usages.keys), "keys Info.plist does not have, or lacks")
    let problems = catalog.translationProblems() + catalog.frenchTypographyProblems()
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test func everyAppShortcutPhraseIsInTheShortcutsCatalogInBothLanguages() throws {
    let phrases = SourceScanner.shortcutPhrases(
      in: try String(contentsOf: Self.shortcutsSource, encoding: .utf8))
    #expect(phrases.count >= 2, "the scan found too few phrases: \(phrases)")
    let catalog = try StringCatalog(json: Data(contentsOf: Self.shortcutsCatalog))
    #expect(catalog.sourceLanguage == "en")
    #expect(Set(catalog.entries.keys) == Set(phrases), "the catalog's phrases differ from the code's")
    let problems = catalog.translationProblems() + catalog.frenchTypographyProblems()
    #expect(problems.isEmpty, "\(problems)")
    for (phrase, units) in catalog.entries {
      // Siri only offers a phrase that names the app, in every language.
      for language in StringCatalog.languages {
        let value = units[language]?.value ?? ""
        #expect(
          value.components(separatedBy: "${applicationName}").count == 2,
          "\(language) of \(phrase) must name the app once: \(value)")
      }
      #expect(units["en"]?.value == phrase)
    }
  }

  @Test func aMissingFrenchPhraseIsReported() throws {
    var catalog = try StringCatalog(json: Data(contentsOf: Self.shortcutsCatalog))
    let phrase = try #require(catalog.entries.keys.sorted().first)
    catalog.entries[phrase]?["fr"] = nil
    #expect(catalog.translationProblems() == ["fr missing: \(phrase)"])
  }

  @Test func theScannerReadsPhrasesIntentTitlesAndWidgetTexts() {
    let source = #"""
      import AppIntents
      struct Planted: AppIntent {
        static let title: LocalizedStringResource = "Planted Title"
      }
      let shortcut = AppShortcut(
        intent: Planted(),
        phrases: [
          "Planted phrase in \(.applicationName)",
          // "Only in a comment \(.applicationName)",
          "Second \(.applicationName) phrase",
        ],
        shortTitle: "Planted Short", systemImageName: "star")
      """#
    #expect(
      SourceScanner.shortcutPhrases(in: source)
        == ["Planted phrase in ${applicationName}", "Second ${applicationName} phrase"])
    #expect(Set(SourceScanner.intentKeys(in: source)) == ["Planted Title", "Planted Short"])
    let widget = #"""
      import SwiftUI
      let configuration = StaticConfiguration(kind: kind, provider: provider) { Text("Planted body") }
        .configurationDisplayName("Planted Name")
        .description("Planted description.")
      """#
    #expect(
      Set(SourceScanner.viewKeys(in: widget)) == ["Planted body", "Planted Name", "Planted description."])
  }
}

@Suite("App Intents parameters, descriptions and enum names are read as catalog keys")
struct IntentParameterKeyTests {
  @Test func parameterTitlesAndDisplayRepresentationsAreKeys() {
    let source = #"""
      import AppIntents
      enum Planted: String, AppEnum {
        case one
        static var typeDisplayRepresentation: TypeDisplayRepresentation { "Planted Type" }
        static var caseDisplayRepresentations: [Planted: DisplayRepresentation] { [.one: oneName] }
        private static var oneName: DisplayRepresentation { "Planted Case" }
      }
      struct PlantedIntent: WidgetConfigurationIntent {
        static var description: IntentDescription? {
          IntentDescription(
            "Planted description.")
        }
        @Parameter(title: "Planted Parameter", default: true)
        var flag: Bool
      }
      """#
    #expect(
      Set(SourceScanner.intentKeys(in: source))
        == ["Planted Type", "Planted Case", "Planted Parameter", "Planted description."])
  }
}
