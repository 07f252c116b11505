import Basics
import Foundation
import ImageCache
import ImageTestSupport
import TestSupport
import Testing

@Suite("Disk tier: hashed names, LRU under a byte cap, pins, damage", .timeLimit(.minutes(5)))
struct DiskTierTests {
  private static func fileExists(_ url: URL?) -> Bool {
    guard let url else { return false }
    return FileManager.default.fileExists(atPath: url.path)
  }

  @Test func fileIsNamedByTheSHA256OfTheURLAndHoldsTheOriginalBytes() async throws {
    try await withServedImages { server, directory in
      let bytes = ImageFixtures.jpeg(width: 64, height: 48)
      let url = await server.serve("/apod/image/a.jpg", bytes, contentType: "image/jpeg")
      let pipeline = makePipeline(directory)

      _ = try await pipeline.image(for: url, size: .thumbnail)

      let file = try #require(await pipeline.cacheFileURL(for: url))
      #expect(file.deletingLastPathComponent().standardizedFileURL == directory.url.standardizedFileURL)
      #expect(file.lastPathComponent == SHA256Digest(hashing: url.absoluteString).hexString)
      #expect(try Data(contentsOf: file) == bytes)
      #expect(await pipeline.cachedData(for: url) == bytes)
      #expect(await pipeline.isCached(url))
    }
  }

