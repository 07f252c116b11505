import Foundation
import Localization
import Testing

@Suite("User-facing text is filled in the same way on every platform")
struct LocalizedFormatTests {
  @Test func argumentsFillTheSpecifiersInOrder() {
    #expect(
      LocalizedFormat.fill("NASA has no picture for %@.", with: ["2024-07-04"])
        == "NASA has no picture for 2024-07-04.")
    #expect(LocalizedFormat.fill("error %lld, then %@", with: ["503", "later"]) == "error 503, then later")
    #expect(
      LocalizedFormat.fill("%d/%i/%u/%ld/%lu/%llu", with: ["1", "2", "3", "4", "5", "6"]) == "1/2/3/4/5/6")
  }

  @Test func positionalSpecifiersLetATranslationReorderTheArguments() {
    let french = "Choisissez une date entre le %2$@ et le %1$@."
    #expect(
      LocalizedFormat.fill(french, with: ["first", "last"])
        == "Choisissez une date entre le last et le first.")
    #expect(LocalizedFormat.fill("%1$@ %1$@", with: ["twice"]) == "twice twice")
  }

  @Test func aMissingArgumentLeavesItsSpecifierAndExtraArgumentsAreIgnored() {
    #expect(LocalizedFormat.fill("from %@ to %@", with: ["A"]) == "from A to %@")
    #expect(LocalizedFormat.fill("at %3$@", with: ["A"]) == "at %3$@")
    #expect(LocalizedFormat.fill("nothing to fill", with: ["A", "B"]) == "nothing to fill")
    #expect(LocalizedFormat.fill("%@", with: []) == "%@")
  }

  @Test func percentSignsAndUnknownConversionsAreCopied() {
    #expect(LocalizedFormat.fill("100%% sure, %@", with: ["yes"]) == "100% sure, yes")
    #expect(LocalizedFormat.fill("50% off %@", with: ["now"]) == "50% off now")
    #expect(
      LocalizedFormat.fill("%f and %0$@ and a trailing %", with: ["x"]) == "%f and %0$@ and a trailing %")
  }

  @Test func argumentsAreNotReadAsFormats() {
    // A title with a percent sign or a specifier in it is text, never a format.
    #expect(LocalizedFormat.fill("“%@”", with: ["%@ 100%"]) == "“%@ 100%”")
  }

  @Test func specifiersAreListedWithTheirPositions() {
    let found = LocalizedFormat.specifiers(in: "%@ and %2$lld, 100%% and %lld")
    #expect(found.map(\.kind) == ["@", "lld", "lld"])
    #expect(found.map(\.position) == [nil, 2, nil])
  }

  @Test func withoutABundledCatalogTheKeyIsTheEnglishText() {
    // Unit tests bundle no compiled catalog, so the lookup gives back the key: the English text.
    #expect(
      Localized.text("NASA has no picture for %@.", "2024-07-04") == "NASA has no picture for 2024-07-04.")
    #expect(Localized.text("in %lld minutes", 47) == "in 47 minutes")
  }

  @Test func theTranslationIsReadFromTheBundlesLocalizableTable() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("LocalizedBundle-\(UUID().uuidString).bundle", isDirectory: true)
    let table = directory.appendingPathComponent("en.lproj", isDirectory: true)
    try FileManager.default.createDirectory(at: table, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(#""Saved %@." = "Kept safe %@.";"#.utf8).write(
      to: table.appendingPathComponent("Localizable.strings"))
    let bundle = try #require(Bundle(path: directory.path))
    #expect(Localized.text("Saved %@.", arguments: ["today"], bundle: bundle) == "Kept safe today.")
    #expect(Localized.text("Not in the table %@", arguments: ["x"], bundle: bundle) == "Not in the table x")
  }
}
