import Basics
import Foundation
import NASA
import TestServer
import TestSupport
import TodayCore

/// Measures the figures the issues ask for. Each figure is the median of many runs, so one
/// scheduling hiccup on a 2-core machine does not move it. Main-actor bound, like the screen
/// models it drives.
@MainActor enum Benchmarks {
  /// Median wall time of `body` in milliseconds over `runs` runs (after one warm-up run).
  static func medianMilliseconds(runs: Int, _ body: () async throws -> Void) async rethrows -> Double {
    try await body()
    var samples: [Double] = []
    samples.reserveCapacity(runs)
    let clock = ContinuousClock()
    for _ in 0..<runs {
      let elapsed = try await clock.measure { try await body() }
      samples.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
    }
    samples.sort()
    return samples[samples.count / 2]
  }

  /// `today_warm_ms`, `today_cold_loopback_ms`, their ratio, and `decode_feed_100_ms`.
  static func today(clock: any Clocking) async throws -> [String: Double] {
    let server = DemoServer(clock: clock)
    let endpoints = try await server.start()
    let folder = try TemporaryDirectory(prefix: "spacer-bench")
    // Removed at the end of the run, not when ARC ends `folder` early in a release build.
    defer { folder.remove() }
    let root = folder.url

    func configuration(_ directory: URL) -> APODServiceConfiguration {
      APODServiceConfiguration(
        choice: .basic, basicBaseURL: endpoints.apodBasic, cacheDirectory: directory)
    }

    // Cold: an empty cache every run, so the model waits for the loopback server.
    var coldRun = 0
    let cold = try await medianMilliseconds(runs: 30) {
      coldRun += 1
      let model = TodayModel(
        repository: configuration(root.appending(path: "cold-\(coldRun)")).makeRepository(clock: clock),
        clock: clock)
      await model.load()
      try requireLoaded(model)
    }

    // Warm: the cache already holds today's picture; a new repository and model each run, as
    // at app launch, from `load()` to content on screen.
    let warmDirectory = root.appending(path: "warm")
    let primer = TodayModel(
      repository: configuration(warmDirectory).makeRepository(clock: clock), clock: clock)
    await primer.load()
    let requestsBefore = await server.requestCount()
    let warm = try await medianMilliseconds(runs: 200) {
      let model = TodayModel(
        repository: configuration(warmDirectory).makeRepository(clock: clock), clock: clock)
      await model.load()
      try requireLoaded(model)
    }
    guard await server.requestCount() == requestsBefore else {
      throw BenchmarkError("warm runs touched the network")
    }
    await server.stop()

    // The floor of a warm Today: the same day file read and decoded by a plain JSONDecoder into
    // a minimal struct of the same fields (`PlainAPODEnvelope`), nothing else.
    let dayFile = try dayFileURL(in: warmDirectory)
    let limit = try await medianMilliseconds(runs: 200) {
      let data = try Data(contentsOf: dayFile)
      let envelope = try PlainAPODEnvelope.decode(data)
      guard !envelope.value.title.isEmpty else { throw BenchmarkError("empty title") }
    }

    // Decoding: a 100-entry v1 feed (the shape of a range answer).
    let feed = Data(
      APODFixtures.sampleV1Range(APODDay.lastDays(100, endingOn: APODDay.today(now: clock.now))).utf8)
    let decode = try await medianMilliseconds(runs: 50) {
      let list = try APODList.decode(feed)
      guard list.items.count == 100 else { throw BenchmarkError("decoded \(list.items.count) of 100") }
    }

    // The same 100 entries through a plain JSONDecoder, no cleaning: the floor of decoding.
    let plain = try await medianMilliseconds(runs: 50) {
      let entries = try JSONDecoder().decode([PlainV1Entry].self, from: feed)
      guard entries.count == 100 else { throw BenchmarkError("decoded \(entries.count) of 100") }
    }

    return [
      "today_cold_loopback_ms": cold,
      "today_warm_ms": warm,
      "today_warm_limit_ms": limit,
      "today_warm_vs_cold_ratio": warm / cold,
      "decode_feed_100_ms": decode,
      "decode_feed_100_plain_ms": plain,
    ]
  }

  /// `explore_366_cold_requests_v1` / `_basic`: requests made to fill 366 days from an empty
  /// cache against the loopback demo server, per source; `explore_366_cold_ms`: the wall time of
  /// that fill with the app's default source choice (median of 3).
  static func explore(clock: any Clocking) async throws -> [String: Double] {
    let folder = try TemporaryDirectory(prefix: "spacer-bench-explore")
    // Removed at the end of the run, not when ARC ends `folder` early in a release build.
    defer { folder.remove() }
    let root = folder.url
    var figures: [String: Double] = [:]
    var run = 0

    func fill(_ choice: APODSourceChoice) async throws -> Int {
      run += 1
      let server = DemoServer(clock: clock)
      let endpoints = try await server.start()
      let configuration = APODServiceConfiguration(
        choice: choice, v1BaseURL: endpoints.v1, basicBaseURL: endpoints.apodBasic,
        cacheDirectory: root.appending(path: "run-\(run)"))
      do {
        let result = try await configuration.makeRepository(clock: clock).explore(days: 366)
        guard result.items.count >= 365, !result.freshness.isStale else {
          throw BenchmarkError("explore filled \(result.items.count) of 366 days (\(result.freshness))")
        }
        let requests = await server.requestCount()
        await server.stop()
        return requests
      } catch {
        await server.stop()
        throw error
      }
    }

    figures["explore_366_cold_requests_v1"] = Double(try await fill(.v1))
    figures["explore_366_cold_requests_basic"] = Double(try await fill(.basic))
    figures["explore_366_cold_ms"] = try await medianMilliseconds(runs: 3) { _ = try await fill(.auto) }
    return figures
  }

  /// The one day file the warm Today reads.
  private static func dayFileURL(in directory: URL) throws -> URL {
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    guard let name = names.first(where: { $0.hasPrefix("apod-day-") }) else {
      throw BenchmarkError("no day file in the warm cache")
    }
    return directory.appending(path: name)
  }

  private static func requireLoaded(_ model: TodayModel) throws {
    guard case .loaded = model.state else { throw BenchmarkError("Today did not load: \(model.state)") }
  }
}

/// One v1 entry with plain fields, no cleaning.
private struct PlainV1Entry: Decodable {
  var date: String
  var title: String?
  var explanation: String?
  var url: String?
  var hdurl: String?
  var copyright: String?
  var mediaType: String?

  enum CodingKeys: String, CodingKey {
    case date, title, explanation, url, hdurl, copyright
    case mediaType = "media_type"
  }
}

struct BenchmarkError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
