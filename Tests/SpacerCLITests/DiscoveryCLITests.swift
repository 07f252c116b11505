import Foundation
import NASA
import Testing

/// `spacer random` and `spacer on-this-day`, run as a user runs them against the demo server on
/// 127.0.0.1, with `SPACER_NOW` fixing today at 2026-11-21.
@Suite("CLI: random day and on this day", .serialized)
struct DiscoveryCLITests {
  private func printedDay(_ stdout: String) throws -> String {
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
    return try #require(object["date"] as? String)
  }

  @Test func randomRepeatsForASeedAndRemembersItsDraws() async throws {
    let cache = CacheFolder()
    let first = try await runSpacer(
      ["random", "--demo", "--seed", "11", "--json"], cacheDirectory: cache.url)
    #expect(first.status == 0, "\(first.stderr)")
    let day = try printedDay(first.stdout)
    let parsed = try APODDay(iso: day)
    #expect(parsed >= APODDay.first && parsed <= cliToday)

    // Same seed, same history file: the remembered day is not drawn again.
    let second = try await runSpacer(
      ["random", "--demo", "--seed", "11", "--json"], cacheDirectory: cache.url)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(try printedDay(second.stdout) != day)

    // Same seed, a new cache folder (no history): the same first day.
    let other = CacheFolder()
    let again = try await runSpacer(
      ["random", "--demo", "--seed", "11", "--json"], cacheDirectory: other.url)
    #expect(try printedDay(again.stdout) == day)

    let history = try String(
      contentsOf: cache.url.appending(path: RandomDayHistoryStore.fileName), encoding: .utf8)
    #expect(history.contains(day))
  }

  @Test func aDamagedHistoryIsSaidAndReplaced() async throws {
    let cache = CacheFolder()
    try FileManager.default.createDirectory(at: cache.url, withIntermediateDirectories: true)
    let file = cache.url.appending(path: RandomDayHistoryStore.fileName)
    try Data("not json".utf8).write(to: file)
    let result = try await runSpacer(
      ["random", "--demo", "--seed", "3", "--json"], cacheDirectory: cache.url)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("random-day history"), "\(result.stderr)")
    #expect(result.stderr.contains("could not be read"))
    let store = RandomDayHistoryStore(folder: cache.url)
    #expect(store.load().history.days.map(\.iso) == [try printedDay(result.stdout)])
  }

  @Test func onThisDayListsPastYearsAndAPageIsAskedOnce() async throws {
    let cache = CacheFolder()
    let result = try await runSpacer(["on-this-day", "--demo", "--json"], cacheDirectory: cache.url)
    #expect(result.status == 0, "\(result.stderr)")
    let dates = try printedArray(result.stdout).compactMap { $0["date"] as? String }
    #expect(dates == ["2025-11-21", "2024-11-21", "2023-11-21", "2022-11-21"])
    #expect(result.stderr.contains("page 1 of 8; --page 2"), "\(result.stderr)")

    // Offline: the same page comes from the cache.
    let offline = try await runSpacer(["on-this-day", "--offline", "--json"], cacheDirectory: cache.url)
    #expect(offline.status == 0, "\(offline.stderr)")
    #expect(try printedArray(offline.stdout).compactMap { $0["date"] as? String } == dates)

    let last = try await runSpacer(
      ["on-this-day", "--demo", "--page", "8", "--date", "2026-02-28"], cacheDirectory: cache.url)
    #expect(last.status == 0, "\(last.stderr)")
    #expect(last.stdout.split(separator: "\n").map { String($0.prefix(10)) } == ["1997-02-28", "1996-02-28"])
  }

  @Test func onThisDayOnTheFirstAPODSaysThereAreNoEarlierYears() async throws {
    let cache = CacheFolder()
    let result = try await runSpacer(
      ["on-this-day", "--demo", "--date", "1995-06-16"], cacheDirectory: cache.url)
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("no earlier years"))
  }

  @Test(arguments: [
    (["on-this-day", "--page", "0"], "--page must be 1 or more"),
    (["on-this-day", "--date", "2026-02-30"], "not a real calendar date"),
    (["random", "--seed", "-1"], "seed"),
  ])
  func badInputIsAUsageError(arguments: [String], expected: String) async throws {
    let cache = CacheFolder()
    let result = try await runSpacer(arguments, cacheDirectory: cache.url)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("spacer: error: "))
    #expect(result.stderr.contains(expected), "\(result.stderr)")
  }
}
