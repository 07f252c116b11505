import Foundation
import ImageCache
import ImageTestSupport
import TestSupport
import Testing
import ViewerCore

/// After the full-screen viewer closes, no decoded HD byte stays in memory: not in the model, not
/// in the pipeline's memory tier.
@MainActor
@Suite("Closing the viewer lets HD go everywhere", .timeLimit(.minutes(5)))
struct ViewerClosingTests {
  @Test func noHDBytesStayInTheMemoryTierOnceTheViewerCloses() async throws {
    try await withServedImages { server, directory in
      let previewURL = await server.serve(
        "/preview.jpg", ImageFixtures.jpeg(width: 1_200, height: 800), contentType: "image/jpeg")
      let hdURL = await server.serve(
        "/hd.jpg", ImageFixtures.jpeg(width: 6_000, height: 4_000), contentType: "image/jpeg")
      let images = makePipeline(directory)
      let model = ProgressiveImageModel(
        previewURL: previewURL, hdURL: hdURL, pipeline: images, clock: TestClock(), wantsHD: false)
      await model.load()
      await model.showHD()
      guard case .full = model.phase else {
        Issue.record("the viewer should show HD, shows \(model.phase)")
        return
      }

      await ViewerClosing.close(model, images: images)

      #expect(await images.imageInMemory(for: hdURL, size: .full) == nil)
      let preview = try #require(await images.imageInMemory(for: previewURL, size: .preview))
      #expect(await images.statistics().memoryCost == preview.cost)
      guard case .preview(_, hd: .notRequested) = model.phase else {
        Issue.record("the card should be back on its preview, shows \(model.phase)")
        return
      }
      // The disk copy stays: the viewer opens again without downloading.
      await model.showHD()
      #expect(await server.requests("/hd.jpg") == 1)
    }
  }

  @Test func removingFromMemoryKeepsOtherSizesAndTheDiskCopy() async throws {
    try await withServedImages { server, directory in
      let url = await server.serve("/picture.png", ImageFixtures.png(width: 3_000, height: 2_000))
      let images = makePipeline(directory)
      _ = try await images.image(for: url, size: .full)
      _ = try await images.image(for: url, size: .preview)

      await images.removeFromMemory(url, size: .full)

      #expect(await images.imageInMemory(for: url, size: .full) == nil)
      #expect(await images.imageInMemory(for: url, size: .preview) != nil)
      #expect(await images.cachedData(for: url) != nil)
    }
  }
}
