import APODTestSupport
import Foundation
import ImageCache
import ImageTestSupport
import NASA
import TestSupport
import Testing
import TodayCore
import ViewerCore

/// Today knows its picture before its view exists: the preview's read starts then, so the card
/// the view builds finds it decoded or on its way (on a phone, ImageIO's decode overlaps the
/// first layout).
@MainActor
@Suite("Today starts reading its saved preview as soon as it knows the day", .timeLimit(.minutes(5)))
struct TodayPreviewWarmingTests {
  @Test func theSavedPreviewIsDecodedWithoutACardAsking() async throws {
    let harness = try ModelHarness()
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let pipeline = makePipeline(directory, downloader: OfflineImageDownloader())
    guard case .image(let preview, _) = sampleAPOD(today).hero else {
      Issue.record("the sample day has no picture")
      return
    }
    await pipeline.keepOriginal(ImageFixtures.jpeg(width: 1_280, height: 960), for: preview)
    let model = TodayModel(
      repository: harness.repository, clock: harness.clock,
      images: ImageModels(pipeline: pipeline, clock: harness.clock))

    await model.load()

    #expect(model.loadedContent?.apod.date == today)
    try await eventually("the preview decoded") {
      pipeline.imageInMemoryNow(for: preview, size: .preview) != nil
    }
  }
}
