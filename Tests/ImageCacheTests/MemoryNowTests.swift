import Foundation
import ImageCache
import ImageTestSupport
import TestSupport
import Testing

@Suite("Synchronous memory lookup for the first frame", .timeLimit(.minutes(5)))
struct MemoryNowTests {
  /// Each 100 × 100 image costs 40,000 decoded bytes; the limit holds three of them.
  private static let limit = 3 * 40_000

  private struct Fixture {
    let directory: TemporaryDirectory
    let server: ImageServer
    let pipeline: ImagePipeline

    init(names: [String], memoryCostLimit: Int = MemoryNowTests.limit) async throws {
      directory = try TemporaryDirectory()
      server = try await ImageServer.start()
      for name in names {
        await server.serve("/\(name).png", ImageFixtures.png(width: 100, height: 100))
      }
      pipeline = makePipeline(directory, memoryCostLimit: memoryCostLimit)
    }

    func url(_ name: String) -> URL { server.url("/\(name).png") }

    /// Both views of the memory tier for `name` at `size`: the synchronous one and the actor's.
    func lookups(_ name: String, size: ImageSize = .full) async -> (now: DecodedImage?, actor: DecodedImage?)
    {
      (
        pipeline.imageInMemoryNow(for: url(name), size: size),
        await pipeline.imageInMemory(for: url(name), size: size)
      )
    }

    func tearDown() async {
      await server.stop()
      directory.remove()
    }
  }

  @Test func imageInMemoryIsAnsweredAtOnceAndAgreesWithTheActor() async throws {
    let fixture = try await Fixture(names: ["a"])
    #expect(fixture.pipeline.imageInMemoryNow(for: fixture.url("a"), size: .full) == nil)
    let loaded = try await fixture.pipeline.image(for: fixture.url("a"), size: .full)
    let (now, actor) = await fixture.lookups("a")
    #expect(now == loaded)
    #expect(actor == loaded)
    await fixture.tearDown()
  }

  @Test func anotherSizeOfTheSameURLIsAMiss() async throws {
    let fixture = try await Fixture(names: ["a"])
    _ = try await fixture.pipeline.image(for: fixture.url("a"), size: .full)
    #expect(fixture.pipeline.imageInMemoryNow(for: fixture.url("a"), size: .thumbnail) == nil)
    await fixture.tearDown()
  }

  @Test func evictedImageIsNeverReturned() async throws {
    let fixture = try await Fixture(names: ["a", "b", "c", "d"])
    for name in ["a", "b", "c", "d"] {
      _ = try await fixture.pipeline.image(for: fixture.url(name), size: .full)
    }
    let evicted = await fixture.lookups("a")
    #expect(evicted.now == nil)
    #expect(evicted.actor == nil)
    for name in ["b", "c", "d"] {
      let kept = await fixture.lookups(name)
      #expect(kept.now != nil && kept.now == kept.actor, "\(name)")
    }
    await fixture.tearDown()
  }

  @Test func memoryWarningEmptiesItEvenThoughDiskStillHasTheImage() async throws {
    let fixture = try await Fixture(names: ["a"])
    _ = try await fixture.pipeline.image(for: fixture.url("a"), size: .full)
    await fixture.pipeline.handleMemoryWarning()
    #expect(fixture.pipeline.imageInMemoryNow(for: fixture.url("a"), size: .full) == nil)
    #expect(await fixture.pipeline.isCached(fixture.url("a")))  // on disk: the lookup never reads it
    await fixture.tearDown()
  }

  @Test func aLookupCountsAsAUseForEviction() async throws {
    let fixture = try await Fixture(names: ["a", "b", "c", "d"])
    for name in ["a", "b", "c"] { _ = try await fixture.pipeline.image(for: fixture.url(name), size: .full) }
    _ = fixture.pipeline.imageInMemoryNow(for: fixture.url("a"), size: .full)  // a is drawn: most recent
    _ = try await fixture.pipeline.image(for: fixture.url("d"), size: .full)
    #expect(await fixture.lookups("a").now != nil)
    #expect(await fixture.lookups("b").now == nil)  // b was the least recently used
    await fixture.tearDown()
  }

  @Test func urlIsNormalizedLikeTheActorDoes() async throws {
    let fixture = try await Fixture(names: ["a"])
    _ = try await fixture.pipeline.image(for: fixture.url("a"), size: .full)
    let spelled = URL(
      string: fixture.url("a").absoluteString.replacingOccurrences(of: "http://", with: "HTTP://") + "#x")!
    #expect(fixture.pipeline.imageInMemoryNow(for: spelled, size: .full) != nil)
    await fixture.tearDown()
  }

  @Test func urlThePipelineRefusesIsAMiss() async throws {
    let fixture = try await Fixture(names: [])
    #expect(
      fixture.pipeline.imageInMemoryNow(for: URL(string: "ftp://example.org/a.png")!, size: .full) == nil)
    await fixture.tearDown()
  }

  @Test func readersOnOtherThreadsDuringEvictionsEndInAgreementWithTheActor() async throws {
    let names = (0..<8).map { "i\($0)" }
    let fixture = try await Fixture(names: names)
    let pipeline = fixture.pipeline
    let urls = names.map(fixture.url)
    // Plain threads, like the main thread drawing a first frame, so the readers never take the
    // cooperative pool's threads away from the pipeline actor.
    let readers = ReaderThreads(count: 2) {
      for url in urls { _ = pipeline.imageInMemoryNow(for: url, size: .full) }
    }
    for url in urls { _ = try await pipeline.image(for: url, size: .full) }
    await readers.stop()

    var held = 0
    for name in names {
      let (now, actor) = await fixture.lookups(name)
      #expect(now == actor, "\(name)")
      if now != nil { held += 1 }
    }
    #expect(held == 3)  // the limit holds three; the other five were evicted and are not returned
    await fixture.tearDown()
  }
}

/// Threads that repeat `body` until stopped.
private final class ReaderThreads: @unchecked Sendable {
  // @unchecked Sendable: `stopping` and `running` are only touched under `lock`.
  private let lock = NSLock()
  private var stopping = false
  private var running: Int

  init(count: Int, body: @escaping @Sendable () -> Void) {
    running = count
    for _ in 0..<count {
      Thread.detachNewThread { [self] in
        while !lock.withLock({ stopping }) { body() }
        lock.withLock { running -= 1 }
      }
    }
  }

  /// Asks the threads to stop and waits until they have.
  func stop() async {
    lock.withLock { stopping = true }
    while lock.withLock({ running }) > 0 {
      try? await Task.sleep(for: .milliseconds(1))
    }
  }
}
