import Foundation
import NASA
import TestServer
import TestSupport
import Testing

/// The instant every `spacer` run in these tests takes as now, through `SPACER_NOW` (a setting
/// for these tests only): 2026-11-21T19:00:00Z, 14:00 in New York. The tests compute their days
/// from the same instant, so they never disagree with the command around midnight in New York.
let cliNowText = "2026-11-21T19:00:00Z"
let cliNow = Date(timeIntervalSince1970: 1_795_287_600)
/// The APOD day at `cliNow`: 2026-11-21.
let cliToday = APODDay.today(now: cliNow)

/// Runs the real `spacer` binary without blocking a thread of the test's concurrency pool (the
/// loopback server of the same test needs those threads), at `cliNow`. Output goes through files;
/// the bound is a hang guard (far above an honest run, even on a loaded machine), never a speed
/// claim.
func runSpacer(
  _ arguments: [String], cacheDirectory: URL?, stdoutPath: String? = nil,
  environment: [String: String] = [:]
) async throws -> (status: Int32, stdout: String, stderr: String) {
  let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appending(path: "spacer")
  try #require(FileManager.default.isExecutableFile(atPath: binary.path), "no spacer at \(binary.path)")
  let scratch = FileManager.default.temporaryDirectory.appending(path: "spacer-run-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: scratch) }
  let outURL = stdoutPath.map { URL(fileURLWithPath: $0) } ?? scratch.appending(path: "out")
  let errURL = scratch.appending(path: "err")
  if stdoutPath == nil { _ = FileManager.default.createFile(atPath: outURL.path, contents: nil) }
  _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
  let process = try SpawnedProcess.start(
    binary, arguments: arguments + (cacheDirectory.map { ["--cache-dir", $0.path] } ?? []),
    environment: ProcessInfo.processInfo.environment.merging(
      ["SPACER_NOW": cliNowText].merging(environment) { _, new in new }
    ) { _, new in new },
    stdout: outURL.path, stderr: errURL.path)
  let status = await process.exitStatus(limit: .seconds(120))
  try #require(
    status != nil,
    "hang guard tripped: spacer \(arguments.joined(separator: " ")) did not finish within 120 s")
  let stdout = stdoutPath == nil ? (try? String(contentsOf: outURL, encoding: .utf8)) ?? "" : ""
  let stderr = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
  return (status ?? -1, stdout, stderr)
}

/// The objects of the JSON array a command printed; fails the test when it printed anything else.
func printedArray(_ stdout: String) throws -> [[String: Any]] {
  try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [[String: Any]])
}

/// A cache folder for one test, removed at the end.
final class CacheFolder: Sendable {
  let url = FileManager.default.temporaryDirectory
    .appending(path: "spacer-cli-\(UUID().uuidString)", directoryHint: .isDirectory)
  deinit { try? FileManager.default.removeItem(at: url) }

  func dayFile(_ iso: String) -> URL? {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    return names.first { $0.contains("apod-day-\(iso)") }.map { url.appending(path: $0) }
  }
}

