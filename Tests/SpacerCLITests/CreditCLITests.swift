import Foundation
import NASA
import TestSupport
import Testing

@testable import spacer

@Suite("CLI: the credit and the pages it links to")
struct CreditCLITests {
  @Test func theHumanOutputListsEachLinkAfterTheCredit() throws {
    let apod = try APOD.decode(Data(APODFixtures.apodBasicImage.utf8))
    let lines = APODPrinter(json: false, now: cliNow).human(apod, cachedAt: nil)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let credit = try #require(lines.firstIndex(of: "Credit: Lena Ortiz & Sky Team"))
    #expect(lines[credit + 1] == "  Lena Ortiz: https://example.org/lena")
    #expect(lines[credit + 2] == "")
  }

  @Test func aDayTheFeedCreditsToNobodySaysPublicDomain() throws {
    let apod = try APOD.decode(Data(APODFixtures.v1PermalinkURL.utf8))
    #expect(apod.copyright == nil)
    let output = APODPrinter(json: false, now: cliNow).human(apod, cachedAt: nil)
    #expect(output.split(separator: "\n").contains("Public domain (NASA)"))
  }

  @Test func jsonCarriesTheCreditLineAndItsLinks() throws {
    let apod = try APOD.decode(Data(APODFixtures.apodBasicImage.utf8))
    let data = try JSONEncoder().encode(APODRecord(apod, cachedAt: nil))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["credit"] as? String == "Credit: Lena Ortiz & Sky Team")
    let links = try #require(object["creditLinks"] as? [[String: Any]])
    #expect(links.count == 1)
    #expect(links.first?["text"] as? String == "Lena Ortiz")
    #expect(links.first?["url"] as? String == "https://example.org/lena")
  }
}
