import Foundation
import ImageCache
import ImageTestSupport
import TestSupport
import Testing

@Suite("Memory tier: LRU bounded by decoded cost", .timeLimit(.minutes(5)))
struct MemoryTierTests {
  /// Each 100 × 100 image costs 40,000 decoded bytes; the limit holds three of them.
  private static let limit = 3 * 40_000

  @Test func leastRecentlyUsedImageIsEvictedFirstAndTheLimitHolds() async throws {
    try await withServedImages { server, directory in
      for name in ["a", "b", "c", "d"] {
        await server.serve("/\(name).png", ImageFixtures.png(width: 100, height: 100))
      }
      let decoder = FakeImageDecoder()
      let pipeline = makePipeline(directory, memoryCostLimit: Self.limit, decoder: decoder)
      let url = { (name: String) in server.url("/\(name).png") }

      for name in ["a", "b", "c"] { _ = try await pipeline.image(for: url(name), size: .full) }
      _ = try await pipeline.image(for: url("a"), size: .full)  // a is now the most recent
      #expect(decoder.decodeCount == 3)  // the second a was a memory hit

      _ = try await pipeline.image(for: url("d"), size: .full)  // evicts b, the least recent
      let afterD = decoder.decodeCount
      _ = try await pipeline.image(for: url("a"), size: .full)
      _ = try await pipeline.image(for: url("c"), size: .full)
      #expect(decoder.decodeCount == afterD)  // a and c still in memory
      _ = try await pipeline.image(for: url("b"), size: .full)
      #expect(decoder.decodeCount == afterD + 1)  // b had to be decoded again (from disk)

      let statistics = await pipeline.statistics()
      #expect(statistics.memoryCost <= Self.limit)
      #expect(statistics.peakMemoryCost <= Self.limit)
      #expect(statistics.memoryImageCount == 3)
      for name in ["a", "b", "c", "d"] { #expect(await server.requests("/\(name).png") == 1) }
    }
  }

  @Test func imageLargerThanTheWholeLimitIsReturnedButNotKept() async throws {
    try await withServedImages { server, directory in
      await server.serve("/small.png", ImageFixtures.png(width: 100, height: 100))
      await server.serve("/huge.png", ImageFixtures.png(width: 200, height: 200))
      let pipeline = makePipeline(directory, memoryCostLimit: Self.limit)

      _ = try await pipeline.image(for: server.url("/small.png"), size: .full)
      let huge = try await pipeline.image(for: server.url("/huge.png"), size: .full)

      #expect(huge.cost == 160_000)
      let statistics = await pipeline.statistics()
      #expect(statistics.memoryImageCount == 1)  // the small one survived; nothing was evicted for nothing
      #expect(statistics.peakMemoryCost <= Self.limit)
    }
  }

  @Test func costIsTheDownsampledSizeNotTheFileSize() async throws {
    try await withServedImages { server, directory in
      await server.serve("/wide.png", ImageFixtures.png(width: 2_000, height: 1_000))
      let pipeline = makePipeline(directory)

      let thumbnail = try await pipeline.image(for: server.url("/wide.png"), size: .thumbnail)
      #expect(thumbnail.cost == 400 * 200 * 4)
      #expect(await pipeline.statistics().memoryCost == 400 * 200 * 4)
    }
  }

  @Test func memoryWarningEmptiesMemoryAndDiskStillServesWithoutNetwork() async throws {
    try await withServedImages { server, directory in
      let url = await server.serve("/a.png", ImageFixtures.png(width: 50, height: 50))
      let decoder = FakeImageDecoder()
      let pipeline = makePipeline(directory, decoder: decoder)
      _ = try await pipeline.image(for: url, size: .preview)

      await pipeline.handleMemoryWarning()

      #expect(await pipeline.statistics().memoryCost == 0)
      #expect(await pipeline.statistics().memoryImageCount == 0)
      _ = try await pipeline.image(for: url, size: .preview)
      #expect(decoder.decodeCount == 2)  // decoded again from disk
      #expect(await server.requests("/a.png") == 1)
    }
  }
}