  @Test func leastRecentlyAccessedFileIsEvictedFirstUnderTheCap() async throws {
    try await withServedImages { server, directory in
      let image = ImageFixtures.png(width: 20, height: 20)
      let url = await server.serve(image, named: ["a", "b", "c", "d"])
      let pipeline = makePipeline(directory, diskByteLimit: image.count * 3)

      for name in ["a", "b", "c"] { _ = try await pipeline.image(for: url(name), size: .thumbnail) }
      #expect(await pipeline.cachedData(for: url("a")) != nil)  // a is now the most recent on disk
      _ = try await pipeline.image(for: url("d"), size: .thumbnail)

      #expect(!Self.fileExists(await pipeline.cacheFileURL(for: url("b"))))
      for name in ["a", "c", "d"] { #expect(Self.fileExists(await pipeline.cacheFileURL(for: url(name)))) }
      let statistics = await pipeline.statistics()
      #expect(statistics.diskBytes == image.count * 3)
      #expect(statistics.diskFileCount == 3)
    }
  }

  /// a, b and c saved a minute apart under a cap of three; d is served too.
  private static func threeSavedAMinuteApart(
    _ server: ImageServer, _ directory: TemporaryDirectory
  ) async throws -> (image: Data, url: @Sendable (String) -> URL, clock: TestClock, pipeline: ImagePipeline) {
    let image = ImageFixtures.png(width: 20, height: 20)
    let url = await server.serve(image, named: ["a", "b", "c", "d"])
    let clock = TestClock()
    let pipeline = makePipeline(directory, diskByteLimit: image.count * 3, clock: clock)
    for name in ["a", "b", "c"] {
      _ = try await pipeline.image(for: url(name), size: .thumbnail)
      clock.advance(by: 60)
    }
    return (image, url, clock, pipeline)
  }

  @Test func recencySurvivesARelaunch() async throws {
    try await withServedImages { server, directory in
      let (image, url, clock, first) = try await Self.threeSavedAMinuteApart(server, directory)
      _ = await first.cachedData(for: url("a"))  // a becomes the most recent; b the oldest
      clock.advance(by: 60)

      // A new process: the order comes back from the files' modification dates.
      let relaunched = makePipeline(directory, diskByteLimit: image.count * 3, clock: clock)
      _ = try await relaunched.image(for: url("d"), size: .thumbnail)

      #expect(!Self.fileExists(await relaunched.cacheFileURL(for: url("b"))))
      #expect(await relaunched.cachedData(for: url("a")) != nil)
      #expect(await relaunched.cachedData(for: url("c")) != nil)
    }
  }

  /// A launch reads its picture before the folder is listed; that picture is then this process's
  /// most recent, whatever its file's date says.
  @Test func aPictureReadBeforeTheFolderIsListedIsNotTheFirstEvicted() async throws {
    try await withServedImages { server, directory in
      let (image, url, clock, _) = try await Self.threeSavedAMinuteApart(server, directory)
      let relaunched = makePipeline(directory, diskByteLimit: image.count * 3, clock: clock)
      #expect(await relaunched.cachedImage(for: url("a"), size: .thumbnail) != nil)
      _ = try await relaunched.image(for: url("d"), size: .thumbnail)

      #expect(await relaunched.cachedData(for: url("a")) != nil)
      #expect(!Self.fileExists(await relaunched.cacheFileURL(for: url("b"))))
      #expect(await relaunched.statistics().diskFileCount == 3)
    }
  }

  @Test func pinnedFileSurvivesEvictionAndUnpinningReleasesIt() async throws {
    try await withServedImages { server, directory in
      let image = ImageFixtures.png(width: 20, height: 20)
      let url = await server.serve(image, named: ["fav", "b", "c", "d"])
      let pipeline = makePipeline(directory, diskByteLimit: image.count * 2)

      _ = try await pipeline.image(for: url("fav"), size: .preview)
      await pipeline.pin(url("fav"))
      for name in ["b", "c", "d"] { _ = try await pipeline.image(for: url(name), size: .preview) }

      #expect(await pipeline.cachedData(for: url("fav")) != nil)  // oldest, but pinned
      #expect(!Self.fileExists(await pipeline.cacheFileURL(for: url("b"))))
      #expect(!Self.fileExists(await pipeline.cacheFileURL(for: url("c"))))

      await pipeline.unpin(url("fav"))
      #expect(await pipeline.isPinned(url("fav")) == false)
      await pipeline.handleMemoryWarning()
      for name in ["b", "c"] { _ = try await pipeline.image(for: url(name), size: .preview) }

      #expect(!Self.fileExists(await pipeline.cacheFileURL(for: url("fav"))))
      let statistics = await pipeline.statistics()
      #expect(statistics.diskBytes == image.count * 2)
      #expect(statistics.diskFileCount == 2)
    }
  }

  @Test func pinningBeforeDownloadKeepsTheFileOnceDownloadedAndAcrossRelaunch() async throws {
    try await withServedImages { server, directory in
      let image = ImageFixtures.png(width: 20, height: 20)
      let url = await server.serve(image, named: ["fav", "b", "c"])

      let first = makePipeline(directory, diskByteLimit: image.count)
      await first.pin(url("fav"))  // a favorite saved before its image was ever shown

      let relaunched = makePipeline(directory, diskByteLimit: image.count)
      #expect(await relaunched.isPinned(url("fav")))
      _ = try await relaunched.image(for: url("fav"), size: .thumbnail)
      _ = try await relaunched.image(for: url("b"), size: .thumbnail)
      _ = try await relaunched.image(for: url("c"), size: .thumbnail)

      #expect(await relaunched.cachedData(for: url("fav")) != nil)
      #expect(await relaunched.statistics().pinnedCount == 1)
    }
  }

  @Test func pinsApplyToTheNormalizedURL() async throws {
    let downloader = HeldDownloader(data: ImageFixtures.png(width: 10, height: 10))
    try await withPipeline(over: downloader) { pipeline in
      let http = URL(string: "http://apod.nasa.gov/apod/image/2401/x.jpg")!
      let https = URL(string: "https://apod.nasa.gov/apod/image/2401/x.jpg")!

      await pipeline.pin(http)

      #expect(await pipeline.isPinned(https))
      #expect(await pipeline.cacheFileURL(for: http) == pipeline.cacheFileURL(for: https))
      await pipeline.pin(URL(string: "file:///etc/passwd")!)  // refused silently
      #expect(await pipeline.statistics().pinnedCount == 1)
      await downloader.release()
      try await eventually { await pipeline.isCached(https) }
    }
  }

  @Test func pinningAnUncachedURLDownloadsItForOfflineUse() async throws {
    try await withServedImages { server, directory in
      let url = await server.serve("/fav.png", ImageFixtures.png(width: 20, height: 20))
      let pipeline = makePipeline(directory)

      await pipeline.pin(url)
      await pipeline.pin(url)  // idempotent: still one download

      try await eventually { await pipeline.statistics().pinDownloadsOutstanding == 0 }
      #expect(await pipeline.cachedData(for: url) != nil)
      _ = try await pipeline.image(for: url, size: .thumbnail)  // from disk now
      #expect(await server.requests("/fav.png") == 1)
    }
  }

  @Test func unpinningStopsThePendingPinDownload() async throws {
    let downloader = HeldDownloader(data: ImageFixtures.png(width: 10, height: 10))
    try await withPipeline(over: downloader) { pipeline in
      let url = URL(string: "https://apod.nasa.gov/apod/image/2401/fav.jpg")!

      await pipeline.pin(url)
      try await eventually { await downloader.log.started == 1 }
      await pipeline.unpin(url)

      try await eventually { await downloader.log.cancelled == 1 }
      #expect(await pipeline.statistics().pinDownloadsOutstanding == 0)
      await downloader.release()
      try await eventually { await pipeline.statistics().downloadsInFlight == 0 }
      #expect(await pipeline.cachedData(for: url) == nil)
    }
  }

  @Test(arguments: ["garbage", "truncated", "resized"])
  func damagedFileIsAMissIsRemovedAndIsDownloadedAgain(damage: String) async throws {
    try await withServedImages { server, directory in
      let bytes = ImageFixtures.jpeg(width: 300, height: 200)
      let url = await server.serve("/a.jpg", bytes, contentType: "image/jpeg")
      let pipeline = makePipeline(directory)
      _ = try await pipeline.image(for: url, size: .preview)
      let file = try #require(await pipeline.cacheFileURL(for: url))

      switch damage {
      case "garbage": try Data(repeating: 0xAB, count: bytes.count).write(to: file)
      case "truncated": try bytes.prefix(bytes.count / 2).write(to: file)
      default: try (bytes + Data([0, 0, 0])).write(to: file)  // still ends in EOI, but not the bytes stored
      }
      await pipeline.handleMemoryWarning()

      #expect(await pipeline.cachedData(for: url) == nil)
      #expect(!Self.fileExists(file))
      #expect(await pipeline.statistics().diskFileCount == 0)
      _ = try await pipeline.image(for: url, size: .preview)
      #expect(await server.requests("/a.jpg") == 2)
      #expect(try Data(contentsOf: file) == bytes)
    }
  }

  @Test func fileTheDecoderRefusesIsRemovedAndFetchedAgain() async throws {
    try await withServedImages { server, directory in
      let url = await server.serve("/a.png", ImageFixtures.png(width: 30, height: 30))
      let decoder = FakeImageDecoder()
      let pipeline = makePipeline(directory, decoder: decoder)
      _ = try await pipeline.image(for: url, size: .preview)
      await pipeline.handleMemoryWarning()

      decoder.setRefusing(true)
      #expect(await pipeline.cachedImage(for: url, size: .preview) == nil)
      #expect(await pipeline.isCached(url) == false)

      decoder.setRefusing(false)
      _ = try await pipeline.image(for: url, size: .preview)
      #expect(await server.requests("/a.png") == 2)
    }
  }

  @Test func fileDeletedBehindTheCachesBackIsAMiss() async throws {
    try await withServedImages { server, directory in
      let url = await server.serve("/a.png", ImageFixtures.png(width: 30, height: 30))
      let pipeline = makePipeline(directory)
      _ = try await pipeline.image(for: url, size: .preview)
      try FileManager.default.removeItem(at: #require(await pipeline.cacheFileURL(for: url)))

      #expect(await pipeline.cachedData(for: url) == nil)
      #expect(await pipeline.statistics().diskFileCount == 0)
    }
  }

  @Test func strayFilesInTheDirectoryAreNotEntries() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Data("x".utf8).write(to: directory.url.appendingPathComponent("notes.txt"))
    try Data("x".utf8).write(to: directory.url.appendingPathComponent(String(repeating: "A", count: 64)))
    let pipeline = makePipeline(directory)

    #expect(await pipeline.statistics().diskFileCount == 0)
    #expect(await pipeline.statistics().diskBytes == 0)
  }
}
