import Basics
import Foundation
import ImageCache
import ImageTestSupport
import Networking
import TestSupport
import Testing

/// A downloader over the loopback server that records which way the pipeline asked: the whole
/// body in memory, or written to a file.
private struct WayRecorder: ImageDownloading {
  let real: URLSessionImageDownloader
  let ways = Locked<[String]>([])

  func download(_ url: URL) async throws(ImagePipelineError) -> Data {
    ways.withLock { $0.append("whole body") }
    return try await real.download(url)
  }

  func download(
    _ url: URL, toFile file: URL, allowsConstrainedNetwork: Bool
  ) async throws(ImagePipelineError) -> Int {
    ways.withLock { $0.append("to a file") }
    return try await real.download(url, toFile: file, allowsConstrainedNetwork: allowsConstrainedNetwork)
  }
}

@Suite("The widget downloads a missing picture to a file, never whole in memory", .timeLimit(.minutes(5)))
struct WidgetDownloadTests {
  private let large = ImageSize.widget(width: 364, height: 382, scale: 3)

  @Test func aMissingPictureIsWrittenToTheDiskTierAsItArrives() async throws {
    try await withServedImages { server, directory in
      let url = await server.serve(
        "/day.jpg", ImageFixtures.jpeg(width: 4_000, height: 3_000), contentType: "image/jpeg")
      let downloader = WayRecorder(
        real: URLSessionImageDownloader(session: makeSession(), clock: TestClock()))
      let images = makePipeline(directory, downloader: downloader)

      let image = try await images.widgetImage(for: url, size: large)

      #expect(image.pixelWidth > 0)
      #expect(downloader.ways.withLock { $0 } == ["to a file"])
      #expect(await images.isCached(url))
      // Only the picture is left in the folder: no partial file.
      let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
      #expect(!names.contains { $0.hasSuffix(".part") })
    }
  }

  @Test func aPageOrAnErrorLeavesNothingBehind() async throws {
    try await withServedImages { server, directory in
      let page = Data("<!DOCTYPE html><html><body>Moved</body></html>".utf8)
      let html = await server.serve("/page.jpg", page, contentType: "text/html")
      let mislabelled = await server.serve("/mislabelled.jpg", page, contentType: "image/jpeg")
      let images = makePipeline(directory)
      let size = large

      await #expect(throws: ImagePipelineError.notAnImage(contentType: "text/html")) {
        _ = try await images.widgetImage(for: html, size: size)
      }
      await #expect(throws: ImagePipelineError.notAnImage(contentType: nil)) {
        _ = try await images.widgetImage(for: mislabelled, size: size)
      }
      let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
      #expect(!names.contains { $0.hasSuffix(".part") }, "\(names)")
      let cached = await images.isCached(html)
      #expect(!cached)
    }
  }
}
