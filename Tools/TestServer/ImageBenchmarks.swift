import Basics
import Foundation
import ImageCache
import Networking
import TestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The image pipeline's benchmark figures for `spacer-bench --json`, measured against the
/// loopback server with the same ~300 KB image (`ImageFixtures.benchmarkPayload()`) throughout.
///
/// Timings are medians in microseconds over many iterations, so one slow outlier (a page fault,
/// a scheduler hiccup) does not move them. Counts are exact.
public enum ImageBenchmarks {
  /// Runs every measurement and returns:
  /// - `image_memory_hit_us`: `image(for:size:)` answered from the memory tier (per call, timed
  ///   in batches of 1,000 so the clock's own cost does not count).
  /// - `image_disk_hit_us`: `cachedData(for:)`, the undecoded bytes from the disk tier (lookup,
  ///   validation and LRU bookkeeping included).
  /// - `raw_file_read_us`: `Data(contentsOf:)` of the very same file: the physical limit.
  /// - `image_disk_vs_raw_read_ratio`: the two above divided (goal ≤ 1.5).
  /// - `urlcache_disk_hit_us`: a `URLSession` request answered by a disk-only `URLCache`, what a
  ///   developer would use instead (on Linux, swift-corelibs-foundation's cache is far slower, so
  ///   it gets fewer iterations).
  /// - `urlcache_requests_reaching_server`: requests that got past that URLCache during its
  ///   measurement (0 means every timed request was a cache hit).
  /// - `coalesced_downloads_for_100_requests`: downloads made for 100 concurrent requests of
  ///   one uncached image (goal 1).
  /// - `memory_peak_over_limit_bytes`: how far the memory tier ever went above its limit while
  ///   loading images of mixed sizes, one larger than the limit itself (goal 0).
  public static func run(
    iterations: Int = 2_000, urlCacheIterations: Int = 50, clock: any Clocking
  ) async throws -> [String: Double] {
    let folder = try TemporaryDirectory(prefix: "spacer-image-bench")
    // Removed at the end of the run, not when ARC ends `folder` early in a release build.
    defer { folder.remove() }
    let root = folder.url

    let server = LoopbackServer()
    let base = try await server.start()
    let payload = ImageFixtures.benchmarkPayload()
    await server.route("/bench/payload.png") { _ in
      var response = StubResponse.bytes(payload, contentType: "image/png")
      response.headers["Cache-Control"] = "public, max-age=31536000"
      return response
    }
    await server.route("/bench/coalesced.png") { _ in
      var response = StubResponse.bytes(payload, contentType: "image/png")
      response.delay = .milliseconds(200)  // long enough for all 100 requests to arrive
      return response
    }
    await server.route(prefix: "/bench/mixed/") { request in
      let side = Int(request.path.split(separator: "/").last?.split(separator: ".").first ?? "") ?? 1
      return .bytes(ImageFixtures.png(width: side, height: side), contentType: "image/png")
    }

    var results: [String: Double] = [:]
    let url = try makeURL(base, "/bench/payload.png")
    let pipeline = ImagePipeline(
      directory: root.appendingPathComponent("pipeline"), session: URLSession.uncached(),
      decoder: HeaderImageDecoder(), clock: clock)
    _ = try await pipeline.image(for: url, size: .full)

    // A memory hit takes a few hundred nanoseconds, as long as reading the clock twice: timed in
    // batches of 1,000 so the clock's own cost is not counted as the hit's.
    let batch = 1_000
    results["image_memory_hit_us"] =
      try await median(iterations / 10) {
        for _ in 0..<batch { _ = try await pipeline.image(for: url, size: .full) }
      } / Double(batch)

    guard let file = await pipeline.cacheFileURL(for: url), await pipeline.cachedData(for: url) == payload
    else {
      throw ImageBenchmarkError.payloadNotOnDisk
    }
    var diskTimes: [Double] = []
    var rawTimes: [Double] = []
    for _ in 0..<iterations {
      // Interleaved, so both see the same page cache and CPU state.
      diskTimes.append(
        try await microseconds {
          guard await pipeline.cachedData(for: url)?.count == payload.count else {
            throw ImageBenchmarkError.payloadNotOnDisk
          }
        })
      rawTimes.append(
        try await microseconds {
          guard try Data(contentsOf: file).count == payload.count else {
            throw ImageBenchmarkError.payloadNotOnDisk
          }
        })
    }
    let diskHit = median(of: diskTimes)
    let rawRead = median(of: rawTimes)
    results["image_disk_hit_us"] = diskHit
    results["raw_file_read_us"] = rawRead
    results["image_disk_vs_raw_read_ratio"] = diskHit / rawRead

    let urlCache = try await urlCacheDiskHit(
      url: url, server: server, directory: root.appendingPathComponent("urlcache"),
      iterations: urlCacheIterations, payload: payload)
    results["urlcache_disk_hit_us"] = urlCache.microseconds
    results["urlcache_requests_reaching_server"] = Double(urlCache.requestsReachingServer)

    results["coalesced_downloads_for_100_requests"] = Double(
      try await coalescedDownloads(
        url: makeURL(base, "/bench/coalesced.png"), server: server,
        directory: root.appendingPathComponent("coalesced"), clock: clock)
    )
    results["memory_peak_over_limit_bytes"] = Double(
      try await memoryPeakOverLimit(
        base: base, directory: root.appendingPathComponent("mixed"), clock: clock))

    await server.stop()
    return results
  }

