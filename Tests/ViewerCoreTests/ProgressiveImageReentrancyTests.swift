import Foundation
import ImageCache
import ImageTestSupport
import TestServer
import TestSupport
import Testing
import ViewerCore

/// Dropping HD waits for the preview when only HD was ever loaded. While it waits the viewer may
/// reopen, close, or get a memory warning: these tests hold the preview's response (a gate on the
/// loopback server) so that each such call lands exactly inside that wait, then let it go.
@MainActor
@Suite("Dropping HD and showing it again interleave safely", .timeLimit(.minutes(5)))
struct ProgressiveImageReentrancyTests {

  /// A viewer showing HD that came first: the preview was never loaded, and its download is held.
  @MainActor
  private struct Fixture {
    let directory: TemporaryDirectory
    let server: ImageServer
    let pipeline: ImagePipeline
    let previewGate = Gate()
    let log = PhaseLog()
    let model: ProgressiveImageModel

    init() async throws {
      directory = try TemporaryDirectory()
      server = try await ImageServer.start()
      await server.serve(
        "/preview.jpg", ViewerPictures.previewBytes, contentType: "image/jpeg",
        gate: previewGate)
      await server.serve("/hd.jpg", ViewerPictures.hdBytes, contentType: "image/jpeg")
      pipeline = makePipeline(directory)
      _ = try await pipeline.image(for: server.url("/hd.jpg"), size: .full)
      let log = self.log
      model = ProgressiveImageModel(
        previewURL: server.url("/preview.jpg"), hdURL: server.url("/hd.jpg"), pipeline: pipeline,
        clock: TestClock(), onPhaseChange: { log.phases.append($0) })
    }

    /// Starts `drop` and returns once it waits for the held preview, HD already let go.
    func dropping(_ drop: @escaping @MainActor () async -> Void) async throws -> Task<Void, Never> {
      #expect(model.phase == .full(ViewerPictures.hdImage))
      let task = Task { await drop() }
      try await eventually { await previewGate.arrivals == 1 }
      #expect(model.phase == .idle)
      return task
    }

    /// Lets the preview answer and waits for the drop to end.
    func finish(_ drop: Task<Void, Never>) async throws {
      await previewGate.open()
      try await bounded("the drop waiting for its preview") { await drop.value }
    }

    func tearDown() async {
      await previewGate.open()
      await server.stop()
      directory.remove()
    }
  }

  @Test func reopeningTheViewerWhileClosingEndsOnHD() async throws {
    let fixture = try await Fixture()
    let closing = try await fixture.dropping { await fixture.model.releaseHD() }

    await fixture.model.showHD()  // HD is still in the memory tier: shown at once
    #expect(fixture.model.phase == .full(ViewerPictures.hdImage))
    try await fixture.finish(closing)

    // The closing drop's preview must not land over the reopened viewer's HD.
    #expect(fixture.model.phase == .full(ViewerPictures.hdImage))
    #expect(fixture.model.wantsHD)
    await fixture.tearDown()
  }

  @Test func reopeningTheViewerAfterAMemoryWarningEndsOnHD() async throws {
    let fixture = try await Fixture()
    let dropping = try await fixture.dropping {
      await fixture.pipeline.handleMemoryWarning()
      await fixture.model.handleMemoryWarning()
    }

    // HD is no longer in memory: the reopened viewer loads it again (from disk) while the
    // preview is still held, and shows it.
    await fixture.model.showHD()
    #expect(fixture.model.phase == .full(ViewerPictures.hdImage))
    try await fixture.finish(dropping)

    #expect(fixture.model.phase == .full(ViewerPictures.hdImage))
    await fixture.tearDown()
  }

  @Test func closingTheViewerDuringAMemoryWarningsDropLeavesTheCardWithoutAnHDRetry() async throws {
    let fixture = try await Fixture()
    let dropping = try await fixture.dropping { await fixture.model.handleMemoryWarning() }

    await fixture.model.releaseHD()  // the viewer closes while the preview is on its way
    try await fixture.finish(dropping)

    #expect(fixture.model.phase == .preview(ViewerPictures.previewImage, hd: .notRequested))
    #expect(!fixture.model.phase.offersHDRetry)
    #expect(!fixture.model.canRetry)
    await fixture.tearDown()
  }

  @Test func aMemoryWarningAfterTheViewerClosedKeepsTheCardsPreviewOnly() async throws {
    let fixture = try await Fixture()
    let closing = try await fixture.dropping { await fixture.model.releaseHD() }

    await fixture.model.handleMemoryWarning()
    try await fixture.finish(closing)

    #expect(fixture.model.phase == .preview(ViewerPictures.previewImage, hd: .notRequested))
    #expect(fixture.log.phases.last == .preview(ViewerPictures.previewImage, hd: .notRequested))
    await fixture.tearDown()
  }

  @Test func closingTwiceWhileThePreviewLoadsShowsThePreviewOnce() async throws {
    let fixture = try await Fixture()
    let first = try await fixture.dropping { await fixture.model.releaseHD() }

    await fixture.model.releaseHD()
    try await fixture.finish(first)

    #expect(fixture.model.phase == .preview(ViewerPictures.previewImage, hd: .notRequested))
    #expect(
      fixture.log.phases == [
        .full(ViewerPictures.hdImage), .idle, .preview(ViewerPictures.previewImage, hd: .notRequested),
      ])
    await fixture.tearDown()
  }
}
