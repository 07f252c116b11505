import Testing

@testable import TextCleaning

/// The explanation's own words, as the Translate action hands them on. The 1995 shapes are those
/// v1 sends for the first APOD days (header, "Picture Credit:", "Explanation:", then the page
/// footer, all run into one field), written here in other words.
@Suite("Explanation body: the author's words without credits, header or footer")
struct ExplanationBodyTests {
  /// v1's explanation for an early day, as `v1Explanation` leaves it.
  private static func early(_ raw: String) -> String { APODText.v1Explanation(raw) }

  private static let footer =
    "   We keep an archive of previous Astronomy Pictures of the Day.   Astronomy Picture of the Day is "
    + "brought to you by  Robert Nemiroff and  Jerry Bonnell . Original material on this page is "
    + "copyrighted to Robert J. Nemiroff and Jerry T. Bonnell."

  @Test func anEarlyDaysHeaderWithItsPictureCreditAndItsFooterAreCut() {
    let raw =
      "Today's Picture: June 28, 1995    A Ringed Nebula  Picture Credit: NASA, Hubble Space Telescope  "
      + "Explanation:  A dying star throws off shells of glowing gas. The shells are complex.  "
      + "For more information see the institute's press release." + Self.footer
    #expect(
      APODText.explanationBody(Self.early(raw))
        == "A dying star throws off shells of glowing gas. The shells are complex. "
        + "For more information see the institute's press release.")
  }

  @Test func aHeaderWithoutADateOrTitleIsCutToo() {
    let raw =
      "Today's Picture:    Explanation:  If the Earth were squeezed to a neutron star, gravity would bend "
      + "the light of the sky behind it.   We keep an  archive file.  Astronomy Picture of the Day is "
      + "brought to you by  Robert Nemiroff and  Jerry Bonnell . Original material on this page is "
      + "copyrighted to Robert Nemiroff and Jerry Bonnell."
    #expect(
      APODText.explanationBody(Self.early(raw))
        == "If the Earth were squeezed to a neutron star, gravity would bend the light of the sky behind it.")
  }

  @Test func aHeaderThatStartsWithTheDateIsCutWhenItHoldsTheCredit() {
    let raw =
      "July 1, 1995    A Telescope on a Mountain  Picture Credit: Mount Wilson Observatory Explanation:  "
      + "In the 1920s, pictures from this telescope changed our view of the cosmos." + Self.footer
    #expect(
      APODText.explanationBody(Self.early(raw))
        == "In the 1920s, pictures from this telescope changed our view of the cosmos.")
  }

  @Test func theListOfTranslationsARecentPageEndsWithIsCut() {
    let text =
      "A comet's tail points away from the Sun, whichever way the comet moves.   "
      + "APOD in world languages: Arabic, Catalan, French, German, Japanese, Spanish, Ukrainian"
    #expect(
      APODText.explanationBody(text)
        == "A comet's tail points away from the Sun, whichever way the comet moves.")
    // The words alone, without the colon that opens the list, are the author's.
    let own = "Readers asked for APOD in world languages and volunteers answered."
    #expect(APODText.explanationBody(own) == own)
  }

  @Test func anExplanationWordInTheAuthorsTextIsKept() {
    let text = "Why is it red? One Explanation: dust. Another explanation: gas."
    #expect(APODText.explanationBody(text) == text)
    // A credit label before it, but 400 characters in: the author's sentence, not a page header.
    let long =
      String(repeating: "Stars shine. ", count: 40) + "Dust, credit: the Sun. A likely Explanation: dust."
    #expect(APODText.explanationBody(long) == TextScan.trimmed(long))
  }

  @Test func aCreditParagraphIsDroppedWithoutLeavingTwoBlankLines() {
    let text = "First paragraph.\n\nImage Credit & Copyright: Ana Lima (Sky Team)\n\nSecond paragraph."
    #expect(APODText.explanationBody(text) == "First paragraph.\n\nSecond paragraph.")
    #expect(APODText.explanationBody("Body.\n\nCredit: NASA, ESA, J. Lee (STScI)") == "Body.")
    #expect(APODText.explanationBody("Copyright: Rosa Delgado\nBody.") == "Body.")
    #expect(APODText.explanationBody("Body.\nVideo Credits: Juno Team; Music: Someone") == "Body.")
  }

  @Test func aCreditThatStartsASentenceEndsItsLine() {
    #expect(
      APODText.explanationBody("The shell is ten thousand years old. Image Credit: NASA, ESA, and J. Lee.")
        == "The shell is ten thousand years old.")
    #expect(
      APODText.explanationBody("Dust glows. Picture Credit and Copyright: Ana Lima\n\nMore text.")
        == "Dust glows.\n\nMore text.")
  }

  @Test func creditAsAWordIsText() {
    for text in [
      "Credit for the discovery goes to a student.", "Give credit: the team worked for years.",
      "The image credit line moved. Credit : spaced.", "Astronomers credit: no one.",
    ] {
      #expect(APODText.explanationBody(text) == text, "\(text)")
    }
  }

  @Test func theLabelAndTheTeaserAreCutEvenFromTextSavedBeforeThatRule() {
    #expect(APODText.explanationBody("Explanation: Body.\nTomorrow's picture: a harvest") == "Body.")
  }

  @Test func apodBasicTextIsItsWords() {
    let html =
      #"<strong>Explanation: </strong>What causes the swirl in the <a href="https://example.org">Shrimp "#
      + #"Nebula</a>? Stars &amp; gas.<br><strong>Tomorrow's picture: </strong>a harvest"#
    #expect(
      APODText.explanationBody(APODText.htmlExplanation(html))
        == "What causes the swirl in the Shrimp Nebula? Stars & gas.")
  }

  @Test func onlyCreditsAndLabelsLeaveNothing() {
    #expect(APODText.explanationBody("") == "")
    #expect(APODText.explanationBody("  \n\n ") == "")
    #expect(APODText.explanationBody("Image Credit: NASA\n\nCopyright: Ana Lima") == "")
    #expect(APODText.explanationBody("Explanation: ") == "")
  }
}
