import Foundation
import Localization
import Testing

/// The String Catalog holds every piece of user-facing text in English and French, and only
/// the keys the code uses. On Linux the catalog is never compiled, so these tests read it and the
/// sources from the repository.
@Suite("Every user-facing text is in the String Catalog, in English and French")
struct StringCatalogTests {
  /// The catalog as the repository holds it, read afresh for each test.
  let catalog: StringCatalog

  init() throws {
    catalog = try StringCatalog.load()
  }

  @Test func everyKeyIsTranslatedIntoEnglishAndFrench() throws {
    #expect(catalog.sourceLanguage == "en")
    #expect(catalog.entries.count > 100, "the catalog looks empty")
    let problems = catalog.translationProblems()
    #expect(problems.isEmpty, "\(problems.count) untranslated: \(problems)")
  }

  @Test func everyTranslationAsksForTheSameArgumentsAsItsKey() throws {
    let problems = catalog.specifierProblems()
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test func everyTranslationShowsEveryArgumentOnceFilled() throws {
    // Through the formatter the app uses: no specifier is left over and every argument appears.
    var problems: [String] = []
    for (key, units) in catalog.entries {
      let positions = StringCatalog.arguments(of: key).keys
      let samples = (0..<(positions.max() ?? 0)).map { "‹\($0 + 1)›" }
      for language in StringCatalog.languages {
        let filled = LocalizedFormat.fill(units[language]?.value ?? "", with: samples)
        let leftOver = !LocalizedFormat.specifiers(in: filled).isEmpty
        let lost = positions.filter { !filled.contains(samples[$0 - 1]) }
        if leftOver || !lost.isEmpty { problems.append("\(language): \(filled)") }
      }
    }
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test func theEnglishTextIsTheKey() throws {
    // The key is what Linux and the tests show; the English unit must say the same.
    let different = catalog.entries.filter { key, units in units["en"].map { $0.value != key } ?? false }
    #expect(different.isEmpty, "\(different.keys.sorted())")
  }

  @Test func theFrenchFollowsFrenchTypography() throws {
    let problems = catalog.frenchTypographyProblems()
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test func everyKeyTheCoreUsesIsInTheCatalog() throws {
    let used = try UsedKeys.scan()
    #expect(used.problems.isEmpty, "\(used.problems)")
    #expect(used.core.count > 100, "the scan found too few Core keys: \(used.core.count)")
    let missing = used.core.subtracting(catalog.entries.keys).sorted()
    #expect(missing.isEmpty, "not in Spacer/Localizable.xcstrings: \(missing)")
  }

  @Test func everyViewLiteralIsInTheCatalog() throws {
    let used = try UsedKeys.scan()
    #expect(used.views.count > 20, "the scan found too few view texts: \(used.views.count)")
    let missing = used.views.subtracting(catalog.entries.keys).sorted()
    #expect(missing.isEmpty, "not in Spacer/Localizable.xcstrings: \(missing)")
  }

  @Test func viewsAndCoreEachSpellALookupOneWay() throws {
    // Views ask SwiftUI (`String(localized:)` or a literal key); Core asks `Localized.text`.
    // Two spellings in one layer would be two places a key can hide from review.
    var problems: [String] = []
    for file in try Repository.shippedSwiftFiles() {
      let code = SourceScanner.withoutComments(file.text)
      if file.text.contains("import SwiftUI") {
        if code.contains("Localized.text(") { problems.append("\(file.path): Localized.text in a view") }
      } else if code.contains("String(localized:") {
        problems.append("\(file.path): String(localized:) in Core")
      }
    }
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test func theCatalogHoldsNoKeyTheCodeNoLongerUses() throws {
    let used = try UsedKeys.scan()
    let stale = Set(catalog.entries.keys).subtracting(used.core.union(used.views)).sorted()
    #expect(stale.isEmpty, "no longer used: \(stale)")
  }
}

/// The keys the shipped code asks for.
struct UsedKeys {
  var core: Set<String> = []
  var views: Set<String> = []
  var problems: [String] = []

  static func scan() throws -> UsedKeys {
    var used = UsedKeys()
    for file in try Repository.shippedSwiftFiles() {
      let found = SourceScanner.coreKeys(in: file.text, file: file.path)
      used.core.formUnion(found.keys)
      used.problems += found.problems
      if file.text.contains("import SwiftUI") {
        used.views.formUnion(SourceScanner.viewKeys(in: file.text))
      }
      if file.text.contains("import AppIntents") {
        used.views.formUnion(SourceScanner.intentKeys(in: file.text))
      }
    }
    return used
  }
}

@Suite("The catalog checks find what they look for")
struct StringCatalogCheckSelfTests {
  static let plantedSource = #"""
    import SwiftUI
    import Localization

    struct Planted: View {
      var body: some View {
        Text("Planted view text")
        Button("Planted \(count) button") {}
        Label(someVariable, systemImage: "star")
        Text(verbatim: "Not localized")
        StatusText("Not a SwiftUI call")
        let title = String(
          localized: "Planted across lines")
        Text(isOn ? "Planted ternary yes" : "Planted ternary no")
        Text(verbatim: isOn ? "Not localized yes" : "Not localized no")
        Text(result?.title ?? "Not a key either")
        List {}
          .searchable(text: $text, prompt: "Planted search prompt")
          .alert(done ? "Planted alert done" : "Planted alert failed", isPresented: $shown) {}
      }
    }

    let a = Localized.text("Planted core key %@", value)
    let b = Localized.text(
      "Planted long "
        + "key with \"quotes\" and \u{00A0}")
    // let c = Localized.text("Only in a comment")
    /* Localized.text("Only in a block comment") */
    let d = Localized.text(someVariable)
    let e = Localized.text("With \(interpolation)")
    let f = Localized.text("Half a literal " + variable)
    let g = "Localized.text(\"Only in a string\")"

    #Preview("Sample") {
      Text("Only in a preview {")
    }
    """#

  @Test func theScannersFindPlantedKeysAndIgnoreCommentsAndPreviews() {
    let core = SourceScanner.coreKeys(in: Self.plantedSource, file: "Planted.swift")
    #expect(core.keys == ["Planted core key %@", "Planted long key with \"quotes\" and \u{00A0}"])
    #expect(core.problems.count == 3, "\(core.problems)")
    #expect(core.problems.first == "Planted.swift:28: the key is not one plain string literal")
    let views = Set(SourceScanner.viewKeys(in: Self.plantedSource))
    #expect(
      views == [
        "Planted view text", "Planted %@ button", "Planted across lines", "Planted ternary yes",
        "Planted ternary no", "Planted search prompt", "Planted alert done", "Planted alert failed",
      ])
  }

  @Test func aPlantedViewTextMissingFromTheCatalogIsReported() throws {
    // The ternary branches and the search prompt are keys SwiftUI looks up: a catalog without
    // them must fail `everyViewLiteralIsInTheCatalog`.
    let catalog = try StringCatalog.load()
    let missing = Set(SourceScanner.viewKeys(in: Self.plantedSource)).subtracting(catalog.entries.keys)
    #expect(missing.isSuperset(of: ["Planted ternary no", "Planted search prompt", "Planted alert failed"]))
  }

  @Test func aPlantedMissingKeyIsReported() throws {
    var catalog = try StringCatalog.load()
    let used = Set(SourceScanner.coreKeys(in: Self.plantedSource).keys)
    #expect(!used.subtracting(catalog.entries.keys).isEmpty)
    for key in used { catalog.entries[key] = ["en": .init(state: "translated", value: key)] }
    #expect(used.subtracting(catalog.entries.keys).isEmpty)
  }

  @Test func aMissingOrUnfinishedTranslationIsReported() throws {
    let catalog = try StringCatalog(
      json: Data(
        #"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "Only English": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Only English"}}}},
          "Needs review": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "Needs review"}},
            "fr": {"stringUnit": {"state": "needs_review", "value": "À revoir"}}}},
          "Empty": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "Empty"}},
            "fr": {"stringUnit": {"state": "translated", "value": " "}}}},
          "Fine": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "Fine"}},
            "fr": {"stringUnit": {"state": "translated", "value": "Bien"}}}}
        }}
        """#.utf8))
    #expect(
      catalog.translationProblems() == [
        "fr empty: Empty", "fr is needs_review: Needs review", "fr missing: Only English",
      ])
  }

  @Test func aTranslationWithOtherSpecifiersIsReported() throws {
    var catalog = try StringCatalog(json: Data(#"{"sourceLanguage": "en", "strings": {}}"#.utf8))
    func entry(_ key: String, _ french: String) {
      catalog.entries[key] = [
        "en": .init(state: "translated", value: key), "fr": .init(state: "translated", value: french),
      ]
    }
    entry("From %@ to %@.", "Du %2$@ au %1$@.")  // reordered: fine
    entry("Error %lld.", "Erreur %d.")  // another integer length: fine
    entry("Saved %@.", "Enregistré.")  // an argument dropped
    entry("Error %lld!", "Erreur %@ !")  // another kind
    entry("At %@.", "À %1$@ et %3$@.")  // a position the key does not have
    #expect(catalog.specifierProblems().count == 3, "\(catalog.specifierProblems())")
  }

  @Test func frenchTypographyMistakesAreReported() throws {
    var catalog = try StringCatalog(json: Data(#"{"sourceLanguage": "en", "strings": {}}"#.utf8))
    for (index, french) in [
      "Erreur : plain space", "Erreur: no space", "Dit \"bonjour\"", "L'image", "Bien\u{00A0}!",
    ]
    .enumerated() {
      catalog.entries["key \(index)"] = ["fr": .init(state: "translated", value: french)]
    }
    #expect(catalog.frenchTypographyProblems().count == 4, "\(catalog.frenchTypographyProblems())")
  }
}
