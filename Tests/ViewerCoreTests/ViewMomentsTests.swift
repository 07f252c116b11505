import Foundation
import ImageCache
import ImageTestSupport
import TestSupport
import Testing
import ViewerCore

/// The moments the picture views forward (`appeared(as:)`, `disappeared(as:images:)`): the card
/// holds the preview only, the viewer HD while it is up, and the viewer going away lets HD go.
@MainActor
@Suite("A picture's view moments", .timeLimit(.minutes(5)))
struct ViewMomentsTests {
  @Test func theCardLoadsThePreviewOnlyAndLetsNothingGo() async throws {
    try await withServedImages { server, directory in
      let (previewURL, hdURL) = await Self.serve(server)
      let model = ProgressiveImageModel(
        previewURL: previewURL, hdURL: hdURL, pipeline: makePipeline(directory), clock: TestClock(),
        wantsHD: false)
      await model.appeared(as: .card)
      guard case .preview(_, hd: .notRequested) = model.phase else {
        Issue.record("the card should show the preview only, shows \(model.phase)")
        return
      }
      #expect(model.disappeared(as: .card, images: nil) == nil)
      #expect(await server.requests("/hd.jpg") == 0)
    }
  }

  @Test func theViewerLoadsHDAndItsGoingAwayLetsHDGoEverywhere() async throws {
    try await withServedImages { server, directory in
      let (previewURL, hdURL) = await Self.serve(server)
      let images = makePipeline(directory)
      let model = ProgressiveImageModel(
        previewURL: previewURL, hdURL: hdURL, pipeline: images, clock: TestClock(), wantsHD: false)
      await model.appeared(as: .card)
      await model.appeared(as: .viewer)
      guard case .full = model.phase else {
        Issue.record("the viewer should show HD, shows \(model.phase)")
        return
      }
      await model.disappeared(as: .viewer, images: images)?.value
      #expect(await images.imageInMemory(for: hdURL, size: .full) == nil)
      guard case .preview(_, hd: .notRequested) = model.phase else {
        Issue.record("the card should be back on its preview, shows \(model.phase)")
        return
      }
    }
  }

  private static func serve(_ server: ImageServer) async -> (preview: URL, hd: URL) {
    let preview = await server.serve(
      "/preview.jpg", ImageFixtures.jpeg(width: 1_200, height: 800), contentType: "image/jpeg")
    let hd = await server.serve(
      "/hd.jpg", ImageFixtures.jpeg(width: 3_000, height: 2_000), contentType: "image/jpeg")
    return (preview, hd)
  }
}
