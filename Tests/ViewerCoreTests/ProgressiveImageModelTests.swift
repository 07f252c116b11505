import Foundation
import ImageCache
import ImageTestSupport
import Networking
import TestServer
import TestSupport
import Testing
import ViewerCore

/// Every phase the model went through, in order.
@MainActor
final class PhaseLog {
  var phases: [ProgressiveImageModel.Phase] = []

  var showedSpinner: Bool { phases.contains(.loading) }
}

@MainActor
@Suite("Preview → HD without a spinner", .timeLimit(.minutes(5)))
struct ProgressiveImageModelTests {
  private struct Fixture {
    let directory: TemporaryDirectory
    let server: ImageServer
    let pipeline: ImagePipeline
    let clock = TestClock()
    let log = PhaseLog()
    let previewGate = Gate()
    let hdGate = Gate()
    let model: ProgressiveImageModel

    @MainActor
    init(serveHD: Bool = true) async throws {
      directory = try TemporaryDirectory()
      server = try await ImageServer.start()
      await server.serve(
        "/preview.jpg", ViewerPictures.previewBytes, contentType: "image/jpeg", gate: previewGate)
      if serveHD {
        await server.serve(
          "/hd.jpg", ViewerPictures.hdBytes, contentType: "image/jpeg", gate: hdGate)
      } else {
        await server.server.route("/hd.jpg") { [hdGate] _ in
          await hdGate.wait()
          return StubResponse(status: 404)
        }
      }
      pipeline = makePipeline(directory)
      let log = self.log
      model = ProgressiveImageModel(
        previewURL: server.url("/preview.jpg"), hdURL: server.url("/hd.jpg"), pipeline: pipeline,
        clock: clock, spinnerDelay: .milliseconds(150), onPhaseChange: { log.phases.append($0) })
    }

    /// Downloads the preview into the disk tier and drops it from memory, as after a relaunch.
    func cachePreviewOnDisk() async throws {
      await previewGate.open()
      _ = try await pipeline.image(for: server.url("/preview.jpg"), size: .preview)
      await pipeline.handleMemoryWarning()
    }

    /// Lets the HD answer and downloads it into the caches, as a viewer shown earlier did.
    func cacheHD() async throws {
      await hdGate.open()
      _ = try await pipeline.image(for: server.url("/hd.jpg"), size: .full)
    }

    func tearDown() async {
      await previewGate.open()
      await hdGate.open()
      await server.stop()
      directory.remove()
    }
  }

