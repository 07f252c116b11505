import APODTestSupport
import Foundation
import NASA
import ScreenCore
import Testing

/// A v1 day as the service sends it, with `explanation` as the JSON string's content.
private func v1Day(explanation: String) throws -> APOD {
  let object: [String: Any] = [
    "date": "1995-06-28", "title": "A Ringed Nebula", "media_type": "image", "service_version": "v1",
    "url": "https://apod.nasa.gov/apod/image/ring.gif", "hdurl": "https://apod.nasa.gov/apod/image/ring.gif",
    "explanation": explanation,
  ]
  let data = try JSONSerialization.data(withJSONObject: object)
  return try decoded(String(decoding: data, as: UTF8.self), .v1)
}

private let plainDay = "A dying star throws off shells of glowing gas. The shells are complex."

@Suite("Translate: when the explanation offers it, and what it hands over")
struct ExplanationTranslationTests {
  @Test func offeredWhenTheReadersLanguageIsNotEnglish() throws {
    let apod = try v1Day(explanation: plainDay)
    for languages in [["fr-CA"], ["zh-Hans"], ["fr"], ["de-DE", "en-US"], ["ja_JP"], ["pt-BR", "fr"]] {
      #expect(ExplanationTranslation(apod, preferredLanguages: languages)?.text == plainDay, "\(languages)")
    }
  }

  @Test func notOfferedToAnEnglishReader() throws {
    let apod = try v1Day(explanation: plainDay)
    for languages in [["en-GB"], ["en"], ["en-US", "fr-FR"], ["EN_us"], ["en-Latn-GB"], ["en_US_POSIX"]] {
      #expect(ExplanationTranslation(apod, preferredLanguages: languages) == nil, "\(languages)")
    }
  }

  @Test func entriesThatNameNoLanguageAreSkippedAndNoneKnownOffersNothing() throws {
    let apod = try v1Day(explanation: plainDay)
    #expect(ExplanationTranslation(apod, preferredLanguages: []) == nil)
    #expect(ExplanationTranslation(apod, preferredLanguages: [""]) == nil)
    #expect(ExplanationTranslation(apod, preferredLanguages: ["und", "x-private", "zxx", "  "]) == nil)
    #expect(ExplanationTranslation(apod, preferredLanguages: ["", "fr-CA"])?.text == plainDay)
    #expect(ExplanationTranslation(apod, preferredLanguages: ["mul", "en-GB", "fr"]) == nil)
    #expect(ExplanationTranslation.readerLanguage(["und", "x-klingon", "ZH-hant-TW"]) == "zh")
    #expect(ExplanationTranslation.readerLanguage(["1234", "e", "english"]) == nil)
  }

  @Test func aDayWithoutAnExplanationOffersNothing() throws {
    #expect(ExplanationTranslation(try v1Day(explanation: ""), preferredLanguages: ["fr"]) == nil)
    #expect(ExplanationTranslation(try v1Day(explanation: "   "), preferredLanguages: ["fr"]) == nil)
    // Nothing but the credit: nothing to translate either.
    #expect(
      ExplanationTranslation(try v1Day(explanation: "Image Credit: NASA, ESA"), preferredLanguages: ["fr"])
        == nil)
  }

  @Test func theTextIsTheExplanationWithoutTheCreditHeaderOrFooter() throws {
    let apod = try v1Day(
      explanation:
        "Today's Picture: June 28, 1995    A Ringed Nebula  Picture Credit: NASA, Hubble Space Telescope  "
        + "Explanation:  \(plainDay)   We keep an archive of previous Astronomy Pictures of the Day.   "
        + "Astronomy Picture of the Day is brought to you by  Robert Nemiroff and  Jerry Bonnell . "
        + "Original material on this page is copyrighted to Robert J. Nemiroff and Jerry T. Bonnell.")
    #expect(ExplanationTranslation(apod, preferredLanguages: ["fr-FR"])?.text == plainDay)

    let credited = try v1Day(explanation: "\(plainDay)\n\nImage Credit & Copyright: Ana Lima")
    #expect(ExplanationTranslation(credited, preferredLanguages: ["es"])?.text == plainDay)
  }

  @Test func theCreditLineIsNeverPartOfTheText() throws {
    let apod = try APOD.decode(
      Data(
        #"""
        {"date":"2026-09-29","title":"Sh2-188: The Shrimp Nebula","media_type":"image",
        "explanation":"<strong>Explanation: </strong>What causes the swirl? Stars &amp; gas.<br><strong>Tomorrow's picture: </strong>a harvest",
        "credit":"<a href=\"https://example.org/pp\">Pawel Piechnik</a>",
        "copyright":"<a href=\"https://example.org/pp\">Pawel Piechnik</a>",
        "url":"https://science.nasa.gov/image-article/apod-2026-september-29-sh2-188-the-shrimp-nebula/",
        "hdurl":"https://assets.science.nasa.gov/apod/Shrimp_2048.jpg",
        "permalink":"https://science.nasa.gov/image-article/apod-2026-september-29-sh2-188-the-shrimp-nebula/"}
        """#.utf8))
    let offer = try #require(ExplanationTranslation(apod, preferredLanguages: ["it"]))
    #expect(offer.text == "What causes the swirl? Stars & gas.")
    #expect(!offer.text.contains("Piechnik"))
  }
}