@Suite("CLI: the data path as a user meets it", .serialized)
struct DataPathCLITests {
  @Test func aServiceAnsweringWithAnotherDayIsAnErrorAndTheGoodCachedDayStays() async throws {
    let cache = CacheFolder()
    let good = try await runSpacer(
      ["show", "2020-01-01", "--source", "v1", "--demo", "--json"], cacheDirectory: cache.url)
    #expect(good.status == 0)
    let goodFile = try #require(cache.dayFile("2020-01-01"))
    let goodBytes = try Data(contentsOf: goodFile)

    // A v1 service that answers every date= with a 2020-01-01 entry of other content.
    let server = LoopbackServer()
    let base = try await server.start()
    await server.route("/planetary/apod") { _ in
      .json(
        APODFixtures.sampleV1(for: APODDay(checkedISO: "2020-01-01")).replacingOccurrences(
          of: "Sample Sky", with: "Impostor"))
    }
    let rude = try await runSpacer(
      [
        "show", "2024-03-03", "--source", "v1", "--base-url",
        base.appending(path: "planetary/apod").absoluteString,
      ],
      cacheDirectory: cache.url)
    let todayRun = try await runSpacer(["today", "--offline", "--json"], cacheDirectory: cache.url)
    await server.stop()

    #expect(rude.status != 0)
    #expect(!rude.stdout.contains("2020-01-01"))
    #expect(
      rude.stderr.contains("NASA answered with the picture of 2020-01-01 when 2024-03-03 was asked for"))
    #expect(try Data(contentsOf: goodFile) == goodBytes)
    #expect(cache.dayFile("2024-03-03") == nil)
    #expect(!todayRun.stdout.contains("Impostor"))
  }

  @Test func aYearOfExploreInDemoModeFromAnEmptyCacheSucceeds() async throws {
    let cache = CacheFolder()
    let result = try await runSpacer(
      ["explore", "--days", "366", "--demo", "--json"], cacheDirectory: cache.url)
    #expect(result.status == 0, "\(result.stderr)")
    let array = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    #expect((array?.count ?? 0) >= 365)
  }

  @Test func todayRefreshAsksTheServiceEvenWhenTodayIsCached() async throws {
    let cache = CacheFolder()
    let server = LoopbackServer()
    let base = try await server.start()
    await server.route("/planetary/apod") { request in
      let day = request.query["date"].flatMap { try? APODDay(iso: $0) } ?? cliToday
      return .json(APODFixtures.sampleV1(for: day))
    }
    let url = base.appending(path: "planetary/apod").absoluteString
    let first = try await runSpacer(
      ["today", "--source", "v1", "--base-url", url], cacheDirectory: cache.url)
    let afterFirst = await server.requestCount()
    let second = try await runSpacer(
      ["today", "--refresh", "--source", "v1", "--base-url", url], cacheDirectory: cache.url)
    let afterSecond = await server.requestCount()
    await server.stop()
    #expect(first.status == 0)
    #expect(second.status == 0)
    #expect(afterSecond > afterFirst)
  }

  @Test(arguments: [
    ["show", "2031-02-30"], ["explore", "--days", "0"], ["today", "--bogus"],
  ])
  func usageErrorsHaveTheOnePrefixAndExit64(arguments: [String]) async throws {
    let result = try await runSpacer(arguments, cacheDirectory: nil)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("spacer: error: "), "\(result.stderr)")
  }

  @Test func aCacheDirThatIsAFileIsAUsageError() async throws {
    let file = FileManager.default.temporaryDirectory.appending(path: "spacer-not-a-dir-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: file.path, contents: Data("x".utf8))
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try await runSpacer(["today", "--demo", "--cache-dir", file.path], cacheDirectory: nil)
    #expect(result.status == 64)
    #expect(result.stderr.contains("--cache-dir"))
  }

  @Test func anEmptyCacheDirIsAUsageError() async throws {
    let result = try await runSpacer(["today", "--demo", "--cache-dir", ""], cacheDirectory: nil)
    #expect(result.status == 64)
    #expect(result.stderr.contains("--cache-dir"))
  }

  @Test func writingToAFullDeviceFailsWithAMessage() async throws {
    try #require(FileManager.default.isWritableFile(atPath: "/dev/full"))
    let cache = CacheFolder()
    let result = try await runSpacer(
      ["today", "--demo", "--json"], cacheDirectory: cache.url, stdoutPath: "/dev/full")
    #expect(result.status != 0)
    #expect(result.stderr.contains("spacer: error:"))
  }

  @Test func jsonSaysFreshnessAndNotice() async throws {
    let cache = CacheFolder()
    let first = try await runSpacer(["show", "2024-03-03", "--demo", "--json"], cacheDirectory: cache.url)
    let second = try await runSpacer(["show", "2024-03-03", "--demo", "--json"], cacheDirectory: cache.url)
    let fresh = try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any]
    let cached = try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any]
    #expect(fresh?["freshness"] as? String == "fresh")
    #expect(cached?["freshness"] as? String == "cached")
    #expect(cached?.keys.contains("notice") == true)
    #expect(cached?["notice"] is NSNull)
    // A fixed past day from the cache: nothing about "newer".
    #expect(!second.stderr.contains("nothing newer exists yet"))
  }

  @Test func aRefusedConnectionNamesTheBaseURLHost() async throws {
    let cache = CacheFolder()
    let result = try await runSpacer(
      ["show", "2024-03-03", "--source", "v1", "--base-url", "http://127.0.0.1:9/planetary/apod"],
      cacheDirectory: cache.url)
    #expect(result.status == 1)
    #expect(result.stderr.contains("127.0.0.1:9"), "\(result.stderr)")
    #expect(!result.stderr.contains("NASA"))

    // Serving an older saved day instead, the note names the host too.
    let yesterday = cliToday.previous.iso
    _ = try await runSpacer(["show", yesterday, "--demo"], cacheDirectory: cache.url)
    let stale = try await runSpacer(
      ["today", "--source", "v1", "--base-url", "http://127.0.0.1:9/planetary/apod"],
      cacheDirectory: cache.url)
    #expect(stale.status == 0)
    #expect(stale.stderr.contains("127.0.0.1:9"), "\(stale.stderr)")
  }

  @Test func quietSimulatePrintsOnlyTheSummaryWhenEverythingPasses() async throws {
    let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appending(path: "Scenarios")
    let files = try FileManager.default.contentsOfDirectory(atPath: scenarios.path)
      .filter { $0.hasSuffix(".json") }.sorted().prefix(2).map { scenarios.appending(path: $0).path }
    try #require(!files.isEmpty)
    let result = try await runSpacer(["simulate", "-q"] + files, cacheDirectory: nil)
    #expect(result.status == 0)
    #expect(!result.stdout.contains("PASS"), "\(result.stdout)")
    #expect(result.stdout.contains("\(files.count) of \(files.count) scenarios passed."))
  }
}