  @Test func cachedPreviewIsTheFirstPhaseThenHDReplacesIt() async throws {
    let fixture = try await Fixture()
    try await fixture.cachePreviewOnDisk()

    let loading = Task { await fixture.model.load() }
    try await eventually { await fixture.hdGate.arrivals == 1 }
    #expect(fixture.model.phase == .preview(ViewerPictures.previewImage, hd: .loading))
    #expect(fixture.clock.pendingSleeperCount == 0)  // no spinner timer was ever armed
    await fixture.hdGate.open()
    try await bounded("the loading task") { await loading.value }

    #expect(
      fixture.log.phases == [
        .preview(ViewerPictures.previewImage, hd: .loading), .full(ViewerPictures.hdImage),
      ])
    #expect(await fixture.server.requests("/preview.jpg") == 1)  // only the earlier caching download
    await fixture.tearDown()
  }

  @Test func hdFailureKeepsThePreviewWithARetryThatSucceedsLater() async throws {
    let fixture = try await Fixture(serveHD: false)
    try await fixture.cachePreviewOnDisk()
    await fixture.hdGate.open()

    await fixture.model.load()
    let notFound = ImagePipelineError.http(.notFound(message: nil))
    #expect(fixture.model.phase == .preview(ViewerPictures.previewImage, hd: .failed(notFound)))
    #expect(fixture.model.canRetry)

    await fixture.server.serve("/hd.jpg", ViewerPictures.hdBytes, contentType: "image/jpeg")
    await fixture.model.retry()

    #expect(
      fixture.log.phases == [
        .preview(ViewerPictures.previewImage, hd: .loading),
        .preview(ViewerPictures.previewImage, hd: .failed(notFound)),
        .preview(ViewerPictures.previewImage, hd: .loading), .full(ViewerPictures.hdImage),
      ])
    #expect(!fixture.model.canRetry)
    await fixture.tearDown()
  }

  @Test func uncachedImagesArrivingBeforeTheSpinnerDelayNeverShowASpinner() async throws {
    let fixture = try await Fixture()

    let loading = Task { await fixture.model.load() }
    try await eventually { await fixture.previewGate.arrivals == 1 }
    try await eventually { await fixture.hdGate.arrivals == 1 }
    #expect(fixture.model.phase == .idle)
    await fixture.previewGate.open()
    try await eventually { fixture.model.phase == .preview(ViewerPictures.previewImage, hd: .loading) }
    await fixture.hdGate.open()
    try await bounded("the loading task") { await loading.value }

    #expect(
      fixture.log.phases == [
        .preview(ViewerPictures.previewImage, hd: .loading), .full(ViewerPictures.hdImage),
      ])
    #expect(fixture.clock.pendingSleeperCount == 0)  // the spinner timer was cancelled, not left behind
    await fixture.tearDown()
  }

  @Test func slowUncachedLoadShowsTheSpinnerOnlyAfterTheDelay() async throws {
    let fixture = try await Fixture()

    let loading = Task { await fixture.model.load() }
    try await eventually { fixture.clock.pendingSleeperCount == 1 }
    fixture.clock.advance(by: .milliseconds(149))
    try await eventually { await fixture.hdGate.arrivals == 1 }
    #expect(fixture.model.phase == .idle)
    fixture.clock.advance(by: .milliseconds(1))
    try await eventually { fixture.model.phase == .loading }
    await fixture.previewGate.open()
    try await eventually { fixture.model.phase == .preview(ViewerPictures.previewImage, hd: .loading) }
    await fixture.hdGate.open()
    try await bounded("the loading task") { await loading.value }

    #expect(
      fixture.log.phases == [
        .loading, .preview(ViewerPictures.previewImage, hd: .loading), .full(ViewerPictures.hdImage),
      ])
    await fixture.tearDown()
  }

  @Test func hdArrivingFirstGoesStraightToFull() async throws {
    let fixture = try await Fixture()

    let loading = Task { await fixture.model.load() }
    try await eventually { await fixture.hdGate.arrivals == 1 }
    await fixture.hdGate.open()
    try await bounded("the loading task") { await loading.value }

    #expect(fixture.log.phases == [.full(ViewerPictures.hdImage)])
    await fixture.tearDown()
  }

  @Test func cachedHDIsShownAtOnceWithoutTouchingTheNetwork() async throws {
    let fixture = try await Fixture()
    try await fixture.cacheHD()

    await fixture.model.load()

    #expect(fixture.log.phases == [.full(ViewerPictures.hdImage)])
    #expect(await fixture.server.requests("/preview.jpg") == 0)
    #expect(await fixture.server.requests("/hd.jpg") == 1)
    await fixture.tearDown()
  }

  @Test func hdOnDiskWithoutAPreviewGoesStraightToFull() async throws {
    let fixture = try await Fixture()
    try await fixture.cacheHD()
    await fixture.pipeline.handleMemoryWarning()

    await fixture.model.load()

    #expect(fixture.log.phases == [.full(ViewerPictures.hdImage)])
    #expect(await fixture.server.requests("/hd.jpg") == 1)
    await fixture.tearDown()
  }

  @Test func nothingLoadableEndsFailedWithRetry() async throws {
    let fixture = try await Fixture(serveHD: false)
    await fixture.server.server.route("/preview.jpg") { _ in StubResponse(status: 404) }
    await fixture.hdGate.open()

    await fixture.model.load()

    #expect(fixture.log.phases == [.failed(.http(.notFound(message: nil)))])
    #expect(fixture.model.canRetry)
    await fixture.tearDown()
  }

  @Test func cancelledLoadLeavesThePhaseAlone() async throws {
    let fixture = try await Fixture()
    try await fixture.cachePreviewOnDisk()

    let loading = Task { await fixture.model.load() }
    try await eventually { await fixture.hdGate.arrivals == 1 }
    loading.cancel()
    try await bounded("the loading task") { await loading.value }

    #expect(fixture.model.phase == .preview(ViewerPictures.previewImage, hd: .loading))
    #expect(fixture.log.phases == [.preview(ViewerPictures.previewImage, hd: .loading)])
    await fixture.tearDown()
  }

  // MARK: First frame from the memory tier

  /// A second model over the fixture's URLs and pipeline, created now (after the test cached).
  private func modelCreatedNow(_ fixture: Fixture, log: PhaseLog) -> ProgressiveImageModel {
    ProgressiveImageModel(
      previewURL: fixture.server.url("/preview.jpg"), hdURL: fixture.server.url("/hd.jpg"),
      pipeline: fixture.pipeline, clock: fixture.clock, spinnerDelay: .milliseconds(150),
      onPhaseChange: { log.phases.append($0) })
  }

  @Test func previewInMemoryIsThePhaseFromTheFirstFrameAndOnlyHDIsLoaded() async throws {
    let fixture = try await Fixture()
    await fixture.previewGate.open()
    _ = try await fixture.pipeline.image(for: fixture.server.url("/preview.jpg"), size: .preview)
    let log = PhaseLog()

    let model = modelCreatedNow(fixture, log: log)
    // Before load(): the first frame.
    #expect(model.phase == .preview(ViewerPictures.previewImage, hd: .loading))

    await fixture.hdGate.open()
    await model.load()
    #expect(
      log.phases == [.preview(ViewerPictures.previewImage, hd: .loading), .full(ViewerPictures.hdImage)])
    #expect(!log.showedSpinner)
    #expect(fixture.clock.pendingSleeperCount == 0)  // no spinner timer was ever armed
    #expect(await fixture.server.requests("/preview.jpg") == 1)  // only the earlier caching download
    await fixture.tearDown()
  }

  @Test func hdInMemoryIsFinalFromTheFirstFrame() async throws {
    let fixture = try await Fixture()
    try await fixture.cacheHD()
    let log = PhaseLog()

    let model = modelCreatedNow(fixture, log: log)
    #expect(model.phase == .full(ViewerPictures.hdImage))
    await model.load()
    // Only the phase read at creation: nothing left to do.
    #expect(log.phases == [.full(ViewerPictures.hdImage)])
    #expect(await fixture.server.requests("/preview.jpg") == 0)
    await fixture.tearDown()
  }

  @Test func previewOnlyOnDiskIsNotReadAtCreation() async throws {
    let fixture = try await Fixture()
    try await fixture.cachePreviewOnDisk()
    let log = PhaseLog()

    let model = modelCreatedNow(fixture, log: log)
    #expect(model.phase == .idle)  // creation never reads the disk; load() does, before any spinner
    await fixture.tearDown()
  }

  @Test func previewDroppedByAMemoryWarningIsNotShownFromMemory() async throws {
    let fixture = try await Fixture()
    await fixture.previewGate.open()
    _ = try await fixture.pipeline.image(for: fixture.server.url("/preview.jpg"), size: .preview)
    await fixture.pipeline.handleMemoryWarning()

    #expect(modelCreatedNow(fixture, log: PhaseLog()).phase == .idle)
    await fixture.tearDown()
  }
}

