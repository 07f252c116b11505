import Foundation
import ImageCache
import TestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What the large widget's picture costs in memory (the extension's limit is about 30 MB).
///
/// A square 6,000 × 6,000 JPEG (the worst shape: both sides reach the cap) goes through the
/// image pipeline at the large widget's size on a 3× phone (364 × 382 pt), with the header
/// decoder, which reports the decoded size only (width × height × 4 bytes).
/// - `widget_image_bytes_large`: the decoded bytes of that picture (goal ≤ 4 MB).
enum WidgetBenchmark {
  static func run() async throws -> [String: Double] {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("spacer-widget-bench-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let server = LoopbackServer()
    let base = try await server.start()
    let picture = ImageFixtures.jpeg(width: 6_000, height: 6_000)
    await server.route("/widget/square.jpg") { _ in .bytes(picture, contentType: "image/jpeg") }
    guard let url = URL(string: base.absoluteString + "/widget/square.jpg") else {
      throw WidgetBenchmarkError.badURL
    }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    let pipeline = ImagePipeline(
      directory: root, session: URLSession(configuration: configuration), decoder: HeaderImageDecoder())
    let image = try await pipeline.image(for: url, size: .widget(width: 364, height: 382, scale: 3))
    await server.stop()
    return ["widget_image_bytes_large": Double(image.cost)]
  }
}

enum WidgetBenchmarkError: Error {
  case badURL
}