@Suite("CLI: damaged files and rate limits", .serialized)
struct DamageAndLimitCLITests {
  @Test func anOfflineMissNamesTheDayAndPointsAtTheDemoCache() async throws {
    // The default cache folders, inside a scratch XDG cache home.
    let home = CacheFolder()
    let environment = ["XDG_CACHE_HOME": home.url.path]
    let demo = try await runSpacer(
      ["show", "2024-03-03", "--demo"], cacheDirectory: nil, environment: environment)
    #expect(demo.status == 0)
    let real = try await runSpacer(
      ["show", "2024-03-03", "--offline"], cacheDirectory: nil, environment: environment)
    #expect(real.status == 1)
    #expect(real.stderr.contains("Nothing is saved for 2024-03-03 yet"))
    #expect(real.stderr.contains("--demo keeps its own cache"), "\(real.stderr)")
  }

  @Test func aDamagedSavedDayIsReportedNotSilentlySkipped() async throws {
    let cache = CacheFolder()
    _ = try await runSpacer(["show", "2024-03-03", "--demo"], cacheDirectory: cache.url)
    let file = try #require(cache.dayFile("2024-03-03"))
    try Data("{ not json".utf8).write(to: file)
    let result = try await runSpacer(["show", "2024-03-03", "--offline"], cacheDirectory: cache.url)
    #expect(result.status == 1)
    #expect(result.stderr.contains("the saved copy of 2024-03-03 could not be read"), "\(result.stderr)")
    #expect(result.stderr.contains("Nothing is saved for 2024-03-03 yet"))
  }

