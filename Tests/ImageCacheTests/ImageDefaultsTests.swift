import Foundation
import TestSupport
import Testing

@testable import ImageCache

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The image defaults that are product rules, pinned so a change is a decision, not an accident.
@Suite struct ImageDefaultsTests {
  private func pipeline() -> ImagePipeline {
    ImagePipeline(
      directory: FileManager.default.temporaryDirectory.appendingPathComponent("ImageDefaults-\(UUID())"),
      downloader: OfflineImageDownloader(), decoder: HeaderImageDecoder(), clock: TestClock())
  }

  /// The app's memory tier holds 96 MB of decoded pixels: two 12-megapixel HD pictures
  /// (4032 × 3024 × 4 bytes ≈ 46.5 MB each), so the viewer's HD and the previews around it fit.
  @Test func theMemoryTierHoldsTwoTwelveMegapixelPictures() async {
    let limit = await pipeline().statistics().memoryCostLimit
    #expect(limit == 96 << 20)
    #expect(limit >= 2 * 4032 * 3024 * 4)
  }

  /// The disk tier keeps 300 MB of original bytes (pins come on top): months of daily pictures
  /// at 1–3 MB each for offline Explore (about five months at 2 MB).
  @Test func theDiskTierKeepsThreeHundredMegabytes() async {
    #expect(await pipeline().statistics().diskByteLimit == 300 << 20)
  }

  /// The widget's memory tier is two pictures at the widget's largest decode (1,000 × 1,000 × 4
  /// bytes): 8 MB, a quarter of the extension's ~30 MB limit.
  @Test func theWidgetsMemoryTierIsTwoWidgetPictures() {
    #expect(ImageSize.widgetMemoryCostLimit == 2 * 1_000 * 1_000 * 4)
  }

  /// One image download gets 60 s for the whole exchange, four times the JSON deadline: an HD
  /// APOD is several (sometimes tens of) megabytes on a phone's connection.
  @Test func anImageDownloadGetsSixtySeconds() {
    let downloader = URLSessionImageDownloader(
      session: URLSession(configuration: .ephemeral), clock: TestClock())
    #expect(downloader.timeout == .seconds(60))
    #expect(PictureDownload.defaultTimeout == .seconds(60))
  }
}
