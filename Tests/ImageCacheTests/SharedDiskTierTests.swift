import Foundation
import ImageCache
import ImageTestSupport
import TestSupport
import Testing

/// The app and its widget are two processes sharing one disk tier through the App Group
/// container: two pipelines over the same folders here, each with its own index, as in real life.
@Suite("The app and the widget share one disk tier", .timeLimit(.minutes(5)))
struct SharedDiskTierTests {
  private struct Shared {
    let root: TemporaryDirectory
    let caches: URL
    let pinned: URL
    let server: ImageServer

    static func start() async throws -> Shared {
      let root = try TemporaryDirectory()
      return Shared(
        root: root, caches: root.url.appendingPathComponent("Caches/images", isDirectory: true),
        pinned: root.url.appendingPathComponent("Application Support/PinnedImages", isDirectory: true),
        server: try await ImageServer.start())
    }

    /// One process's pipeline over the shared folders.
    func pipeline() -> ImagePipeline {
      ImagePipeline(
        directory: caches, pinnedDirectory: pinned, diskByteLimit: 64 << 20, session: makeSession(),
        decoder: HeaderImageDecoder(), clock: TestClock())
    }
  }

  @Test func aPictureTheOtherProcessSavedIsReadFromDiskNotDownloadedAgain() async throws {
    let shared = try await Shared.start()
    defer { shared.root.remove() }
    let bytes = ImageFixtures.png(width: 20, height: 20)
    await shared.server.serve("/today.png", bytes)
    await shared.server.serve("/earlier.png", bytes)
    let today = shared.server.url("/today.png")

    let app = shared.pipeline()
    let widget = shared.pipeline()
    // Both are running: each has built its index before the picture exists.
    _ = try await app.image(for: shared.server.url("/earlier.png"), size: .thumbnail)
    _ = try await widget.image(for: shared.server.url("/earlier.png"), size: .thumbnail)
    _ = try await widget.image(for: today, size: .widget(width: 170, height: 170, scale: 3))
    #expect(await shared.server.requests("/today.png") == 1)

    #expect(await app.isCached(today))
    _ = try await app.image(for: today, size: .preview)
    #expect(await shared.server.requests("/today.png") == 1, "the app downloaded the widget's picture again")
    #expect(await app.cachedData(for: today) == bytes)
  }

  @Test func aFavoriteTheOtherProcessPinnedIsNeverEvictedHere() async throws {
    let shared = try await Shared.start()
    defer { shared.root.remove() }
    let small = ImageFixtures.png(width: 20, height: 20)
    await shared.server.serve("/favorite.png", small)
    let favorite = shared.server.url("/favorite.png")

    // The widget's index is built first, with a tiny cap.
    let widget = ImagePipeline(
      directory: shared.caches, pinnedDirectory: shared.pinned, diskByteLimit: small.count + 10,
      session: makeSession(), decoder: HeaderImageDecoder(), clock: TestClock())
    #expect(await widget.cachedData(for: favorite) == nil)
    // Then the app pins a favorite (the file moves to the pinned folder).
    let app = shared.pipeline()
    _ = try await app.image(for: favorite, size: .thumbnail)
    await app.pin(favorite)

    // The widget finds it, and a download of its own over the cap does not evict it.
    #expect(await widget.cachedData(for: favorite) == small)
    await shared.server.serve("/other.png", ImageFixtures.png(width: 30, height: 30))
    _ = try await widget.image(for: shared.server.url("/other.png"), size: .thumbnail)
    #expect(await app.cachedData(for: favorite) == small)
    #expect(await shared.server.requests("/favorite.png") == 1)
  }

  /// Writes are atomic (a temporary file renamed into place): a process reading while the other
  /// writes never finds half a picture under its final name. One it found would read as damaged
  /// and be deleted, and the writer's copy with it.
  @Test func aReaderBesideTheWriterNeverSeesHalfAPicture() async throws {
    let shared = try await Shared.start()
    defer { shared.root.remove() }
    // About 2 MB each: a write takes many system calls.
    let pictures = (0..<6).map { ImageFixtures.png(width: 800 + $0, height: 800) }
    let urls = pictures.indices.map { shared.server.url("/big-\($0).png") }
    for (index, bytes) in pictures.enumerated() { await shared.server.serve("/big-\(index).png", bytes) }

    let writer = shared.pipeline()
    let reader = shared.pipeline()
    #expect(await reader.cachedData(for: urls[0]) == nil)  // the reader's index is built, empty
    let progress = WriterProgress()
    let writing = Task {
      do {
        for url in urls { _ = try await writer.image(for: url, size: .thumbnail) }
      } catch {
        await progress.finish()
        throw error
      }
      await progress.finish()
    }
    var mismatches = 0
    var seen = Set<Int>()
    func readEverything() async {
      for (index, url) in urls.enumerated() where !seen.contains(index) {
        guard let data = await reader.cachedData(for: url) else { continue }
        if data == pictures[index] { seen.insert(index) } else { mismatches += 1 }
      }
    }
    // Reads for as long as the writer writes, however slow the machine; the bound only turns a
    // writer that never ends into the hang guard's failure below.
    let hangGuardEnd = ContinuousClock.now + hangGuardLimit
    while !(await progress.isFinished), ContinuousClock.now < hangGuardEnd { await readEverything() }
    _ = try await boundedValue(of: writing, "the write")
    // Every write is done: one more look finds every picture whole.
    await readEverything()
    #expect(mismatches == 0)
    #expect(seen.count == urls.count)
    for (index, url) in urls.enumerated() {
      #expect(await writer.cachedData(for: url) == pictures[index], "picture \(index) was lost")
    }
  }
}

/// Whether the writer of `aReaderBesideTheWriterNeverSeesHalfAPicture` has finished.
private actor WriterProgress {
  private(set) var isFinished = false

  func finish() { isFinished = true }
}
