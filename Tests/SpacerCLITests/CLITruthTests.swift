import Foundation
import NASA
import TestServer
import TestSupport
import Testing

/// What the CLI says is what it does: the cache folder it cannot write, `--refresh`, retries it
/// will not make, usage errors, and the README's own examples.
@Suite("CLI: says what it does", .serialized)
struct CLITruthTests {
  /// A path under a plain file: no folder can ever be created there, even by root.
  private func unusableFolder() throws -> (file: URL, folder: URL) {
    let file = FileManager.default.temporaryDirectory.appending(path: "spacer-blocker-\(UUID().uuidString)")
    try Data("x".utf8).write(to: file)
    return (file, file.appending(path: "cache", directoryHint: .isDirectory))
  }

  @Test func anUnwritableDefaultCacheFolderStillAnswersAndSaysOnceThatNothingIsSaved() async throws {
    let (file, folder) = try unusableFolder()
    defer { try? FileManager.default.removeItem(at: file) }
    // The default cache folder is under $XDG_CACHE_HOME on Linux.
    let result = try await runSpacer(
      ["today", "--demo"], cacheDirectory: nil, environment: ["XDG_CACHE_HOME": folder.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("sample data"))
    let notes = result.stderr.components(separatedBy: "\n").filter { $0.contains("nothing will be saved") }
    #expect(notes.count == 1, "\(result.stderr)")
    #expect(notes.first?.contains("cannot be created") == true)
  }

  @Test func aCacheDirThatCannotBeCreatedIsReadNotRefused() async throws {
    let (file, folder) = try unusableFolder()
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try await runSpacer(["explore", "--days", "3", "--demo"], cacheDirectory: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("nothing will be saved: the cache folder \(folder.path)"))
    #expect(result.stdout.contains("sample data"))
  }

  @Test func helpForAnUnknownCommandIsAUsageError() async throws {
    let result = try await runSpacer(["help", "nonexist"], cacheDirectory: nil)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("spacer: error: there is no command 'nonexist'"), "\(result.stderr)")
    let known = try await runSpacer(["help", "search"], cacheDirectory: nil)
    #expect(known.status == 0)
  }

  @Test(arguments: [["explore", "--days", "-1"], ["search", "--limit", "-1", "comet"]])
  func aNegativeCountSaysWhatIsWrong(arguments: [String]) async throws {
    let result = try await runSpacer(arguments, cacheDirectory: nil)
    #expect(result.status == 64)
    #expect(result.stderr.contains("must be between 1 and"), "\(result.stderr)")
    #expect(result.stderr.contains("got -1"))
    #expect(!result.stderr.contains("Missing value"))
  }

