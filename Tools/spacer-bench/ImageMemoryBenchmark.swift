import Basics
import Foundation
import ImageCache
import Networking
import TestServer
import TestSupport
import ViewerCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What the detail card's and the widget's pictures cost in memory, for the closing notes.
///
/// The card's model is created as the app creates it (`wantsHD: false`) over a loopback server
/// that serves an oversized preview (2,400 × 1,600) and an 8,000 × 6,000 HD image, with the header
/// decoder (decoded size only: width × height × 4 bytes).
/// - `hero_decoded_bytes`: the decoded bytes the card holds once loaded (goal ≤ 8 MB).
/// - `hero_viewer_decoded_bytes`: what the open viewer holds (HD): what the card used to hold.
/// - `hero_decoded_bytes_after_viewer`: the card again after the viewer opened and closed.
/// - `hero_hd_downloads`: HD downloads the card alone started (goal 0).
/// - `hd_bytes_in_memory_after_viewer_closes`: decoded HD bytes still held once the viewer closed,
///   in the model or in the pipeline's memory tier (goal 0; HD used to stay in the tier).
/// - `widget_image_bytes_large`: a square 6,000 × 6,000 picture (the worst shape: both sides reach
///   the cap) decoded for the large widget on a 3× phone, 364 × 382 pt (goal ≤ 4 MB; the widget
///   extension lives under a ~30 MB memory limit).
enum ImageMemoryBenchmark {
  @MainActor
  static func run(clock: any Clocking) async throws -> [String: Double] {
    let folder = try TemporaryDirectory(prefix: "spacer-hero-bench")
    // Removed at the end of the run, not when ARC ends `folder` early in a release build.
    defer { folder.remove() }
    let root = folder.url
    let server = LoopbackServer()
    let base = try await server.start()
    let preview = ImageFixtures.jpeg(width: 2_400, height: 1_600)
    let hd = ImageFixtures.jpeg(width: 8_000, height: 6_000)
    let square = ImageFixtures.jpeg(width: 6_000, height: 6_000)
    await server.route("/hero/preview.jpg") { _ in .bytes(preview, contentType: "image/jpeg") }
    await server.route("/hero/hd.jpg") { _ in .bytes(hd, contentType: "image/jpeg") }
    await server.route("/widget/square.jpg") { _ in .bytes(square, contentType: "image/jpeg") }
    guard let previewURL = URL(string: base.absoluteString + "/hero/preview.jpg"),
      let hdURL = URL(string: base.absoluteString + "/hero/hd.jpg"),
      let squareURL = URL(string: base.absoluteString + "/widget/square.jpg")
    else { throw ImageMemoryBenchmarkError.badURL }

    let pipeline = ImagePipeline(
      directory: root, session: .uncached(), decoder: HeaderImageDecoder(), clock: clock)
    let card = ProgressiveImageModel(
      previewURL: previewURL, hdURL: hdURL, pipeline: pipeline, clock: clock, wantsHD: false)

    await card.load()
    guard let shown = card.phase.shownImage else { throw ImageMemoryBenchmarkError.nothingShown(card.phase) }
    let hdDownloads = await server.requestCount(to: "/hero/hd.jpg")

    await card.showHD()
    guard case .full(let hdImage) = card.phase else {
      throw ImageMemoryBenchmarkError.nothingShown(card.phase)
    }
    // The viewer closes as the app closes it: the model and the pipeline's memory tier let HD go.
    await ViewerClosing.close(card, images: pipeline)
    let afterViewer = card.phase.shownImage?.cost ?? 0
    let hdInTier = await pipeline.imageInMemory(for: hdURL, size: .full)?.cost ?? 0
    let hdInModel: Int = if case .full(let image) = card.phase { image.cost } else { 0 }
    let widget = try await pipeline.image(for: squareURL, size: .widget(width: 364, height: 382, scale: 3))
    await server.stop()

    return [
      "hero_decoded_bytes": Double(shown.cost),
      "hero_decoded_bytes_after_viewer": Double(afterViewer),
      "hero_viewer_decoded_bytes": Double(hdImage.cost),
      "hero_hd_downloads": Double(hdDownloads),
      "hd_bytes_in_memory_after_viewer_closes": Double(hdInTier + hdInModel),
      "widget_image_bytes_large": Double(widget.cost),
    ]
  }
}

enum ImageMemoryBenchmarkError: Error {
  case badURL
  case nothingShown(ProgressiveImageModel.Phase)
}
