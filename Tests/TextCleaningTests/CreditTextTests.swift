import Foundation
import Testing

@testable import TextCleaning

private func url(_ text: String) -> URL { URL(string: text)! }

@Suite("Credit HTML read as runs with links")
struct CreditTextTests {
  @Test func aLinkedNameIsOneLinkedRun() {
    // apod-basic's shape (a real credit of 2025, names changed by nothing but the link).
    let runs = CreditText.runs(
      fromHTML: #"<a href="https://www.instagram.com/pawelpiechnik.astrophoto/">Pawel Piechnik</a>"#)
    #expect(
      runs == [
        CreditRun(text: "Pawel Piechnik", link: url("https://www.instagram.com/pawelpiechnik.astrophoto/"))
      ])
  }

  @Test func emphasisAndLinksNestInEitherOrder() {
    let html =
      #"NASA, ESA; <em>Processing</em>: <a href="https://example.org/jd">Jane <em>Doe</em></a>"#
      + #" &amp; <em><a href="https://example.org/kl">K. Lee</a></em>"#
    let runs = CreditText.runs(fromHTML: html)
    #expect(
      runs == [
        CreditRun(text: "NASA, ESA; "),
        CreditRun(text: "Processing", isEmphasized: true),
        CreditRun(text: ": "),
        CreditRun(text: "Jane ", link: url("https://example.org/jd")),
        CreditRun(text: "Doe", link: url("https://example.org/jd"), isEmphasized: true),
        CreditRun(text: " & "),
        CreditRun(text: "K. Lee", link: url("https://example.org/kl"), isEmphasized: true),
      ])
  }

  @Test func aCreativeCommonsLicenceIsItsOwnLink() {
    let html =
      #"<a href="https://www.flickr.com/people/skyguy/">Sky Guy</a> (<a rel="license" "#
      + #"href="https://creativecommons.org/licenses/by-sa/4.0/">CC BY-SA 4.0</a>)"#
    let runs = CreditText.runs(fromHTML: html)
    #expect(runs.map(\.text).joined() == "Sky Guy (CC BY-SA 4.0)")
    #expect(
      CreditText.links(in: runs).map(\.link) == [
        url("https://www.flickr.com/people/skyguy/"), url("https://creativecommons.org/licenses/by-sa/4.0/"),
      ])
    #expect(CreditText.links(in: runs).map(\.text) == ["Sky Guy", "CC BY-SA 4.0"])
  }

  @Test func onlyWebAddressesBecomeLinksAndTheWordsOfTheOthersStay() {
    let html =
      #"<a href="javascript:alert(1)">Evil</a>, <a href="mailto:a@b.c">Mail</a>, "#
      + #"<a href="/apod/ap251121.html">Relative</a>, <a href="">Empty</a>, <a>None</a>, "#
      + #"<a href="//example.org/x">Protocol Relative</a>, <a href="HTTPS://Example.org/y">Upper</a>"#
    let runs = CreditText.runs(fromHTML: html)
    #expect(runs.map(\.text).joined() == "Evil, Mail, Relative, Empty, None, Protocol Relative, Upper")
    #expect(
      CreditText.links(in: runs).map(\.link) == [url("https://example.org/x"), url("HTTPS://Example.org/y")])
  }

  @Test func noLinkedRunStartsOrEndsWithASpace() {
    let html = "  <a href=\"https://a.example/\"> Ann\n Bee </a>,\n<a href=\"https://c.example/\">  Cy </a>  "
    let runs = CreditText.runs(fromHTML: html)
    // As a browser shows it (and as the plain credit says it): the space before the comma stays.
    #expect(runs.map(\.text).joined() == "Ann Bee , Cy")
    #expect(runs.map(\.text).joined() == APODText.htmlCredit(html))
    for run in runs where run.link != nil {
      #expect(run.text == run.text.trimmingCharacters(in: .whitespaces), "\(run)")
    }
  }

  @Test func twoLinksSideBySideKeepTheSpaceBetweenThemUnlinked() {
    let runs = CreditText.runs(
      fromHTML: #"<a href="https://a.example/">Ann</a> <a href="https://b.example/">Bee</a>"#)
    #expect(
      runs == [
        CreditRun(text: "Ann", link: url("https://a.example/")), CreditRun(text: " "),
        CreditRun(text: "Bee", link: url("https://b.example/")),
      ])
  }

  @Test func anUnclosedLinkEndsWithTheFragmentAndAStrayCloseIsIgnored() {
    let runs = CreditText.runs(fromHTML: #"</a>Ann, <a href="https://b.example/">Bee"#)
    #expect(runs == [CreditRun(text: "Ann, "), CreditRun(text: "Bee", link: url("https://b.example/"))])
  }

  @Test func theRunsSayExactlyWhatThePlainCreditSays() {
    let samples = [
      #"<a href="https://x.example/">Tun&#231; Tezel</a> (TWAN)"#,
      "NASA,\n ESA,\r\n and <em>Hubble</em>&nbsp;Heritage<br>Team",
      "Lost letter: Tun\u{FFFD} Tezel &amp; <i>Co</i>\u{7}",
      "<p>Para one</p><p><a href=\"https://p.example/\">Para two</a></p>",
      "a < b and c > d",
      "",
      "   ",
    ]
    for sample in samples {
      let joined = CreditText.runs(fromHTML: sample).map(\.text).joined()
      #expect(joined == (APODText.htmlCredit(sample) ?? ""), "\(sample)")
    }
  }

  @Test func aFieldThatLinksNowhereKeepsNoRuns() {
    #expect(CreditText.linkedRuns(fromHTML: nil) == nil)
    #expect(CreditText.linkedRuns(fromHTML: "NASA, ESA") == nil)
    #expect(CreditText.linkedRuns(fromHTML: "<em>Processing</em>: Ana") == nil)
    #expect(CreditText.linkedRuns(fromHTML: #"<a href="javascript:x">Ana</a>"#) == nil)
    #expect(CreditText.linkedRuns(fromHTML: #"<a href="https://a.example/">Ana</a>"#)?.count == 1)
  }
}
