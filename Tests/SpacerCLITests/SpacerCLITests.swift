import ArgumentParser
import Foundation
import NASA
import ScreenCore
import TestSupport
import Testing

@testable import spacer

@Suite struct JSONOutputTests {
  @Test func everyDocumentedKeyIsPresentWithExplicitNulls() throws {
    let apod = try APOD.decode(Data(APODFixtures.v1Other.utf8))
    let data = try JSONEncoder().encode(APODRecord(apod, cachedAt: nil))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])

    let required = [
      "date", "title", "mediaType", "explanation", "copyright", "credit", "creditLinks", "imageURL",
      "hdImageURL", "pageURL", "source", "freshness", "cachedAt",
    ]
    for key in required {
      #expect(object.keys.contains(key), "missing \(key)")
    }
    // `other` has no image: the keys are there, as null.
    #expect(object["imageURL"] is NSNull)
    #expect(object["hdImageURL"] is NSNull)
    #expect(object["cachedAt"] is NSNull)
    #expect(object["freshness"] as? String == "fresh")
    #expect(object["source"] as? String == "v1")
  }

  @Test func cachedContentSaysCachedAndWhen() throws {
    let apod = try APOD.decode(Data(APODFixtures.v1Image.utf8))
    let savedAt = Date(timeIntervalSince1970: 1_763_700_000)
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    let data = try encoder.encode(APODRecord(apod, cachedAt: savedAt))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])

    #expect(object["freshness"] as? String == "cached")
    #expect(object["cachedAt"] as? String == "2025-11-21T04:40:00Z")
    #expect((object["imageURL"] as? String)?.hasPrefix("https://") == true)
  }
}

@Suite struct ArgumentValidationTests {
  @Test(arguments: [
    (["show", "banana"], "is not a date"),
    (["show", "1995-06-15"], "before the first"),
    (["explore", "--days", "0"], "--days must be between 1 and"),
    (["today", "--base-url", "ftp://example.com"], "--base-url must be an http(s) URL"),
    (["today", "--demo", "--base-url", "http://127.0.0.1:1"], "--demo runs its own local server"),
  ])
  func badInputGetsASpecificMessage(arguments: [String], expected: String) {
    #expect {
      _ = try Spacer.parseAsRoot(arguments)
    } throws: { error in
      Spacer.message(for: error).contains(expected)
    }
  }
}

/// Runs the real `spacer` binary, as a user would, against its own demo server (through
/// `runSpacer`, which turns a hang into a failure instead of blocking the suite).
@Suite(.serialized) struct CommandLineEndToEndTests {
  /// Removed when the test ends (Swift Testing makes a suite value per test).
  let cache = CacheFolder()

  private func run(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
    try await runSpacer(arguments, cacheDirectory: cache.url)
  }

  @Test func demoTodayPrintsOneJSONObjectThenServesItFromTheCache() async throws {
    let first = try await run(["today", "--demo", "--json"])
    #expect(first.status == 0)
    #expect(first.stderr.contains("SAMPLE DATA"))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
    #expect(object["freshness"] as? String == "fresh")
    #expect((object["title"] as? String)?.contains("sample data") == true)

    let second = try await run(["today", "--demo", "--json"])
    #expect(second.status == 0)
    let again = try #require(
      try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
    #expect(again["freshness"] as? String == "cached")
    #expect(again["date"] as? String == object["date"] as? String)
    #expect(second.stderr.contains("served from the cache"))
  }

  @Test func demoExplorePrintsAnArrayNewestFirst() async throws {
    let result = try await run(["explore", "--demo", "--json", "--days", "4"])
    #expect(result.status == 0)
    let array = try printedArray(result.stdout)
    let dates = array.compactMap { $0["date"] as? String }
    #expect(dates.count == 4)
    #expect(dates == dates.sorted(by: >))
  }

  @Test func offlineWithAnEmptyCacheFailsWithOneLineAndNoTrace() async throws {
    let result = try await run(["today", "--offline"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("spacer: error: "))
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  @Test func badDateExitsWithUsageStatus() async throws {
    let result = try await run(["show", "2031-02-30"])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("spacer: error: "))
  }

  @Test func theTestsNowDecidesTheAPODDayAndShowsRange() async throws {
    // SPACER_NOW (tests only) is 2026-11-21T19:00:00Z: today is 2026-11-21 whatever the wall clock.
    let today = try await run(["today", "--demo", "--json"])
    #expect(today.status == 0, "\(today.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(today.stdout.utf8)) as? [String: Any])
    #expect(object["date"] as? String == "2026-11-21")
    #expect(cliToday.iso == "2026-11-21")
    let tomorrow = try await run(["show", "2026-11-22", "--offline"])
    #expect(tomorrow.status == 64, "\(tomorrow.stderr)")
  }

  @Test func aMalformedTestNowIsAUsageErrorThatNamesIt() async throws {
    let result = try await runSpacer(
      ["today", "--offline"], cacheDirectory: cache.url, environment: ["SPACER_NOW": "tomorrow"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("SPACER_NOW must be an ISO 8601 instant"), "\(result.stderr)")
  }
}

@Suite("CLI status note follows the app's status line")
struct CLIStatusNoteTests {
  static let now = Date(timeIntervalSince1970: 1_720_094_400)  // 2024-07-04T12:00:00Z
  static let savedAt = now.addingTimeInterval(-2 * 3600)
  static let freshnesses: [Freshness] = [
    .fresh,
    .stale(since: savedAt, reason: .offline),
    .stale(since: savedAt, reason: .rateLimited(retryAt: now.addingTimeInterval(600))),
    .stale(since: savedAt, reason: .failing(.network(.transport("reset")))),
    .stale(since: savedAt, reason: .networkDisabled),
  ]
  static let notices: [APODNotice?] = [
    nil, .notPublishedYet(today: APODDay.today(now: now), showing: APODDay.today(now: now).previous),
  ]
  static let requests: [APODPrinter.Request] = [.today, .day, .explore(days: 7)]

  @Test func everyCombinationGivesTheSameKindAsTheAppAndOneNoteAtMost() {
    for freshness in Self.freshnesses {
      for cachedAt in [nil, Self.savedAt] {
        for notice in Self.notices {
          for request in Self.requests {
            let app = ContentStatus.describing(
              freshness: freshness, cachedAt: cachedAt, notice: notice, now: Self.now)
            let printer = APODPrinter(json: false, now: Self.now, request: request)
            let note = printer.statusNote(
              freshness: freshness, cachedAt: cachedAt, notice: notice, filledBy: "v1")
            #expect(
              note?.kind == app?.kind,
              "\(freshness) \(String(describing: cachedAt)) \(String(describing: notice))")
            if let app, app.kind != .savedCurrent {
              // Stale and not-yet-published read exactly as in the app.
              #expect(note?.text == app.message)
            }
          }
        }
      }
    }
  }

  @Test func aStaleCopyFromAServerGivenOnTheCommandLineNamesThatServer() {
    var printer = APODPrinter(json: false, now: Self.now)
    printer.context = Console.Context(customHosts: ["127.0.0.1:8080"], clock: TestClock(Self.now))
    let note = printer.statusNote(
      freshness: .stale(since: Self.savedAt, reason: .offline), cachedAt: Self.savedAt,
      notice: Self.notices[1], filledBy: "v1")
    #expect(note?.kind == .stale)
    #expect(note?.text.contains("127.0.0.1:8080") == true)
  }
}