  @Test func theSame429GivesTheSameWaitWithOrWithoutACachedCopy() async throws {
    let server = LoopbackServer()
    let base = try await server.start()
    await server.route("/planetary/apod") { _ in
      .json(APODFixtures.gatewayOverRateLimit, status: 429, headers: ["Retry-After": "2870"])
    }
    let url = base.appending(path: "planetary/apod").absoluteString
    let empty = CacheFolder()
    let withoutCache = try await runSpacer(
      ["today", "--source", "v1", "--base-url", url], cacheDirectory: empty.url)
    let filled = CacheFolder()
    let yesterday = cliToday.previous.iso
    _ = try await runSpacer(["show", yesterday, "--demo"], cacheDirectory: filled.url)
    let withCache = try await runSpacer(
      ["today", "--source", "v1", "--base-url", url], cacheDirectory: filled.url)
    await server.stop()

    #expect(withoutCache.status == 1)
    #expect(withCache.status == 0)
    // "Try again in 47 minutes" in both, worded alike.
    let wait = #/[Tt]ry again in \d+ minutes/#
    let first = try #require(withoutCache.stderr.firstMatch(of: wait)).output
    let second = try #require(withCache.stderr.firstMatch(of: wait)).output
    #expect(first.lowercased() == second.lowercased(), "\(withoutCache.stderr) | \(withCache.stderr)")
  }
  /// A 429 answered with `retryAfter` to every request, then `today` and `explore` run with and
  /// without a saved copy: the wait each one prints ("try again in N minutes").
  private func waits(retryAfter: @escaping @Sendable () -> String) async throws -> [String] {
    let server = LoopbackServer()
    let base = try await server.start()
    await server.route("/planetary/apod") { _ in
      .json(APODFixtures.gatewayOverRateLimit, status: 429, headers: ["Retry-After": retryAfter()])
    }
    let url = base.appending(path: "planetary/apod").absoluteString
    let empty = CacheFolder()
    let filled = CacheFolder()
    let yesterday = cliToday.previous.iso
    _ = try await runSpacer(["show", yesterday, "--demo"], cacheDirectory: filled.url)
    var waits: [String] = []
    let wait = #/[Tt]ry again in \d+ minutes?/#
    for command in [["today"], ["explore", "--days", "2"]] {
      for (cache, status) in [(empty, Int32(1)), (filled, Int32(0))] {
        let result = try await runSpacer(
          command + ["--source", "v1", "--base-url", url], cacheDirectory: cache.url)
        #expect(result.status == status, "\(command): \(result.stderr)")
        let match = try #require(result.stderr.firstMatch(of: wait), "\(command): \(result.stderr)")
        waits.append(match.output.lowercased())
      }
    }
    await server.stop()
    return waits
  }

  @Test func aRetryAfterInSecondsOnAMinuteBoundaryGivesTheSameWaitWithOrWithoutACachedCopy() async throws {
    // 120 s from the answer is 2 minutes whichever way the answer is shown; measured from the
    // start of the command instead, the cached path said 3.
    let waits = try await waits { "120" }
    #expect(waits == Array(repeating: "try again in 2 minutes", count: 4), "\(waits)")
  }

  @Test func aRetryAfterAsAnHTTPDateGivesTheSameWaitWithOrWithoutACachedCopy() async throws {
    let waits = try await waits {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "GMT")
      formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
      return formatter.string(from: cliNow.addingTimeInterval(150))
    }
    #expect(waits == Array(repeating: "try again in 3 minutes", count: 4), "\(waits)")
  }
}

extension APODDay {
  /// A known-good date literal.
  fileprivate init(checkedISO text: String) {
    self = (try? APODDay(iso: text)) ?? APODDay.first
  }
}

@Suite("CLI: every answer says what it is", .serialized)
struct AnswerWordingCLITests {
  @Test func exploreSaysHowManyDaysAreMissingAndWhy() async throws {
    let cache = CacheFolder()
    let yesterday = cliToday.previous.iso
    _ = try await runSpacer(["show", yesterday, "--demo"], cacheDirectory: cache.url)
    let result = try await runSpacer(["explore", "--days", "5", "--offline"], cacheDirectory: cache.url)
    #expect(result.status == 0)
    #expect(result.stderr.contains("4 of the 5 days asked for are missing"), "\(result.stderr)")
    #expect(!result.stderr.contains("nothing newer exists yet"))
  }

  /// Each command run with the phone's date at 1990-03-01 against a loopback server standing in
  /// for both services, and how many requests that server saw.
  private static func onAResetClock(
    _ commands: [(arguments: [String], cache: URL)]
  ) async throws -> (runs: [(status: Int32, stdout: String, stderr: String)], requests: Int) {
    let server = LoopbackServer()
    let base = try await server.start()
    let services = [
      "--base-url", base.appending(path: "planetary/apod").absoluteString,
      "--basic-base-url", base.appending(path: "wp-json/wp/v2/apod-basic").absoluteString,
    ]
    var runs: [(status: Int32, stdout: String, stderr: String)] = []
    for command in commands {
      runs.append(
        try await runSpacer(
          command.arguments + services, cacheDirectory: command.cache,
          environment: ["SPACER_NOW": "1990-03-01T17:00:00Z"]))
    }
    let requests = await server.requestCount()
    await server.stop()
    return (runs, requests)
  }

