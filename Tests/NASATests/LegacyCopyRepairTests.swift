import APODTestSupport
import Foundation
import TestSupport
import Testing

@testable import NASA
@testable import Networking

/// 14:00 in New York (EST) on 2026-11-02.
private let afternoon = utc("2026-11-02T19:00:00Z")
private let video = day("2026-11-02")
private let linkedCredit = day("2026-11-01")
private let right = day("2026-10-31")

/// Days as builds before b0d2ade saved them when the legacy address answered with the feed's
/// records and they were read by v1's rules: the credit's HTML kept, the article page as a video's
/// link, the old site as the page; an envelope of schema 1 under the FNV-1a name.
private func seedAsAnEarlierBuildSavedThem(in folder: TemporaryDirectory) throws {
  let article = URL(string: "https://science.nasa.gov/image-article/apod-sample-2026-11-02/")!
  let days = [
    APOD(
      date: video, title: "Sample Sky", explanation: "Sample data.", mediaType: .video, url: article,
      videoURL: article, copyright: "<em>Spacer</em> Sample Team", pageURL: APOD.legacyPageURL(for: video),
      source: .v1),
    APOD(
      date: linkedCredit, title: "Sample Sky", explanation: "Sample data.", mediaType: .image,
      url: URL(string: "https://apod.nasa.gov/apod/image/2611/one.jpg"),
      hdurl: URL(string: "https://apod.nasa.gov/apod/image/2611/one_big.jpg"),
      copyright: #"<a href="https://example.org/p">Pawel Vargas</a> &amp; Bo"#,
      pageURL: APOD.legacyPageURL(for: linkedCredit), source: .v1),
    APOD(
      date: right, title: "Lanes of Dust", explanation: "Dark dust lanes.", mediaType: .image,
      url: URL(string: "https://apod.nasa.gov/apod/image/2610/lanes.jpg"),
      hdurl: URL(string: "https://apod.nasa.gov/apod/image/2610/lanes_big.jpg"), copyright: "Rosa Delgado",
      pageURL: APOD.legacyPageURL(for: right), source: .v1),
  ]
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  for apod in days {
    let value = String(decoding: try encoder.encode(apod), as: UTF8.self)
    let envelope = #"{"savedAt":1790000000,"schema":1,"value":"# + value + "}"
    let name = JSONDiskCache.legacyFileName(for: "apod-day-" + apod.date.iso)
    try Data(envelope.utf8).write(to: folder.url.appending(path: name))
  }
}

extension LoopbackAPOD {
  fileprivate func everyServiceDown() async {
    await server.route(prefix: Self.basicPath) { _ in .html(APODFixtures.infrastructure503, status: 503) }
    await server.route(Self.v1Path) { _ in .html(APODFixtures.infrastructure503, status: 503) }
  }
}

@Suite("Copies earlier builds saved wrong are refetched, shown as they are until then (issue 33, 4)")
struct LegacyCopyRepairTests {
  @Test func theRuleSeesTheFeedsHTMLInACreditAndAnArticlePageAsAVideosLink() throws {
    let folder = try TemporaryDirectory()
    try seedAsAnEarlierBuildSavedThem(in: folder)
    let cache = APODServiceConfiguration.dayCache(directory: folder.url, clock: TestClock(afternoon))
    var judged: [APODDay: Bool] = [:]
    for (key, _) in cache.savedFiles(withPrefix: "apod-day-") {
      let day = try APODDay(iso: String(key.dropFirst("apod-day-".count)))
      let saved = try JSONDecoder().decode(Envelope.self, from: Data(contentsOf: cache.fileURL(for: key)))
      judged[day] = APODRepository.misreadFromTheFeed(saved.value)
    }
    #expect(judged == [video: true, linkedCredit: true, right: false])
  }

  @Test func offlineTheyAreShownAsTheyAreThenTheFirstAnswerReplacesThem() async throws {
    try await LoopbackAPOD.run(now: afternoon) { stack in
      let folder = try TemporaryDirectory()
      try seedAsAnEarlierBuildSavedThem(in: folder)
      await stack.everyServiceDown()
      let offline = try await stack.repository(in: folder).apod(for: linkedCredit)
      #expect(offline.apod.copyright == #"<a href="https://example.org/p">Pawel Vargas</a> &amp; Bo"#)
      #expect(offline.freshness.isStale)
      let asked = await stack.server.requestCount()
      #expect(asked > 0, "a copy to repair is asked for")

      await stack.serveBasicFeed(days: APODDay.lastDays(25, endingOn: video))
      let repository = stack.repository(in: folder)
      let repaired = try await repository.apod(for: linkedCredit)
      #expect(repaired.apod.source == .apodBasic)
      #expect(repaired.apod.copyright == "Spacer Sample Team")
      #expect(!repaired.servedFromCache)
      #expect(repaired.refresh == nil, "nobody asked for a refresh: nothing to tell")
      let afterRepair = await stack.server.requestCount()
      // Saved by this build: read from the cache from now on, in this process and the next.
      #expect(try await repository.apod(for: linkedCredit).servedFromCache)
      #expect(try await stack.repository(in: folder).apod(for: linkedCredit).servedFromCache)
      // A right copy from an earlier build is kept as it is, without a request.
      let kept = try await stack.repository(in: folder).apod(for: right)
      #expect(kept.servedFromCache && kept.apod.copyright == "Rosa Delgado")
      #expect(await stack.server.requestCount() == afterRepair)
    }
  }

  @Test func exploreAsksForTheCopiesToRepairEvenWithEveryDaySavedAndKeepsTheRightOnes() async throws {
    try await LoopbackAPOD.run(now: afternoon) { stack in
      let folder = try TemporaryDirectory()
      try seedAsAnEarlierBuildSavedThem(in: folder)
      await stack.serveBasicFeed(days: APODDay.lastDays(25, endingOn: video))
      let rightFile = JSONDiskCache.identity(
        atPath: folder.url.appending(path: JSONDiskCache.legacyFileName(for: "apod-day-" + right.iso)).path)
      let repository = stack.repository(in: folder)
      let explored = try await repository.explore(days: 3)
      let byDay = Dictionary(uniqueKeysWithValues: explored.items.map { ($0.date, $0) })
      #expect(byDay[video]?.source == .apodBasic)
      #expect(
        byDay[video]?.videoURL?.host != "science.nasa.gov" || byDay[video]?.videoURL?.pathExtension == "mp4")
      #expect(byDay[linkedCredit]?.copyright == "Spacer Sample Team")
      #expect(byDay[right]?.source == .v1)
      let cache = APODServiceConfiguration.dayCache(directory: folder.url, clock: stack.clock)
      #expect(cache.savedFiles(withPrefix: "apod-day-" + right.iso).first?.file == rightFile)
      let asked = await stack.server.requestCount()
      #expect(asked > 0)
      _ = try await stack.repository(in: folder).explore(days: 3)
      #expect(await stack.server.requestCount() == asked, "repaired: nothing left to ask")
    }
  }
}

private struct Envelope: Decodable {
  let value: APOD
}
