import Basics
import Foundation
import ImageCache
import ImageTestSupport
import TestSupport
import Testing

/// `warm` then a view's call at once, for many pictures: whichever reaches the pipeline second
/// finds the other's read under way (or the picture in memory), so each picture is decoded once.
/// Without the shared read, the calls that overlap decode twice; the test holds nothing, so it
/// cannot starve the few pool threads the whole test run shares.
@Suite("A warmed picture is read from disk once", .timeLimit(.minutes(5)))
struct WarmReadTests {
  private static let pictures = 200

  @Test(arguments: [false, true])
  func aCallerArrivingDuringAWarmReadWaitsForIt(throughAFullLoad: Bool) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let decoder = FakeImageDecoder()
    // Offline: a call that went to the network instead of the file would get no picture.
    let pipeline = ImagePipeline(
      directory: directory.url, downloader: OfflineImageDownloader(), decoder: decoder, clock: TestClock())
    // Small, so that all of them stay in the memory tier: a late warm finds its picture there.
    let bytes = ImageFixtures.jpeg(width: 64, height: 48)
    let urls = (0..<Self.pictures).map { URL(string: "https://apod.nasa.gov/apod/image/2612/p\($0).jpg")! }
    for url in urls { await pipeline.keepOriginal(bytes, for: url) }

    var shown = 0
    for url in urls {
      pipeline.warm(url, size: .preview)
      let image =
        throughAFullLoad
        ? try? await pipeline.image(for: url, size: .preview)
        : await pipeline.cachedImage(for: url, size: .preview)
      if image?.pixelWidth == 64 { shown += 1 }
    }

    #expect(shown == Self.pictures)
    #expect(decoder.decodeCount == Self.pictures)
  }

  /// Every saved copy is one the decoder refuses. Whoever reads it first removes it, and the
  /// other caller, joining that read, hears nil: the full load then downloads the picture, once.
  @Test func aFullLoadThatJoinedARefusedReadDownloadsThePicture() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let decoder = JPEGRefusingDecoder()
    let downloader = PictureHost(data: ImageFixtures.png(width: 64, height: 48))
    let pipeline = ImagePipeline(
      directory: directory.url, downloader: downloader, decoder: decoder, clock: TestClock())
    let urls = (0..<Self.pictures).map { URL(string: "https://apod.nasa.gov/apod/image/2612/r\($0).jpg")! }
    for url in urls { await pipeline.keepOriginal(ImageFixtures.jpeg(width: 64, height: 48), for: url) }

    var shown = 0
    for url in urls {
      pipeline.warm(url, size: .preview)
      if let image = try? await pipeline.image(for: url, size: .preview), image.format == .png { shown += 1 }
    }

    #expect(shown == Self.pictures)
    #expect(await downloader.count() == Self.pictures)
    #expect(decoder.refusedCount == Self.pictures, "each refused copy was read once, by one caller")
  }

  @Test func aPictureInMemoryIsNotReadAgain() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let decoder = FakeImageDecoder()
    let pipeline = ImagePipeline(
      directory: directory.url, downloader: OfflineImageDownloader(), decoder: decoder, clock: TestClock())
    let url = URL(string: "https://apod.nasa.gov/apod/image/2612/preview.jpg")!
    await pipeline.keepOriginal(ImageFixtures.jpeg(width: 1_280, height: 960), for: url)
    _ = try #require(await pipeline.cachedImage(for: url, size: .preview))

    pipeline.warm(url, size: .preview)
    #expect(await pipeline.cachedImage(for: url, size: .preview) != nil)
    #expect(decoder.decodeCount == 1)
  }
}

/// Refuses every JPEG (a saved copy that turned out damaged) and decodes the rest.
private final class JPEGRefusingDecoder: ImageDecoding, Sendable {
  private let refused = Locked(0)

  var refusedCount: Int { refused.withLock { $0 } }

  func decode(_ data: Data, maxPixelSize: Int?) throws(ImageDecodingError) -> DecodedImage {
    let image = try HeaderImageDecoder().decode(data, maxPixelSize: maxPixelSize)
    guard image.format != .jpeg else {
      refused.withLock { $0 += 1 }
      throw .platformDecoderFailed(image.format)
    }
    return image
  }
}

/// Answers every picture at once with the same bytes, counting the downloads.
private actor PictureHost: ImageDownloading {
  private let data: Data
  private var downloads = 0

  init(data: Data) { self.data = data }

  func count() -> Int { downloads }

  func download(_ url: URL) async throws(ImagePipelineError) -> Data {
    downloads += 1
    return data
  }
}
