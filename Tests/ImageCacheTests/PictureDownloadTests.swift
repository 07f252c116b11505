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
      let download = PictureDownload(images: makePipeline(directory), clock: TestClock())

      let picture = try await download.picture(at: url)

      #expect(picture.format == .gif)
      #expect(picture.fileName(title: "Comet: \"Tails\" / 2024") == "Comet Tails 2024.gif")
      #expect(picture.typeIdentifier == "com.compuserve.gif")
    }
  }

  @Test func aJPEGNamedPNGIsLabelledJPEG() async throws {
    try await withServedImages { server, directory in
      let url = await server.serve("/wrong.png", ImageFixtures.jpeg(width: 40, height: 30))
      let download = PictureDownload(images: makePipeline(directory), clock: TestClock())

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
      let download = PictureDownload(images: makePipeline(directory), clock: TestClock())

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
      let download = PictureDownload(images: makePipeline(directory), clock: TestClock())

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
    let download = PictureDownload(images: makePipeline(directory), clock: TestClock())

    await #expect(throws: ImagePipelineError.http(.insecureURL("http://example.com/picture.jpg"))) {
      try await download.picture(at: URL(string: "http://example.com/picture.jpg")!)
    }
    await #expect(throws: ImagePipelineError.unsupportedURL("file:///etc/passwd")) {
      try await download.picture(at: URL(string: "file:///etc/passwd")!)
    }
  }

  @Test func aSilentServerMeetsTheDeadlineOnTheInjectedClock() async throws {
    try await withServedImages { server, directory in
      let deadlines = TestClock()
      let download = PictureDownload(images: makePipeline(directory), timeout: .seconds(60), clock: deadlines)

      try await expectSilenceTimesOutAtTheMinute(
        "/silent.jpg", contentType: "image/jpeg", on: server, deadlines: deadlines
      ) { url throws(ImagePipelineError) in
        _ = try await download.picture(at: url)
      }
    }
  }

  @Test func shareThenSaveDownloadsThePictureOnceAndTheViewerReadsTheKeptFile() async throws {
    try await withServedImages { server, directory in
      let url = await server.serve(
        "/hd.jpg", ImageFixtures.jpeg(width: 400, height: 300), contentType: "image/jpeg")
      let images = makePipeline(directory)
      let download = PictureDownload(images: images, clock: TestClock())

      let shared = try await download.picture(at: url)
      let saved = try await download.picture(at: url)

      #expect(shared == saved)
      #expect(await server.requests("/hd.jpg") == 1, "Save downloaded the picture Share had just downloaded")
      // The viewer's HD afterwards decodes the kept file too.
      let hd = try await images.image(for: url, size: .full)
      #expect(hd.pixelWidth == 400)
      #expect(await server.requests("/hd.jpg") == 1)
    }
  }

  @Test func aPageIsNeverKeptAsThePicture() async throws {
    try await withServedImages { server, directory in
      let page = Data("<!DOCTYPE html><html><body>Moved</body></html>".utf8)
      let url = await server.serve("/page.jpg", page, contentType: "image/jpeg")
      let images = makePipeline(directory)
      let download = PictureDownload(images: images, clock: TestClock())

      await #expect(throws: ImagePipelineError.notAnImage(contentType: nil)) {
        try await download.picture(at: url)
      }

      #expect(await images.cachedData(for: url) == nil)
      #expect(await images.isCached(url) == false)
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
      let images = makePipeline(directory)
      let download = PictureDownload(images: images, clock: TestClock())
      let url = server.url("/cacheable.png")

      _ = try await download.picture(at: url)
      // The disk tier's copy gone (evicted), the next picture is downloaded again, not answered
      // by a URL cache holding what the server called cacheable for a day.
      let file = try #require(await images.cacheFileURL(for: url))
      try FileManager.default.removeItem(at: file)
      _ = try await download.picture(at: url)

      #expect(await server.requests("/cacheable.png") == 2)
      #expect(PictureDownload.makeSession().configuration.urlCache == nil)
    }
  }
}
