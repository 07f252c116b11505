import APODTestSupport
import Foundation
import Networking
import TestServer
import TestSupport
import Testing

@testable import NASA

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// 14:00 in New York (EST) on 2026-11-03, before the legacy service's retirement.
private let afternoon = utc("2026-11-03T19:00:00Z")
private let today = day("2026-11-03")
private let v1Path = LoopbackAPOD.v1Path
private let basicPath = LoopbackAPOD.basicPath

/// The feed's newest page as the legacy address may send it after the migration, whatever it was
/// asked (it ignores `date`, `start_date` and `end_date`): 25 apod-basic records, newest first.
/// The three newest are written in the exact shape of the real feed (HTML credit with a link and
/// `<em>`, an MP4 that plays only from `basic_html`, a YouTube `iframe`, `url` = the article page);
/// the others are the labelled samples, which carry HTML credits and MP4s in `basic_html` too.
private let feedPage: String = {
  let older = APODDay.lastDays(22, endingOn: day("2026-10-31")).map(APODFixtures.sampleAPODBasic(for:))
  let records =
    [APODFixtures.apodBasicImage, APODFixtures.apodBasicVideo, APODFixtures.apodBasicIframe] + older
  return "[" + records.joined(separator: ",") + "]"
}()

/// What the feed serves once it is back: every day up to `today`, one object at `/YYMMDD`, and
/// the newest page at the list address.
private func serveFeed(on server: LoopbackServer) async {
  await server.route(basicPath) { _ in
    .json(APODFixtures.sampleAPODBasicList(APODDay.lastDays(25, endingOn: today)))
  }
  await server.route(prefix: basicPath + "/") { request in
    guard let requested = try? APODDay(yymmdd: String(request.path.split(separator: "/").last ?? "")),
      requested <= today
    else { return .json(APODFixtures.apodBasicNotFound, status: 404) }
    return .json(APODFixtures.sampleAPODBasic(for: requested))
  }
}

extension LoopbackAPOD {
  /// The feed down (503 with an HTML body), the legacy address answering 200 with the feed's page.
  fileprivate func feedDownLegacyAnsweringTheFeedsPage() async {
    await server.route(prefix: Self.basicPath) { _ in .html(APODFixtures.infrastructure503, status: 503) }
    await server.route(Self.v1Path) { _ in .json(feedPage) }
  }
}

/// Each saved day is what the feed meant: a plain credit, a video that plays its MP4 or embed
/// (never the article page), the article page as the day's page.
private func expectRight(_ apod: APOD, sourceLocation: SourceLocation = #_sourceLocation) {
  let label = Comment(rawValue: apod.date.iso)
  for credit in [apod.copyright, apod.credit].compactMap(\.self) {
    #expect(!credit.contains("<") && !credit.contains("&amp;"), label, sourceLocation: sourceLocation)
  }
  #expect(apod.pageURL.host == "science.nasa.gov", label, sourceLocation: sourceLocation)
  #expect(apod.pageURL.path.hasPrefix("/image-article/"), label, sourceLocation: sourceLocation)
  #expect(apod.source == .apodBasic, label, sourceLocation: sourceLocation)
  if apod.mediaType == .video || apod.mediaType == .iframe {
    #expect(apod.videoURL != nil, label, sourceLocation: sourceLocation)
    #expect(apod.videoURL != apod.pageURL, label, sourceLocation: sourceLocation)
    #expect(
      apod.videoURL?.host != "science.nasa.gov" || apod.videoURL?.pathExtension == "mp4", label,
      sourceLocation: sourceLocation)
  }
}

