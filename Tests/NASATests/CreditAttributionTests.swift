import APODTestSupport
import Foundation
import Localization
import TestSupport
import Testing
import TextCleaning

@testable import NASA

private let sampleDay = day("2026-11-21")
private let lena = URL(string: "https://example.org/lena")!

private func apod(
  copyright: String? = nil, credit: String? = nil, source: APODSourceKind,
  creditRuns: [CreditRun]? = nil, copyrightRuns: [CreditRun]? = nil
) -> APOD {
  APOD(
    date: sampleDay, title: "A Title", explanation: "", mediaType: .image, copyright: copyright,
    credit: credit, pageURL: APOD.legacyPageURL(for: sampleDay), source: source, creditRuns: creditRuns,
    copyrightRuns: copyrightRuns)
}

@Suite("Credit & Copyright with the feed's links")
struct CreditAttributionTests {
  @Test func apodBasicLinkedCreditDecodesToALinkedName() throws {
    let picture = try decoded(APODFixtures.apodBasicImage, .apodBasic)
    #expect(picture.credit == "Lena Ortiz & Sky Team")
    let attribution = picture.creditAttribution
    #expect(
      attribution.runs == [
        CreditRun(text: "Credit: "), CreditRun(text: "Lena Ortiz", link: lena), CreditRun(text: " & "),
        CreditRun(text: "Sky Team", isEmphasized: true),
      ])
    #expect(attribution.text == "Credit: Lena Ortiz & Sky Team")
    #expect(attribution.links.map(\.link) == [lena])
    #expect(!attribution.isPublicDomain)
  }

  @Test func v1CopyrightWithMarkupKeepsItsLinkToo() throws {
    let payload =
      #"{"date":"2026-11-21","title":"T","explanation":"E","media_type":"image","#
      + #""url":"https://apod.nasa.gov/apod/image/2611/a.jpg","#
      + #""copyright":"\n<a href=\"https://example.org/lena\">Lena Ortiz</a>\n","service_version":"v1"}"#
    let picture = try decoded(payload, .v1)
    #expect(picture.copyright == "Lena Ortiz")
    #expect(
      picture.creditAttribution.runs == [CreditRun(text: "© "), CreditRun(text: "Lena Ortiz", link: lena)])
  }

  @Test func aFeedThatSaysNothingIsPublicDomainAndOnlyThen() throws {
    for silent in [
      apod(source: .apodBasic), apod(copyright: "  ", credit: "", source: .apodBasic), apod(source: .v1),
      apod(copyright: "\n", source: .v1),
    ] {
      #expect(silent.creditAttribution.isPublicDomain)
      #expect(silent.creditAttribution.text == "Public domain (NASA)")
      #expect(silent.creditLine == nil)
    }
    for credited in [
      apod(credit: "Juno Team", source: .apodBasic), apod(copyright: "NASA, ESA", source: .apodBasic),
      apod(copyright: "Rosa Delgado", source: .v1), apod(credit: "MESSENGER Team", source: .v1),
    ] {
      #expect(!credited.creditAttribution.isPublicDomain)
      #expect(!credited.creditAttribution.text.contains("Public domain"))
    }
  }

  @Test func differentCreditAndCopyrightEachKeepTheirLinks() {
    let ana = URL(string: "https://example.org/ana")!
    let picture = apod(
      copyright: "Ana Lima", credit: "NASA; Processing: Ana Lima", source: .apodBasic,
      creditRuns: [
        CreditRun(text: "NASA; "), CreditRun(text: "Processing", isEmphasized: true), CreditRun(text: ": "),
        CreditRun(text: "Ana Lima", link: ana),
      ],
      copyrightRuns: [CreditRun(text: "Ana Lima", link: ana)])
    let attribution = picture.creditAttribution
    #expect(attribution.text == "Credit: NASA; Processing: Ana Lima · © Ana Lima")
    #expect(attribution.runs.filter { $0.link == ana }.count == 2)
    // The same page linked twice is listed once.
    #expect(attribution.links.map(\.link) == [ana])
  }

  @Test func aDaySavedBeforeLinksWereKeptShowsItsPlainCredit() throws {
    // The cache of an older build: the same JSON without the run keys.
    let older = apod(credit: "Lena Ortiz & Sky Team", source: .apodBasic)
    var json = try #require(
      try JSONSerialization.jsonObject(with: JSONEncoder().encode(older)) as? [String: Any])
    json["creditRuns"] = nil
    json["copyrightRuns"] = nil
    let read = try JSONDecoder().decode(APOD.self, from: JSONSerialization.data(withJSONObject: json))
    #expect(read.creditAttribution.runs == [CreditRun(text: "Credit: Lena Ortiz & Sky Team")])
  }

  @Test func theRunsSurviveTheCache() throws {
    let picture = try decoded(APODFixtures.apodBasicImage, .apodBasic)
    let read = try JSONDecoder().decode(APOD.self, from: JSONEncoder().encode(picture))
    #expect(read.creditRuns == picture.creditRuns)
    #expect(read.creditAttribution == picture.creditAttribution)
  }

  @Test func runsThatDisagreeWithTheCleanCreditAreNotShown() {
    // Never words the field does not have: the plain credit wins.
    let picture = apod(
      credit: "Lena Ortiz", source: .apodBasic, creditRuns: [CreditRun(text: "Someone Else", link: lena)])
    #expect(picture.creditAttribution.runs == [CreditRun(text: "Credit: Lena Ortiz")])
  }

  @Test func aTranslationMayMoveThePartsAndTheirLinksMoveWithThem() {
    let format = LocalizedFormat.fill(
      "© %2$@ — crédit : %1$@", with: [CreditPart.slot(0), CreditPart.slot(1)])
    let attribution = CreditAttribution.line(
      format,
      [
        CreditPart(words: "NASA", runs: nil),
        CreditPart(words: "Ana Lima", runs: [CreditRun(text: "Ana Lima", link: lena)]),
      ])
    #expect(
      attribution.runs == [
        CreditRun(text: "© "), CreditRun(text: "Ana Lima", link: lena), CreditRun(text: " — crédit : NASA"),
      ])
  }
}
