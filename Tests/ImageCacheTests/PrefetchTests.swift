import Foundation
import ImageCache
import ImageTestSupport
import TestSupport
import Testing

/// Tracks how many requests the server is answering at once.
actor ConcurrencyProbe {
  private(set) var current = 0
  private(set) var highest = 0

  func enter() {
    current += 1
    highest = max(highest, current)
  }

  func leave() { current -= 1 }
}

/// Serves a 30×30 PNG at every `/feed/` path once `gate` opens (counting the requests in flight
/// in `probe`), and returns the URLs of the first `count` feed images.
private func serveFeed(
  _ count: Int, on server: ImageServer, after gate: Gate, countingIn probe: ConcurrencyProbe? = nil
) async -> [URL] {
  let image = ImageFixtures.png(width: 30, height: 30)
  await server.server.route(prefix: "/feed/") { _ in
    await probe?.enter()
    await gate.wait()
    await probe?.leave()
    return .bytes(image, contentType: "image/png")
  }
  return (0..<count).map { server.url("/feed/\($0).png") }
}

@Suite("Prefetching for the Explore feed", .timeLimit(.minutes(5)))
struct PrefetchTests {
  @Test func prefetchWarmsTheCachesAtMostNAtATime() async throws {
    try await withServedImages { server, directory in
      let probe = ConcurrencyProbe()
      let gate = Gate()
      let urls = await serveFeed(6, on: server, after: gate, countingIn: probe)
      let pipeline = makePipeline(directory)

      await pipeline.prefetch(urls, size: .thumbnail, maxConcurrent: 2)
      try await eventually { await probe.current == 2 }
      #expect(await pipeline.statistics().prefetchesOutstanding == 6)
      await gate.open()
      try await eventually { await pipeline.statistics().prefetchesOutstanding == 0 }

      #expect(await probe.highest == 2)
      #expect(await server.server.requestCount() == 6)
      for url in urls { #expect(await pipeline.cachedImage(for: url, size: .thumbnail) != nil) }
    }
  }

  @Test func cancelledPrefetchesAreNeverRequested() async throws {
    try await withServedImages { server, directory in
      let gate = Gate()
      let urls = await serveFeed(5, on: server, after: gate)
      let pipeline = makePipeline(directory)

      await pipeline.prefetch(urls, size: .thumbnail, maxConcurrent: 1)
      try await eventually { await gate.arrivals == 1 }
      await pipeline.cancelPrefetch(Array(urls.dropFirst()))
      #expect(await pipeline.statistics().prefetchesOutstanding == 1)
      await gate.open()
      try await eventually { await pipeline.statistics().prefetchesOutstanding == 0 }

      #expect(await server.server.requestCount() == 1)
      #expect(await pipeline.isCached(urls[0]))
      #expect(await pipeline.isCached(urls[1]) == false)
    }
  }

  @Test func cancellingAllPrefetchesStopsTheRunningDownload() async throws {
    try await withServedImages { server, directory in
      let gate = Gate()
      await server.serve("/feed/0.png", ImageFixtures.png(width: 30, height: 30), gate: gate)
      let pipeline = makePipeline(directory)

      await pipeline.prefetch([server.url("/feed/0.png")], size: .thumbnail)
      try await eventually { await gate.arrivals == 1 }
      await pipeline.cancelAllPrefetches()

      try await eventually { await pipeline.statistics().downloadsInFlight == 0 }
      #expect(await pipeline.statistics().prefetchesOutstanding == 0)
      await gate.open()
    }
  }

  @Test func prefetchSkipsImagesAlreadyInMemoryAndDuplicates() async throws {
    try await withServedImages { server, directory in
      let url = await server.serve("/a.png", ImageFixtures.png(width: 30, height: 30))
      let pipeline = makePipeline(directory)
      _ = try await pipeline.image(for: url, size: .thumbnail)

      await pipeline.prefetch([url, url], size: .thumbnail)

      #expect(await pipeline.statistics().prefetchesOutstanding == 0)
      #expect(await server.requests("/a.png") == 1)
    }
  }
}