  @Test func exploreOnAClockBeforeTheFirstDayListsTheSavedDaysSayingWhyWithoutARequest() async throws {
    let cache = CacheFolder()
    let empty = CacheFolder()
    _ = try await runSpacer(["explore", "--days", "3", "--demo"], cacheDirectory: cache.url)
    let (runs, requests) = try await Self.onAResetClock([
      (["explore", "--days", "30"], cache.url), (["explore", "--days", "30"], empty.url),
    ])
    let (listed, nothing) = (runs[0], runs[1])
    #expect(listed.status == 0, "\(listed.stderr)")
    let days = listed.stdout.split(separator: "\n").map { String($0.prefix(10)) }
    #expect(days == [cliToday, cliToday.previous, cliToday.previous.previous].map(\.iso), "\(listed.stdout)")
    #expect(listed.stderr.contains("This phone's date (1990-03-01)"), "\(listed.stderr)")
    #expect(nothing.status == 1)
    #expect(nothing.stderr.hasPrefix("spacer: error: This phone's date (1990-03-01)"), "\(nothing.stderr)")
    #expect(requests == 0)
  }

  @Test func showOnAClockBeforeTheFirstDayShowsASavedDayWithoutARequest() async throws {
    let cache = CacheFolder()
    _ = try await runSpacer(["show", "2024-03-03", "--demo"], cacheDirectory: cache.url)
    let (runs, requests) = try await Self.onAResetClock([
      (["show", "2024-03-03", "--json"], cache.url), (["show", "2024-03-04"], cache.url),
      (["show", "1995-06-15"], cache.url),
    ])
    let (saved, unsaved, beforeFirst) = (runs[0], runs[1], runs[2])
    #expect(saved.status == 0, "\(saved.stderr)")
    #expect(saved.stdout.contains(#""date" : "2024-03-03""#), "\(saved.stdout)")
    #expect(unsaved.status == 1)
    #expect(unsaved.stderr.hasPrefix("spacer: error: This phone's date (1990-03-01)"), "\(unsaved.stderr)")
    #expect(beforeFirst.status != 0)
    #expect(beforeFirst.stderr.contains("before the first"), "\(beforeFirst.stderr)")
    #expect(requests == 0)
  }

  @Test func onThisDayOnAClockBeforeTheFirstDayListsTheSavedYearsWithoutARequest() async throws {
    let cache = CacheFolder()
    let saved = try await runSpacer(
      ["on-this-day", "--date", "2025-03-03", "--demo"], cacheDirectory: cache.url)
    let (runs, requests) = try await Self.onAResetClock([
      (["on-this-day", "--date", "2025-03-03"], cache.url),
      (["on-this-day", "--date", "1995-06-15"], cache.url),
    ])
    let (listed, beforeFirst) = (runs[0], runs[1])
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(!listed.stdout.isEmpty)
    #expect(listed.stdout == saved.stdout, "\(listed.stdout)")
    #expect(beforeFirst.status != 0)
    #expect(beforeFirst.stderr.contains("before the first"), "\(beforeFirst.stderr)")
    #expect(requests == 0)
  }

  @Test func exploreServedFromTheCacheNeverClaimsNothingNewerExists() async throws {
    let cache = CacheFolder()
    _ = try await runSpacer(["explore", "--days", "3", "--demo"], cacheDirectory: cache.url)
    let again = try await runSpacer(["explore", "--days", "3", "--demo"], cacheDirectory: cache.url)
    #expect(again.status == 0)
    #expect(again.stderr.contains("served from the cache"))
    #expect(!again.stderr.contains("nothing newer exists yet"), "\(again.stderr)")
  }

