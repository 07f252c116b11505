import Foundation
import ImageCache
import ImageTestSupport
import TestSupport
import Testing

/// The system empties the caches folder when storage runs low; favorites must still show offline
/// afterwards, and stay protected from eviction.
@Suite("Pinned images live outside the purgeable caches", .timeLimit(.minutes(5)))
struct PinnedStorageTests {
  private static func pipeline(caches: URL, pinned: URL, byteLimit: Int = 64 << 20) -> ImagePipeline {
    ImagePipeline(
      directory: caches, pinnedDirectory: pinned, diskByteLimit: byteLimit, session: makeSession(),
      decoder: HeaderImageDecoder(), clock: TestClock())
  }

  /// A scratch folder holding a caches folder and a pinned folder, and a server answering each of
  /// `paths` with the same small PNG.
  private struct Setup {
    let root: TemporaryDirectory
    let caches: URL
    let pinned: URL
    let server: ImageServer
    let bytes = ImageFixtures.png(width: 20, height: 20)

    static func start(
      caches: String = "caches", pinned: String = "pinned", serving paths: [String] = ["/fav.png"]
    ) async throws -> Setup {
      let root = try TemporaryDirectory()
      let setup = Setup(
        root: root, caches: root.url.appendingPathComponent(caches, isDirectory: true),
        pinned: root.url.appendingPathComponent(pinned, isDirectory: true),
        server: try await ImageServer.start())
      for path in paths { await setup.server.serve(path, setup.bytes) }
      return setup
    }
  }

  @Test func aPinnedImageSurvivesTheSystemEmptyingTheCachesFolder() async throws {
    let setup = try await Setup.start(
      caches: "Caches/images", pinned: "Application Support/PinnedImages",
      serving: ["/fav.png", "/other.png"])
    defer { setup.root.remove() }
    let (caches, pinned, server, bytes) = (setup.caches, setup.pinned, setup.server, setup.bytes)
    let favorite = server.url("/fav.png")
    let other = server.url("/other.png")

    let first = Self.pipeline(caches: caches, pinned: pinned)
    _ = try await first.image(for: favorite, size: .preview)
    _ = try await first.image(for: other, size: .preview)
    await first.pin(favorite)
    await server.stop()  // offline from here on

    // Low storage: iOS deletes everything under Caches.
    try FileManager.default.removeItem(at: setup.root.url.appendingPathComponent("Caches"))

    let relaunched = Self.pipeline(caches: caches, pinned: pinned)
    #expect(await relaunched.isPinned(favorite))
    #expect(await relaunched.cachedData(for: favorite) == bytes)
    _ = try await relaunched.image(for: favorite, size: .thumbnail)
    #expect(await relaunched.cachedData(for: other) == nil)
    #expect(await relaunched.statistics().pinnedCount == 1)
  }

  @Test func unpinningMovesTheFileBackUnderTheCacheCap() async throws {
    let setup = try await Setup.start()
    defer { setup.root.remove() }
    let (caches, pinned, server, bytes) = (setup.caches, setup.pinned, setup.server, setup.bytes)
    let url = server.url("/fav.png")
    let pipeline = Self.pipeline(caches: caches, pinned: pinned)

    await pipeline.pin(url)  // before the image was ever shown: downloaded in the background
    try await eventually { await pipeline.statistics().pinDownloadsOutstanding == 0 }
    let pinnedFile = try #require(await pipeline.cacheFileURL(for: url))
    #expect(pinnedFile.deletingLastPathComponent().standardizedFileURL == pinned.standardizedFileURL)
    #expect(FileManager.default.fileExists(atPath: pinnedFile.path))
    #expect(FileManager.default.fileExists(atPath: pinned.appendingPathComponent("pins.json").path))

    await pipeline.unpin(url)
    let cachedFile = try #require(await pipeline.cacheFileURL(for: url))
    #expect(cachedFile.deletingLastPathComponent().standardizedFileURL == caches.standardizedFileURL)
    #expect(FileManager.default.fileExists(atPath: cachedFile.path))
    #expect(!FileManager.default.fileExists(atPath: pinnedFile.path))
    #expect(await pipeline.cachedData(for: url) == bytes)
    await server.stop()
  }

  /// A folder under a name with `.`, `..` or `//` is still that folder: putting files where they
  /// belong never moves one onto itself, which would delete it. As the pinned folder, the long name
  /// is the caches folder itself; as the caches folder, the pinned folder is apart.
  @Test(arguments: ["caches/./", "./caches", "caches/../caches", "caches//"], [true, false])
  func aFolderNamedTheLongWayKeepsItsFiles(spelling: String, isThePinnedFolder: Bool) async throws {
    let setup = try await Setup.start()
    defer { setup.root.remove() }
    let (server, bytes) = (setup.server, setup.bytes)
    let url = server.url("/fav.png")
    let longWay = URL(fileURLWithPath: setup.root.url.path + "/" + spelling, isDirectory: true)
    let (caches, pinned) = isThePinnedFolder ? (setup.caches, longWay) : (longWay, setup.pinned)
    let pipeline = Self.pipeline(caches: caches, pinned: pinned)
    _ = try await pipeline.image(for: url, size: .preview)
    await pipeline.pin(url)
    await pipeline.unpin(url)
    await server.stop()

    // A new process lists the folders first (statistics), then reads.
    let relaunched = Self.pipeline(caches: caches, pinned: pinned)
    #expect(await relaunched.statistics().diskFileCount == 1)
    #expect(await relaunched.cachedData(for: url) == bytes)
    #expect(await !relaunched.isPinned(url))
  }

  @Test func pinsKeptNextToTheCacheByAnEarlierVersionAreAdopted() async throws {
    let setup = try await Setup.start()
    defer { setup.root.remove() }
    let (caches, pinned, server, bytes) = (setup.caches, setup.pinned, setup.server, setup.bytes)
    let url = server.url("/fav.png")
    // The earlier layout: one folder holding the files and pins.json.
    let earlier = ImagePipeline(
      directory: caches, session: makeSession(), decoder: HeaderImageDecoder(), clock: TestClock())
    _ = try await earlier.image(for: url, size: .preview)
    await earlier.pin(url)
    await server.stop()

    let upgraded = Self.pipeline(caches: caches, pinned: pinned)
    #expect(await upgraded.isPinned(url))
    let file = try #require(await upgraded.cacheFileURL(for: url))
    #expect(file.deletingLastPathComponent().standardizedFileURL == pinned.standardizedFileURL)
    try FileManager.default.removeItem(at: caches)
    #expect(await upgraded.cachedData(for: url) == bytes)
  }
}
