import APODTestSupport
import Foundation
import NASA
import TestSupport
import Testing

private let sampleDay = day("2026-11-21")

private func apod(
  title: String = "A Title", alt: String? = nil, copyright: String? = nil, credit: String? = nil,
  source: APODSourceKind
) -> APOD {
  APOD(
    date: sampleDay, title: title, explanation: "", mediaType: .image, copyright: copyright,
    credit: credit, alt: alt, pageURL: APOD.legacyPageURL(for: sampleDay), source: source)
}

@Suite("VoiceOver text for a picture")
struct APODAccessibilityTests {
  @Test func altTextIsReadWhenTheServiceGaveIt() throws {
    let picture = try decoded(APODFixtures.apodBasicImage, .apodBasic)
    #expect(
      picture.accessibilityDescription
        == "Tall dark pillars of gas rise from the bottom of the frame against a glowing blue and orange nebula."
    )
  }

  @Test func titleIsReadWhenThereIsNoAltText() throws {
    let picture = try decoded(APODFixtures.apodBasicVideo, .apodBasic)
    #expect(picture.alt == nil)
    #expect(picture.accessibilityDescription == "Jupiter\u{2019}s Turning Storms")
  }

  @Test func blankAltTextCountsAsNone() {
    #expect(apod(title: "Ring Nebula", alt: "  \n ", source: .v1).accessibilityDescription == "Ring Nebula")
    #expect(apod(title: "Ring Nebula", alt: "", source: .v1).accessibilityDescription == "Ring Nebula")
  }

  @Test func dayWithNeitherAltNorTitleIsStillNamed() {
    #expect(
      apod(title: " ", source: .v1).accessibilityDescription == "Astronomy Picture of the Day, 2026-11-21")
  }

  @Test func listSummaryIsTheTitleAndTheDateInWords() {
    let summary = apod(title: "Ring Nebula", source: .v1).accessibilitySummary(
      locale: Locale(identifier: "en_US"))
    #expect(summary == "Ring Nebula, November 21, 2026")
  }

  @Test func listSummaryOfAnUntitledDayUsesTheGenericName() {
    let summary = apod(title: "", source: .v1).accessibilitySummary(locale: Locale(identifier: "en_US"))
    #expect(summary == "Astronomy Picture of the Day, November 21, 2026")
  }
}

@Suite("Credit line under the title")
struct APODCreditLineTests {
  @Test func v1CopyrightIsShownWithTheCopyrightSign() throws {
    let picture = try decoded(APODFixtures.v1Image, .v1)
    #expect(picture.creditLine == "© Rosa Delgado")
  }

  @Test func v1WithoutCopyrightHasNoCreditLine() throws {
    // Absent copyright on v1 means public domain (NASA): nothing to credit.
    let picture = try decoded(APODFixtures.v1PermalinkURL, .v1)
    #expect(picture.creditLine == nil)
  }

  @Test func apodBasicIdenticalCreditAndCopyrightIsOneCreditLine() throws {
    let picture = try decoded(APODFixtures.apodBasicImage, .apodBasic)
    #expect(picture.creditLine == "Credit: Lena Ortiz & Sky Team")
  }

  @Test func apodBasicCopyrightIsNoProofOfCopyrightSoItIsNeverMarkedWithTheSign() {
    // apod-basic mirrors the credit into `copyright` even for public-domain NASA pictures.
    let picture = apod(copyright: "NASA, ESA", credit: nil, source: .apodBasic)
    #expect(picture.creditLine == "Credit: NASA, ESA")
  }

  @Test func apodBasicCreditWithAnEmptyCopyrightIsACreditLine() throws {
    let picture = try decoded(APODFixtures.apodBasicVideo, .apodBasic)
    #expect(picture.creditLine == "Credit: Juno Team")
  }

  @Test func apodBasicDifferentCreditAndCopyrightAreBothKept() {
    let picture = apod(copyright: "Ana Lima", credit: "NASA; Processing: Ana Lima", source: .apodBasic)
    #expect(picture.creditLine == "Credit: NASA; Processing: Ana Lima · © Ana Lima")
  }

  @Test func apodBasicCreditAndCopyrightDifferingOnlyInCaseAreOne() {
    let picture = apod(copyright: "juno team", credit: "Juno Team", source: .apodBasic)
    #expect(picture.creditLine == "Credit: Juno Team")
  }

  @Test func nothingToCreditHasNoLine() {
    #expect(apod(source: .apodBasic).creditLine == nil)
    #expect(apod(copyright: "  ", credit: "", source: .apodBasic).creditLine == nil)
  }
}

@Suite("A favorite's picture reads to VoiceOver as the day's does")
struct StoredDayAccessibilityTests {
  @Test func emptyAltAndBlankTitleFallBackToTheDayNotToSilence() throws {
    let day = try #require(APODDay(rawValue: "2024-01-05"))
    #expect(
      APOD.accessibilityDescription(alt: "", title: "   ", date: day)
        == "Astronomy Picture of the Day, 2024-01-05")
    #expect(APOD.accessibilityDescription(alt: "  A comet  ", title: "Comet", date: day) == "A comet")
    #expect(APOD.accessibilityDescription(alt: nil, title: " Comet ", date: day) == "Comet")
  }
}