  @Test func aCachedDayAskedOfAnotherSourceSaysTheCacheAnsweredAndWhoFilledIt() async throws {
    let cache = CacheFolder()
    _ = try await runSpacer(["show", "2024-03-03", "--demo", "--source", "basic"], cacheDirectory: cache.url)
    let result = try await runSpacer(["show", "2024-03-03", "--source", "v1"], cacheDirectory: cache.url)
    #expect(result.status == 0)
    #expect(result.stderr.contains("the cache answered"), "\(result.stderr)")
    #expect(result.stderr.contains("filled by apod-basic"))
    #expect(result.stderr.contains("--source v1 was not asked"))
  }

  @Test func aStaleJSONAnswerSaysStaleAndWhy() async throws {
    let cache = CacheFolder()
    let yesterday = cliToday.previous.iso
    _ = try await runSpacer(["show", yesterday, "--demo"], cacheDirectory: cache.url)
    let result = try await runSpacer(
      ["today", "--json", "--source", "v1", "--base-url", "http://127.0.0.1:9/planetary/apod"],
      cacheDirectory: cache.url)
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    #expect(object?["freshness"] as? String == "stale")
    #expect((object?["notice"] as? String)?.isEmpty == false)
  }

  @Test func spacerBenchHasHelpAndRefusesUnknownFlags() async throws {
    let bench = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appending(path: "spacer-bench")
    try #require(FileManager.default.isExecutableFile(atPath: bench.path), "no spacer-bench at \(bench.path)")
    for (arguments, status) in [(["--help"], Int32(0)), (["--bogus"], Int32(64))] {
      let out = FileManager.default.temporaryDirectory.appending(path: "bench-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: out) }
      let process = try SpawnedProcess.start(
        bench, arguments: arguments, environment: ProcessInfo.processInfo.environment, stdout: out.path,
        stderr: out.path)
      // --help and a refused flag return at once; the benchmark itself never starts. The bound
      // is a hang guard, not a speed claim.
      let ended = await process.exitStatus(limit: hangGuardLimit)
      try #require(ended != nil, "hang guard tripped: spacer-bench \(arguments) did not end")
      #expect(ended == status, "\(arguments)")
      let text = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
      #expect(text.contains("Usage: "), "\(arguments): \(text)")
    }
  }
}

@Suite("docs: every option (docs/CLI.md) and benchmark key (docs/DEVELOPMENT.md) is documented")
struct DocsCoverageTests {
  private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  private func doc(_ path: String) throws -> String {
    try String(contentsOf: root.appending(path: path), encoding: .utf8)
  }

  @Test(arguments: ["today", "show", "explore", "simulate"])
  func everyOptionOfACommandIsInTheCLIPage(command: String) async throws {
    let help = try await runSpacer([command, "--help"], cacheDirectory: nil)
    let options = Set(help.stdout.matches(of: #/--[a-z][a-z-]+/#).map { String($0.output) })
      .subtracting(["--help"])
    try #require(!options.isEmpty)
    let text = try doc("docs/CLI.md")
    for option in options.sorted() {
      #expect(text.contains("`\(option)"), "docs/CLI.md lacks \(option)")
    }
  }

  @Test func everyBenchmarkKeyIsInTheDevelopmentPage() throws {
    // Every benchmark source: spacer-bench's own files and the image benchmarks it runs.
    let bench = try FileManager.default.contentsOfDirectory(
      atPath: root.appending(path: "Tools/spacer-bench").path
    )
    .filter { $0.hasSuffix(".swift") }.sorted().map { "Tools/spacer-bench/" + $0 }
    let sources = bench + ["Tools/TestServer/ImageBenchmarks.swift"]
    var keys: Set<String> = []
    for path in sources {
      let code = try String(contentsOf: root.appending(path: path), encoding: .utf8)
      for match in code.matches(of: #/"([a-z0-9]+(?:_[a-z0-9]+)+)"(?:\]|:)/#) {
        keys.insert(String(match.output.1))
      }
    }
    try #require(keys.contains("today_warm_ms"))
    let text = try doc("docs/DEVELOPMENT.md")
    for key in keys.sorted() {
      #expect(text.contains("`\(key)`"), "docs/DEVELOPMENT.md lacks \(key)")
    }
  }
}
