import Foundation
import Testing

/// `spacer search` over days saved by an earlier command, as a user runs it.
@Suite("CLI: search over the saved days", .serialized)
struct SearchCLITests {
  @Test func findsSavedDaysByWordsTitleMatchesFirstNewestFirst() async throws {
    let cache = CacheFolder()
    let explore = try await runSpacer(["explore", "--demo", "--days", "3"], cacheDirectory: cache.url)
    try #require(explore.status == 0)

    let result = try await runSpacer(["search", "SKY", "friend", "--json"], cacheDirectory: cache.url)
    #expect(result.status == 0)
    let array = try printedArray(result.stdout)
    let dates = array.compactMap { $0["date"] as? String }
    #expect(dates.count == 3)
    #expect(dates == dates.sorted(by: >))
    #expect(array.allSatisfy { $0["titleMatches"] as? Int == 2 })
  }

  @Test func aSearchThatFindsNothingSaysSoAndPrintsAnEmptyArray() async throws {
    let cache = CacheFolder()
    _ = try await runSpacer(["explore", "--demo", "--days", "2"], cacheDirectory: cache.url)
    let result = try await runSpacer(["search", "quasar", "--json"], cacheDirectory: cache.url)
    #expect(result.status == 0)
    #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    #expect(result.stderr.contains("none of the 2 saved days matches"))
  }

  @Test func theFilterAndTheLimitNarrowTheList() async throws {
    let cache = CacheFolder()
    _ = try await runSpacer(["explore", "--demo", "--days", "3"], cacheDirectory: cache.url)
    let videos = try await runSpacer(["search", "sample", "--filter", "videos"], cacheDirectory: cache.url)
    #expect(videos.status == 0)
    let videoLines = videos.stdout.split(separator: "\n")
    #expect(!videoLines.isEmpty)
    #expect(videoLines.allSatisfy { $0.hasSuffix("(video)") })

    let limited = try await runSpacer(["search", "sample", "--limit", "1"], cacheDirectory: cache.url)
    #expect(limited.stdout.split(separator: "\n").count == 1)
    #expect(limited.stderr.contains("showing 1 of 3"))
  }

  @Test func withNothingSavedItSaysWhatToRunFirst() async throws {
    let cache = CacheFolder()
    let result = try await runSpacer(["search", "moon"], cacheDirectory: cache.url)
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("run `spacer explore` first"))
  }

  @Test(arguments: [
    (["search"], "give at least one word"),
    (["search", "—", "!"], "give at least one word"),
    (["search", "moon", "--limit", "0"], "--limit must be between 1 and"),
    (["search", "moon", "--filter", "sounds"], "sounds"),
  ])
  func badInputIsAUsageError(arguments: [String], expected: String) async throws {
    let cache = CacheFolder()  // named, so it lives (and is removed) after the run, not before
    let result = try await runSpacer(arguments, cacheDirectory: cache.url)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("spacer: error: "))
    #expect(result.stderr.contains(expected))
  }
}
