import Foundation
import NASA
import TestSupport

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
  static func today() async throws -> [String: Double] {
    let server = DemoServer()
    let endpoints = try await server.start()
    let root = FileManager.default.temporaryDirectory
      .appending(path: "spacer-bench-\(UUID().uuidString)", directoryHint: .isDirectory)
    defer { try? FileManager.default.removeItem(at: root) }

    func configuration(_ directory: URL) -> APODServiceConfiguration {
      APODServiceConfiguration(
        choice: .basic, basicBaseURL: endpoints.apodBasic, cacheDirectory: directory)
    }

    // Cold: an empty cache every run, so the model waits for the loopback server.
    var coldRun = 0
    let cold = try await medianMilliseconds(runs: 30) {
      coldRun += 1
      let model = TodayModel(
        repository: configuration(root.appending(path: "cold-\(coldRun)")).makeRepository())
      await model.load()
      try requireLoaded(model)
    }

    // Warm: the cache already holds today's picture; a new repository and model each run, as
    // at app launch, from `load()` to content on screen.
    let warmDirectory = root.appending(path: "warm")
    let primer = TodayModel(repository: configuration(warmDirectory).makeRepository())
    await primer.load()
    let requestsBefore = await server.requestCount()
    let warm = try await medianMilliseconds(runs: 200) {
      let model = TodayModel(repository: configuration(warmDirectory).makeRepository())
      await model.load()
      try requireLoaded(model)
    }
    guard await server.requestCount() == requestsBefore else {
      throw BenchmarkError("warm runs touched the network")
    }
    await server.stop()

    // Decoding: a 100-entry v1 feed (the shape of a range answer).
    let feed = Data(
      APODFixtures.sampleV1Range(APODDay.lastDays(100, endingOn: APODDay.today(now: Date()))).utf8)
    let decode = try await medianMilliseconds(runs: 50) {
      let list = try APODList.decode(feed, from: .v1)
      guard list.items.count == 100 else { throw BenchmarkError("decoded \(list.items.count) of 100") }
    }

    return [
      "today_cold_loopback_ms": cold,
      "today_warm_ms": warm,
      "today_warm_vs_cold_ratio": warm / cold,
      "decode_feed_100_ms": decode,
    ]
  }

  private static func requireLoaded(_ model: TodayModel) throws {
    guard case .loaded = model.state else { throw BenchmarkError("Today did not load: \(model.state)") }
  }
}

struct BenchmarkError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
