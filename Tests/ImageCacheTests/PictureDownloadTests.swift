import Foundation
import ImageCache
import ImageTestSupport
import Networking
import TestServer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Share and Save to Photos get a picture's bytes one way: the disk tier first, else one download
/// through `HTTPTransport` (https rule, deadline, no URL cache), and only bytes that are a picture,
/// labelled with the format the bytes are.
@Suite("Share and Save to Photos download a picture one way", .timeLimit(.minutes(5)))
struct PictureDownloadTests {
  @Test func aGIFAtAURLWithoutAnImageExtensionIsLabelledGIF() async throws {
    try await withServedImages { server, directory in
      await server.serve("/image.php", ImageFixtures.gif(width: 40, height: 30), contentType: "image/gif")
      let url = server.url("/image.php?id=7")
      let download = PictureDownload(images: makePipeline(directory), timeout: .seconds(30))

      let picture = try await download.picture(at: url)

      #expect(picture.format == .gif)
      #expect(picture.fileName(title: "Comet: \"Tails\" / 2024") == "Comet Tails 2024.gif")
      #expect(picture.typeIdentifier == "com.compuserve.gif")
    }
  }

  @Test func aJPEGNamedPNGIsLabelledJPEG() async throws {
    try await withServedImages { server, directory in
      let url = await server.serve("/wrong.png", ImageFixtures.jpeg(width: 40, height: 30))
      let download = PictureDownload(images: makePipeline(directory), timeout: .seconds(30))

      let picture = try await download.picture(at: url)

      #expect(picture.format == .jpeg)
      #expect(picture.fileName(title: "  ") == "Picture.jpg")
    }
  }

  @Test func theDiskTiersCopyIsUsedWithoutAskingTheServer() async throws {
    try await withServedImages { server, directory in
      let url = await server.serve("/cached.png", ImageFixtures.png(width: 40, height: 30))
      let images = makePipeline(directory)
      _ = try await images.image(for: url, size: .preview)
      let before = await server.requests("/cached.png")

      let picture = try await PictureDownload(images: images, downloader: OfflineImageDownloader())
        .picture(at: url)

      #expect(picture.format == .png)
      #expect(await server.requests("/cached.png") == before)
    }
  }

  @Test func anHTMLPageForAPictureIsAnErrorNeverAPicture() async throws {
    try await withServedImages { server, directory in
      let page = Data("<!DOCTYPE html><html><body>Moved</body></html>".utf8)
      let labelled = await server.serve("/labelled.jpg", page, contentType: "text/html")
      let mislabelled = await server.serve("/mislabelled.jpg", page, contentType: "image/jpeg")
      let download = PictureDownload(images: makePipeline(directory), timeout: .seconds(30))

      await #expect(throws: ImagePipelineError.notAnImage(contentType: "text/html")) {
        try await download.picture(at: labelled)
      }
      await #expect(throws: ImagePipelineError.notAnImage(contentType: nil)) {
        try await download.picture(at: mislabelled)
      }
    }
  }

  @Test func aServerErrorSaysSoInTheUsersLanguage() async throws {
    try await withServedImages { server, directory in
      await server.server.route("/gone.jpg") { _ in .html("<html>gone</html>", status: 404) }
      let download = PictureDownload(images: makePipeline(directory), timeout: .seconds(30))

      do {
        _ = try await download.picture(at: server.url("/gone.jpg"))
        Issue.record("a 404 gave a picture")
      } catch let error as ImagePipelineError {
        guard case .http(.notFound) = error else {
          Issue.record("a 404 read as \(error)")
          return
        }
        #expect((error as any LocalizedError).errorDescription == error.message)
      }
    }
  }

  @Test func plainHTTPOutsideLoopbackAndNASAIsRefusedBeforeAnyRequest() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let download = PictureDownload(images: makePipeline(directory), timeout: .seconds(30))

    await #expect(throws: ImagePipelineError.http(.insecureURL("http://example.com/picture.jpg"))) {
      try await download.picture(at: URL(string: "http://example.com/picture.jpg")!)
    }
    await #expect(throws: ImagePipelineError.unsupportedURL("file:///etc/passwd")) {
      try await download.picture(at: URL(string: "file:///etc/passwd")!)
    }
  }

  @Test func aSilentServerMeetsTheDeadline() async throws {
    try await withServedImages { server, directory in
      await server.server.route("/silent.jpg") { _ in
        StubResponse(status: 200, headers: ["Content-Type": "image/jpeg"], delay: .seconds(20))
      }
      // The deadline is real time (it bounds a real socket); the suite's limit is the hang guard.
      let download = PictureDownload(images: makePipeline(directory), timeout: .seconds(1))

      await #expect(throws: ImagePipelineError.http(.timedOut)) {
        try await download.picture(at: server.url("/silent.jpg"))
      }
    }
  }

  @Test func everyDownloadAsksTheServerNoURLCacheAnswers() async throws {
    try await withServedImages { server, directory in
      let bytes = ImageFixtures.png(width: 20, height: 20)
      await server.server.route("/cacheable.png") { _ in
        StubResponse(
          status: 200, headers: ["Content-Type": "image/png", "Cache-Control": "public, max-age=86400"],
          body: bytes)
      }
      let download = PictureDownload(images: makePipeline(directory), timeout: .seconds(30))

      _ = try await download.picture(at: server.url("/cacheable.png"))
      _ = try await download.picture(at: server.url("/cacheable.png"))

      #expect(await server.requests("/cacheable.png") == 2)
      #expect(PictureDownload.makeSession().configuration.urlCache == nil)
    }
  }
}