@Suite("The legacy address answering in the feed's shape (issue 19, point 1)")
struct LegacyAddressFeedTests {
  @Test func exploreWithTheFeedDownSavesNothingWrongAndLaterRunsServeRightCopies() async throws {
    try await LoopbackAPOD.run(now: afternoon) { stack in
      let folder = try TemporaryDirectory()
      await stack.feedDownLegacyAnsweringTheFeedsPage()
      let first = try await stack.repository(in: folder).explore()
      #expect(first.items.count == 25)
      for apod in first.items { expectRight(apod) }
      let ortiz = try #require(first.items.first { $0.date == day("2026-11-03") })
      #expect(ortiz.copyright == "Lena Ortiz & Sky Team")
      let storms = try #require(first.items.first { $0.date == day("2026-11-02") })
      #expect(
        storms.videoURL?.absoluteString
          == "https://science.nasa.gov/wp-content/uploads/2026/11/JupiterStorms.mp4")
      #expect(
        storms.pageURL.absoluteString
          == "https://science.nasa.gov/image-article/apod-2026-november-2-jupiters-turning-storms/")
      #expect(storms.alt == nil)
      let mercury = try #require(first.items.first { $0.date == day("2026-11-01") })
      #expect(mercury.videoURL?.absoluteString == "https://www.youtube.com/embed/Mq3Lw8Rt5Yc?rel=0")

      // The feed is back: a later run answers the saved days from the cache, and they are right.
      await serveFeed(on: stack.server)
      let later = stack.repository(in: folder)
      let again = try await later.explore()
      for apod in again.items { expectRight(apod) }
      let saved = try await later.apod(for: day("2026-11-02"))
      #expect(saved.servedFromCache)
      expectRight(saved.apod)
      #expect(saved.apod.videoURL == storms.videoURL)
    }
  }

  @Test func aDayAskedOfTheLegacyAddressIsTakenFromTheFeedsPageItReturns() async throws {
    try await LoopbackAPOD.run(now: afternoon) { stack in
      let folder = try TemporaryDirectory()
      await stack.feedDownLegacyAnsweringTheFeedsPage()
      let result = try await stack.repository(in: folder).apod(for: day("2026-11-02"))
      #expect(result.apod.title == "Jupiter\u{2019}s Turning Storms")
      expectRight(result.apod)
      let today = try await stack.repository(in: folder).today()
      #expect(today.apod.date == day("2026-11-03"))
      #expect(today.apod.credit == "Lena Ortiz & Sky Team")
    }
  }
}

@Suite("One decoder for every shape, wherever it comes from")
struct ShapeRecognitionTests {
  @Test func altTextHasItsOwnRuleAndIsPlainInBothShapes() throws {
    let v1 = try decoded(
      #"{"alt":"Saturn &amp; its rings,\n  <i>backlit</i>","date":"2026-10-02","media_type":"image","service_version":"v1","title":"Rings","url":"https://apod.nasa.gov/apod/image/2610/rings.jpg"}"#,
      .v1)
    #expect(v1.alt == "Saturn & its rings, backlit")
    let blank = try decoded(#"{"alt":"  \n ","date":"2026-10-02","service_version":"v1"}"#, .v1)
    #expect(blank.alt == nil)
  }

  @Test func aLegacyObjectCarryingTheFeedsMarkupInItsCreditIsMadePlain() throws {
    let apod = try decoded(
      #"{"copyright":"<a href=\"https://example.org/p\">Pawel Vargas</a>; <em>Processing</em>: Ana &amp; Bo","date":"2026-10-03","hdurl":"https://apod.nasa.gov/apod/image/2610/x_big.jpg","media_type":"image","service_version":"v1","title":"X","url":"https://apod.nasa.gov/apod/image/2610/x.jpg"}"#,
      .v1)
    #expect(apod.copyright == "Pawel Vargas; Processing: Ana & Bo")
  }

  @Test func aLegacyObjectWhoseURLIsTheArticlePageLinksToThatPage() throws {
    let apod = try decoded(APODFixtures.v1PermalinkURL, .v1)
    #expect(
      apod.pageURL.absoluteString
        == "https://science.nasa.gov/image-article/apod-2026-september-30-a-long-tail/")
    let old = try decoded(APODFixtures.v1Image, .v1)
    #expect(old.pageURL.absoluteString == "https://apod.nasa.gov/apod/ap261102.html")
  }
}
