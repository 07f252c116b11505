import Foundation
import ImageCache
import ImageTestSupport
import Networking
import TestSupport
import Testing

@Suite("Concurrent requests share one download", .timeLimit(.minutes(5)))
struct CoalescingTests {
  @Test func hundredConcurrentRequestsMakeOneDownloadAndOneDecode() async throws {
    try await withServedImages { server, directory in
      let gate = Gate()
      let url = await server.serve("/apod/big.png", ImageFixtures.png(width: 1_000, height: 800), gate: gate)
      let decoder = FakeImageDecoder()
      let pipeline = makePipeline(directory, decoder: decoder)

      let sizes = try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<100 {
          group.addTask { try await pipeline.image(for: url, size: .preview).pixelWidth }
        }
        // Hold the response until the download has started, so all 100 overlap with it.
        try await eventually { await gate.arrivals == 1 }
        await gate.open()
        return try await group.reduce(into: []) { $0.append($1) }
      }

      #expect(sizes == Array(repeating: 1_000, count: 100))
      #expect(await server.requests("/apod/big.png") == 1)
      #expect(decoder.decodeCount == 1)
      #expect(await pipeline.statistics().downloadsStarted == 1)
    }
  }

  @Test func differentSizesOfOneURLShareOneDownload() async throws {
    try await withServedImages { server, directory in
      let gate = Gate()
      // Wider than a thumbnail, narrower than the full size's cap. (A 3,000 px fixture took 10 s
      // to build in a debug build and over 60 s under ThreadSanitizer.)
      let url = await server.serve("/hd.png", ImageFixtures.png(width: 1_200, height: 600), gate: gate)
      let pipeline = makePipeline(directory)

      async let thumbnail = pipeline.image(for: url, size: .thumbnail)
      async let full = pipeline.image(for: url, size: .full)
      try await eventually { await gate.arrivals == 1 }
      await gate.open()

      #expect(try await thumbnail.pixelWidth == 400)
      #expect(try await full.pixelWidth == 1_200)
      #expect(await server.requests("/hd.png") == 1)
    }
  }

  @Test func cancellingOneWaiterLeavesTheOthersTheirImage() async throws {
    try await withServedImages { server, directory in
      let gate = Gate()
      let url = await server.serve("/slow.png", ImageFixtures.png(width: 40, height: 30), gate: gate)
      let pipeline = makePipeline(directory)

      let leaving = Task { try await pipeline.image(for: url, size: .preview) }
      let staying = (0..<3).map { _ in Task { try await pipeline.image(for: url, size: .preview) } }
      try await eventually { await gate.arrivals == 1 }
      leaving.cancel()

      // The cancelled caller is answered at once, while the download is still held.
      await #expect(throws: ImagePipelineError.cancelled) { try await boundedValue(of: leaving) }
      await gate.open()
      for task in staying {
        #expect(try await boundedValue(of: task).pixelWidth == 40)
      }
      #expect(await server.requests("/slow.png") == 1)
      #expect(await pipeline.cachedData(for: url) != nil)
    }
  }

  @Test func lastWaiterLeavingCancelsTheDownload() async throws {
    let downloader = HeldDownloader(data: ImageFixtures.png(width: 10, height: 10))
    try await withPipeline(over: downloader) { pipeline in
      let url = URL(string: "https://apod.nasa.gov/apod/image/held.png")!

      let callers = (0..<3).map { _ in Task { try await pipeline.image(for: url, size: .thumbnail) } }
      try await eventually { await downloader.log.started == 1 }
      callers[0].cancel()
      callers[1].cancel()
      await #expect(throws: ImagePipelineError.cancelled) { try await boundedValue(of: callers[0]) }
      #expect(await downloader.log.cancelled == 0)

      callers[2].cancel()
      await #expect(throws: ImagePipelineError.cancelled) { try await boundedValue(of: callers[2]) }
      try await eventually { await downloader.log.cancelled == 1 }

      // A later request starts a fresh download rather than joining the abandoned one.
      let again = Task { try await pipeline.image(for: url, size: .thumbnail) }
      try await eventually { await downloader.log.started == 2 }
      await downloader.release()
      #expect(try await boundedValue(of: again).pixelWidth == 10)
      try await eventually { await pipeline.statistics().downloadsInFlight == 0 }
    }
  }

  @Test func slowServerDownloadIsCancelledOnTheWire() async throws {
    try await withServedImages { server, directory in
      let gate = Gate()
      let url = await server.serve("/very-slow.png", ImageFixtures.png(width: 10, height: 10), gate: gate)
      let pipeline = makePipeline(directory)

      let caller = Task { try await pipeline.image(for: url, size: .preview) }
      try await eventually { await gate.arrivals == 1 }
      #expect(await pipeline.statistics().downloadsInFlight == 1)
      caller.cancel()

      await #expect(throws: ImagePipelineError.cancelled) { try await boundedValue(of: caller) }
      // The URLSession transfer itself ends while the server is still holding the response.
      try await eventually { await pipeline.statistics().downloadsInFlight == 0 }
      #expect(await pipeline.cachedData(for: url) == nil)
      await gate.open()
    }
  }

  @Test func callerAlreadyCancelledIsAnsweredCancelledAndNothingIsStored() async throws {
    let downloader = HeldDownloader(data: ImageFixtures.png(width: 10, height: 10))
    try await withPipeline(over: downloader) { pipeline in
      let url = URL(string: "https://apod.nasa.gov/apod/image/never.png")!

      let caller = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return try await pipeline.image(for: url, size: .thumbnail)
      }
      await #expect(throws: ImagePipelineError.cancelled) { try await boundedValue(of: caller) }
      await downloader.release()
      try await eventually { await pipeline.statistics().downloadsInFlight == 0 }
      #expect(await pipeline.cachedData(for: url) == nil)
    }
  }
}