  @Test func aDateQueryRanksThatDayFirst() async throws {
    let cache = CacheFolder()
    let day = cliToday.advanced(by: -3)
    _ = try await runSpacer(["explore", "--days", "10", "--demo"], cacheDirectory: cache.url)
    let result = try await runSpacer(["search", day.iso, "--demo"], cacheDirectory: cache.url)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix(day.iso), "\(result.stdout)")
  }

  /// `--refresh` always asks; with `--offline` it cannot, so the pair is refused, not half obeyed.
  @Test(arguments: [["today"], ["show", "2024-01-05"], ["explore"]])
  func refreshWithOfflineIsAUsageError(command: [String]) async throws {
    let result = try await runSpacer(command + ["--refresh", "--offline"], cacheDirectory: nil)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("spacer: error: --refresh asks the service and --offline forbids it"))
  }

  @Test func showRefreshAsksTheServiceAndSaysWhatItFound() async throws {
    let cache = CacheFolder()
    let server = LoopbackServer()
    let base = try await server.start()
    await server.route(DemoServer.v1Path) { request in
      let day = request.query["date"].flatMap { try? APODDay(iso: $0) } ?? APODDay.first
      return .json(APODFixtures.sampleV1(for: day))
    }
    let url = base.appending(path: "planetary/apod").absoluteString
    let arguments = ["show", "2024-01-05", "--source", "v1", "--base-url", url]
    let first = try await runSpacer(arguments, cacheDirectory: cache.url)
    let afterFirst = await server.requestCount()
    let second = try await runSpacer(arguments + ["--refresh"], cacheDirectory: cache.url)
    let afterSecond = await server.requestCount()
    await server.stop()
    #expect(first.status == 0, "\(first.stderr)")
    #expect(second.status == 0, "\(second.stderr)")
    #expect(afterSecond > afterFirst)
    #expect(second.stderr.contains("--refresh asked v1: its copy is the one saved"), "\(second.stderr)")
    #expect(!second.stderr.contains("nothing was asked"))
  }

  @Test func exploreRefreshAsksEvenWhenEveryDayIsSavedAndSaysWhatItFound() async throws {
    let cache = CacheFolder()
    /// A v1 server answering ranges; with `retitled`, that day's title is "Corrected".
    func server(retitled: APODDay?) async throws -> (LoopbackServer, String) {
      let server = LoopbackServer()
      let base = try await server.start()
      await server.route(DemoServer.v1Path) { request in
        guard let start = request.query["start_date"].flatMap({ try? APODDay(iso: $0) }),
          let end = request.query["end_date"].flatMap({ try? APODDay(iso: $0) })
        else { return .json("[]") }
        let items = (start...end).map {
          APODFixtures.sampleV1(for: $0, title: $0 == retitled ? "Corrected" : nil)
        }
        return .json("[" + items.joined(separator: ",") + "]")
      }
      return (server, base.appending(path: "planetary/apod").absoluteString)
    }
    let arguments = ["explore", "--days", "3", "--source", "v1", "--base-url"]
    let (firstServer, firstURL) = try await server(retitled: nil)
    let first = try await runSpacer(arguments + [firstURL], cacheDirectory: cache.url)
    await firstServer.stop()
    let newest = try #require(
      first.stdout.split(separator: "\n").first.flatMap { try? APODDay(iso: String($0.prefix(10))) })
    let (secondServer, secondURL) = try await server(retitled: newest)
    let second = try await runSpacer(arguments + [secondURL, "--refresh"], cacheDirectory: cache.url)
    let asked = await secondServer.requestCount()
    await secondServer.stop()
    #expect(first.status == 0, "\(first.stderr)")
    #expect(second.status == 0, "\(second.stderr)")
    #expect(asked > 0)
    #expect(!second.stderr.contains("no new days were fetched"), "\(second.stderr)")
    #expect(
      second.stderr.contains(
        "--refresh asked the service for all 3 again: 1 differed and replaced the saved copies, 2 unchanged"),
      "\(second.stderr)")
    #expect(second.stdout.contains("Corrected"), "\(second.stdout)")
  }

  /// Both services failing: the process ends, so no message may say it will try again.
  @Test func whenBothServicesFailNoMessagePromisesARetry() async throws {
    let cache = CacheFolder()
    let server = LoopbackServer()
    let base = try await server.start()
    await server.route(DemoServer.v1Path) { _ in .html("<h1>Service Unavailable</h1>", status: 503) }
    await server.route(DemoServer.basicPath) { _ in .html("<h1>Service Unavailable</h1>", status: 503) }
    await server.route(prefix: DemoServer.basicPath + "/") { _ in
      .html("<h1>Service Unavailable</h1>", status: 503)
    }
    let v1 = base.appending(path: "planetary/apod").absoluteString
    let basic = base.appending(path: "wp-json/wp/v2/apod-basic").absoluteString
    var outputs: [String] = []
    for command in [["today"], ["explore", "--days", "3"], ["show", "2024-01-05"]] {
      let result = try await runSpacer(
        command + ["--base-url", v1, "--basic-base-url", basic], cacheDirectory: cache.url)
      #expect(result.status == 1)
      outputs.append(result.stderr)
    }
    await server.stop()
    for stderr in outputs {
      #expect(!stderr.contains("will try again"), "\(stderr)")
      #expect(!stderr.contains("It will try"), "\(stderr)")
    }
  }

  /// docs/CLI.md: "Every error is one line starting `spacer: error:`", for usage errors and failures alike.
  @Test(arguments: [
    ["simulate", "/nonexistent-scenario.json"], ["show", "2024-01-05", "--offline"], ["help", "bogus"],
    ["today", "--bogus"],
  ])
  func everyErrorIsALineStartingSpacerError(arguments: [String]) async throws {
    let cache = CacheFolder()
    let result = try await runSpacer(arguments, cacheDirectory: arguments[0] == "simulate" ? nil : cache.url)
    #expect(result.status != 0)
    let errors = result.stderr.split(separator: "\n").filter { $0.contains("error") }
    #expect(!errors.isEmpty)
    for line in errors { #expect(line.hasPrefix("spacer: error: "), "\(line)") }
  }

  /// The README's `search` examples find something with `--demo`, after the README's explore.
  @Test func theReadmeSearchExamplesFindSomethingWithDemo() async throws {
    let readme = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(
        path: "../../README.md"),
      encoding: .utf8)
    let examples = readme.split(separator: "\n").compactMap { line -> [String]? in
      let text = line.split(separator: "#").first.map(String.init) ?? ""
      guard let range = text.range(of: "swift run spacer search ") else { return nil }
      return ["search"] + text[range.upperBound...].split(separator: " ").map(String.init)
    }
    try #require(!examples.isEmpty, "the README shows no search example")
    let cache = CacheFolder()
    _ = try await runSpacer(["explore", "--days", "7", "--demo"], cacheDirectory: cache.url)
    for example in examples {
      let arguments = example.contains("--demo") ? example : example + ["--demo"]
      let result = try await runSpacer(arguments, cacheDirectory: cache.url)
      #expect(result.status == 0, "\(example): \(result.stderr)")
      #expect(!result.stdout.isEmpty, "\(example) finds nothing with --demo")
    }
  }
}