@Suite("What each phase draws")
struct ProgressiveImagePhaseTests {
  private static let preview = ViewerPictures.previewImage
  private static let hd = ViewerPictures.hdImage
  private static let failure = ImagePipelineError.http(.notFound(message: nil))
  private typealias Phase = ProgressiveImageModel.Phase

  private static let phases: [Phase] = [
    .idle, .loading, .preview(preview, hd: .loading), .preview(preview, hd: .failed(failure)), .full(hd),
    .failed(failure),
  ]

  @Test func onlyTheLoadingPhaseShowsASpinner() {
    #expect(Self.phases.filter(\.showsSpinner) == [.loading])
  }

  @Test func noPhaseWithAnImageShowsASpinner() {
    for phase in Self.phases where phase.shownImage != nil {
      #expect(!phase.showsSpinner, "\(phase)")
    }
  }

  @Test func thePreviewIsShownUntilHDReplacesIt() {
    #expect(Self.phases.map(\.shownImage) == [nil, nil, Self.preview, Self.preview, Self.hd, nil])
  }

  @Test func hdRetryIsOfferedOnlyOverAPreviewWhoseHDFailed() {
    #expect(Self.phases.filter(\.offersHDRetry) == [.preview(Self.preview, hd: .failed(Self.failure))])
  }

  @Test func theFailureIsShownOnlyWhenNothingCouldBeLoaded() {
    #expect(Self.phases.map(\.failure) == [nil, nil, nil, nil, nil, Self.failure])
  }
}
