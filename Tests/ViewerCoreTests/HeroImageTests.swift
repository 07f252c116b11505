import Foundation
import ImageCache
import ImageTestSupport
import TestSupport
import Testing
import ViewerCore

/// Records, per URL, whether each download was allowed on a constrained (Low Data Mode) network.
actor ConstrainedNetworkLog {
  private(set) var requests: [(url: URL, allowsConstrained: Bool)] = []
  func record(_ url: URL, _ allows: Bool) { requests.append((url, allows)) }
  func allowed(_ url: URL) -> [Bool] { requests.filter { $0.url == url }.map(\.allowsConstrained) }
}

/// Answers every download with `data`, noting what Low Data Mode setting it was asked with.
struct ConstrainedNetworkRecorder: ImageDownloading {
  let data: Data
  let log = ConstrainedNetworkLog()

  func download(_ url: URL) async throws(ImagePipelineError) -> Data {
    Issue.record("the pipeline must say whether a constrained network may be used")
    return data
  }

  func download(_ url: URL, allowsConstrainedNetwork: Bool) async throws(ImagePipelineError) -> Data {
    await log.record(url, allowsConstrainedNetwork)
    return data
  }
}

@MainActor
@Suite("The detail card holds the preview; HD only in the viewer", .timeLimit(.minutes(5)))
struct HeroImageTests {
  private static let previewBytes = ImageFixtures.jpeg(width: 2_400, height: 1_600)
  private static let hdBytes = ImageFixtures.jpeg(width: 8_000, height: 6_000)

  private struct Fixture {
    let directory: TemporaryDirectory
    let server: ImageServer
    let pipeline: ImagePipeline
    let hdGate = Gate()

    init(hdHeld: Bool = false) async throws {
      directory = try TemporaryDirectory()
      server = try await ImageServer.start()
      await server.serve("/preview.jpg", HeroImageTests.previewBytes, contentType: "image/jpeg")
      await server.serve(
        "/hd.jpg", HeroImageTests.hdBytes, contentType: "image/jpeg", gate: hdHeld ? hdGate : nil)
      pipeline = makePipeline(directory)
    }

    /// The card's model, as the app creates it.
    @MainActor func card() -> ProgressiveImageModel {
      ProgressiveImageModel(
        previewURL: server.url("/preview.jpg"), hdURL: server.url("/hd.jpg"), pipeline: pipeline,
        clock: TestClock(), wantsHD: false)
    }

    func tearDown() async {
      await hdGate.open()
      await server.stop()
      directory.remove()
    }
  }

  @Test func theCardDownloadsAndHoldsThePreviewSizeOnly() async throws {
    let fixture = try await Fixture()
    let card = fixture.card()

    await card.load()

    guard case .preview(let image, hd: .notRequested) = card.phase else {
      Issue.record("expected the preview alone, got \(card.phase)")
      return
    }
    #expect(max(image.pixelWidth, image.pixelHeight) <= ImageSize.preview.maxPixelSize)
    #expect(image.cost <= 8 << 20)
    #expect(await fixture.server.requests("/hd.jpg") == 0)
    #expect(!card.phase.offersHDRetry)
    await fixture.tearDown()
  }

  @Test func offlineTheCardShowsItsPreviewWithoutAnHDRetry() async throws {
    let fixture = try await Fixture()
    _ = try await fixture.pipeline.image(for: fixture.server.url("/preview.jpg"), size: .preview)
    await fixture.pipeline.handleMemoryWarning()
    await fixture.server.stop()  // offline: HD could not load, and nobody asked for it

    let card = fixture.card()
    await card.load()

    #expect(card.phase.shownImage != nil)
    #expect(!card.phase.offersHDRetry)
    #expect(!card.canRetry)
    fixture.directory.remove()
  }

  @Test func theViewerLoadsHDAndClosingItLetsHDGo() async throws {
    let fixture = try await Fixture()
    let card = fixture.card()
    await card.load()

    await card.showHD()
    guard case .full(let hd) = card.phase else {
      Issue.record("expected HD in the viewer, got \(card.phase)")
      return
    }
    #expect(hd.pixelWidth == ImageSize.full.maxPixelSize)

    await card.releaseHD()
    guard case .preview(let preview, hd: .notRequested) = card.phase else {
      Issue.record("expected the preview after the viewer closed, got \(card.phase)")
      return
    }
    #expect(preview.cost <= 8 << 20)
    #expect(!card.wantsHD)
    await fixture.tearDown()
  }

  @Test func aMemoryWarningInTheViewerDropsHDAndOffersToLoadItAgain() async throws {
    let fixture = try await Fixture()
    let card = fixture.card()
    await card.showHD()
    guard case .full = card.phase else {
      Issue.record("expected HD, got \(card.phase)")
      return
    }

    await card.handleMemoryWarning()

    guard case .preview(_, hd: .released) = card.phase else {
      Issue.record("expected the preview with HD released, got \(card.phase)")
      return
    }
    #expect(card.phase.offersHDRetry)
    await card.retry()
    guard case .full = card.phase else {
      Issue.record("expected HD again after retry, got \(card.phase)")
      return
    }
    await fixture.tearDown()
  }

  @Test func hdArrivingAfterTheViewerClosedIsNotKept() async throws {
    let fixture = try await Fixture(hdHeld: true)
    let card = fixture.card()
    await card.load()
    let viewer = Task { await card.showHD() }
    try await eventually { await fixture.server.requests("/hd.jpg") == 1 }

    await card.releaseHD()
    await fixture.hdGate.open()
    try await bounded("the viewer task") { await viewer.value }

    guard case .preview(_, hd: .notRequested) = card.phase else {
      Issue.record("expected the card's preview, got \(card.phase)")
      return
    }
    await fixture.tearDown()
  }

  @Test func underLowDataModeOnlyThumbnailsAndPreviewsMayUseAConstrainedNetwork() async throws {
    let recorder = ConstrainedNetworkRecorder(data: ImageFixtures.png(width: 64, height: 64))
    try await withPipeline(over: recorder) { pipeline in
      let thumbnail = URL(string: "https://apod.nasa.gov/apod/image/thumb.png")!
      let preview = URL(string: "https://apod.nasa.gov/apod/image/preview.png")!
      let hd = URL(string: "https://apod.nasa.gov/apod/image/hd.png")!
      let pinned = URL(string: "https://apod.nasa.gov/apod/image/favorite.png")!

      _ = try await pipeline.image(for: thumbnail, size: .thumbnail)
      _ = try await pipeline.image(for: preview, size: .preview)
      _ = try await pipeline.image(for: hd, size: .full)
      await pipeline.pin(pinned)
      try await eventually { await pipeline.statistics().pinDownloadsOutstanding == 0 }

      #expect(await recorder.log.allowed(thumbnail) == [true])
      #expect(await recorder.log.allowed(preview) == [true])
      #expect(await recorder.log.allowed(hd) == [false])
      #expect(await recorder.log.allowed(pinned) == [false])
    }
  }
}