  // MARK: - Measurements

  private static func urlCacheDiskHit(
    url: URL, server: LoopbackServer, directory: URL, iterations: Int, payload: Data
  ) async throws -> (microseconds: Double, requestsReachingServer: Int) {
    // Memory capacity 0: every hit comes from the disk store.
    #if canImport(FoundationNetworking)
      let cache = URLCache(memoryCapacity: 0, diskCapacity: 100 << 20, diskPath: directory.path)
    #else
      let cache = URLCache(memoryCapacity: 0, diskCapacity: 100 << 20, directory: directory)
    #endif
    let configuration = URLSessionConfiguration.default
    configuration.urlCache = cache
    configuration.requestCachePolicy = .returnCacheDataElseLoad
    let session = URLSession(configuration: configuration)
    let request = URLRequest(url: url, cachePolicy: .returnCacheDataElseLoad)
    let (data, response) = try await session.data(for: request)
    if cache.cachedResponse(for: request) == nil {
      // swift-corelibs-foundation's URLSession reads URLCache but never writes to it; store the
      // response it fetched, as `willCacheResponse` would on Apple platforms.
      cache.storeCachedResponse(
        CachedURLResponse(response: response, data: data, storagePolicy: .allowed), for: request)
    }
    let before = await server.requestCount(to: url.path)
    let time = try await median(iterations) {
      let (data, _) = try await session.data(for: request)
      guard data.count == payload.count else { throw ImageBenchmarkError.payloadNotOnDisk }
    }
    let after = await server.requestCount(to: url.path)
    session.invalidateAndCancel()
    return (time, after - before)
  }

  private static func coalescedDownloads(
    url: URL, server: LoopbackServer, directory: URL, clock: any Clocking
  ) async throws -> Int {
    let pipeline = ImagePipeline(
      directory: directory, session: URLSession.uncached(), decoder: HeaderImageDecoder(), clock: clock)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<100 {
        group.addTask { _ = try await pipeline.image(for: url, size: .preview) }
      }
      try await group.waitForAll()
    }
    return await server.requestCount(to: url.path)
  }

  /// Loads square images from 64 to 1,100 pixels a side (16 KB to 4.8 MB decoded) into a 4 MiB
  /// memory tier, sequentially and eight at a time, and reports the peak above the limit.
  private static func memoryPeakOverLimit(base: URL, directory: URL, clock: any Clocking) async throws -> Int
  {
    let limit = 4 << 20
    let pipeline = ImagePipeline(
      directory: directory, memoryCostLimit: limit, session: URLSession.uncached(),
      decoder: HeaderImageDecoder(), clock: clock)
    let sides = [64, 300, 700, 1_100, 512, 900, 128, 1_000, 256, 800, 640, 200, 1_024, 96, 720, 480]
    for side in sides {
      _ = try await pipeline.image(for: makeURL(base, "/bench/mixed/\(side).png"), size: .full)
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (index, side) in sides.enumerated() {
        let url = try makeURL(base, "/bench/mixed/\(side).png")
        let size: ImageSize = index.isMultiple(of: 2) ? .preview : .thumbnail
        group.addTask { _ = try await pipeline.image(for: url, size: size) }
        if index >= 8 { try await group.next() }
      }
      try await group.waitForAll()
    }
    let statistics = await pipeline.statistics()
    return max(0, statistics.peakMemoryCost - statistics.memoryCostLimit)
  }

  // MARK: - Helpers

  private static func makeURL(_ base: URL, _ path: String) throws -> URL {
    guard let url = URL(string: base.absoluteString + path) else { throw ImageBenchmarkError.badURL(path) }
    return url
  }

  private static func median(_ iterations: Int, _ body: () async throws -> Void) async throws -> Double {
    var samples: [Double] = []
    samples.reserveCapacity(iterations)
    for _ in 0..<iterations { samples.append(try await microseconds(body)) }
    return median(of: samples)
  }

  private static func microseconds(_ body: () async throws -> Void) async throws -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try await body()
    let elapsed = (clock.now - start).components
    return Double(elapsed.seconds) * 1e6 + Double(elapsed.attoseconds) / 1e12
  }

  private static func median(of samples: [Double]) -> Double {
    guard !samples.isEmpty else { return 0 }
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
  }
}

/// Why the image benchmark could not produce its figures.
public enum ImageBenchmarkError: Error, CustomStringConvertible {
  case payloadNotOnDisk
  case badURL(String)

  public var description: String {
    switch self {
    case .payloadNotOnDisk: "The benchmark image did not come back intact from the cache under test."
    case .badURL(let path): "Could not form a loopback URL for \(path)."
    }
  }
}
