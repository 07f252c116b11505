import APODSearch
import APODTestSupport
import NASA
import TestSupport
import Testing

/// The 1995–96 pages run their header and footer into v1's `explanation`, and later ones end with
/// the list of translations: the detail shows and search indexes the author's words only.
@Suite("Explanation text: what the detail shows and search indexes")
struct ExplanationTextTests {
  private static func earlyDays() throws -> [(apod: APOD, ownWords: String)] {
    try APODFixtures.v1EarlyPages.map { (try decoded($0.payload, .v1), $0.ownWords) }
  }

  @Test func theDetailShowsTheAuthorsWordsAndTheRecordKeepsThePage() throws {
    for (apod, ownWords) in try Self.earlyDays() {
      #expect(apod.explanationText == ownWords, "\(apod.date.iso)")
      #expect(apod.explanation != ownWords, "\(apod.date.iso): the saved record keeps what the page had")
    }
  }

  @Test func searchFindsTheAuthorsWordsAndNotThePagesFurniture() throws {
    let days = try Self.earlyDays()
    let index = APODSearchIndex(days.map(\.apod))
    for word in [
      "Nemiroff", "copyrighted", "archive", "brought", "Montenegrin", "Ukrainian", "Viking", "Picture",
    ] {
      #expect(index.search(word).isEmpty, "\(word)")
    }
    for (apod, ownWords) in days {
      for word in ownWords.split(separator: " ").prefix(3) {
        #expect(index.search(String(word)).contains { $0.day == apod.date }, "\(apod.date.iso): \(word)")
      }
    }
  }

  @Test func textWithoutHeaderOrFooterIsShownAsItIs() throws {
    let apod = try decoded(APODFixtures.v1Image, .v1)
    #expect(apod.explanationText == apod.explanation)
    #expect(apod.explanationText.hasPrefix("A faint ring of glowing gas"))
  }
}
