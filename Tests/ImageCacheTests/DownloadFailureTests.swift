import Foundation
import ImageCache
import ImageTestSupport
import Networking
import TestServer
import TestSupport
import Testing

@Suite("Download failures are specific and never cached", .timeLimit(.minutes(5)))
struct DownloadFailureTests {
  private func failure(
    for stub: StubResponse, path: String = "/image.jpg"
  ) async throws -> (error: ImagePipelineError?, pipeline: ImagePipeline, url: URL) {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await ImageServer.start()
    await server.server.route(path) { _ in stub }
    let pipeline = makePipeline(directory)
    let url = server.url(path)
    var caught: ImagePipelineError?
    do {
      _ = try await pipeline.image(for: url, size: .preview)
    } catch {
      caught = error
    }
    await server.stop()
    return (caught, pipeline, url)
  }

  @Test func notFoundIsNotFound() async throws {
    let result = try await failure(for: StubResponse(status: 404))
    #expect(result.error == .http(.notFound(message: nil)))
    #expect(result.error?.message == "This image is no longer on NASA's server.")
    #expect(await result.pipeline.isCached(result.url) == false)
  }

  @Test func notFoundWithAnHTMLPageIsStillNotFound() async throws {
    let result = try await failure(for: .html(ImageFixtures.htmlErrorPage, status: 404))
    #expect(result.error == .http(.notFound(message: nil)))
  }

  @Test func htmlPageWithStatus200IsNotAnImage() async throws {
    let result = try await failure(for: .html(ImageFixtures.htmlErrorPage, status: 200))
    #expect(result.error == .notAnImage(contentType: "text/html"))
    #expect(result.error?.message == "The server sent a page (text/html) instead of the image.")
    #expect(await result.pipeline.cachedData(for: result.url) == nil)
  }

  @Test func htmlBodyLabelledAsAnImageIsNotAnImage() async throws {
    let stub = StubResponse.bytes(Data(ImageFixtures.htmlErrorPage.utf8), contentType: "image/jpeg")
    let result = try await failure(for: stub)
    #expect(result.error == .notAnImage(contentType: nil))
  }

  /// What an old apod.nasa.gov picture link may answer after 2026-12-01: a 200 whose bytes are a
  /// JSON list or a plain-text error, labelled as anything. An error that says so, nothing cached.
  @Test func aJSONListForAPictureURLIsNotAnImageAndIsNotCached() async throws {
    let body = Data(#"[{"date":"2026-11-20","title":"Moved"}]"#.utf8)
    let result = try await failure(for: .bytes(body, contentType: "application/octet-stream"))
    #expect(result.error == .notAnImage(contentType: nil))
    #expect(result.error?.message.isEmpty == false)
    #expect(await result.pipeline.cachedData(for: result.url) == nil)
    #expect(await result.pipeline.statistics().diskFileCount == 0)
  }

  @Test func aPlainTextErrorLabelledAsAnImageIsNotAnImageAndIsNotCached() async throws {
    let body = Data("Service Unavailable: the picture moved to science.nasa.gov\n".utf8)
    let result = try await failure(for: .bytes(body, contentType: "image/jpeg"))
    #expect(result.error == .notAnImage(contentType: nil))
    #expect(await result.pipeline.statistics().diskFileCount == 0)
  }

  @Test func serverErrorKeepsItsStatus() async throws {
    let result = try await failure(for: .html("<h1>Bad gateway</h1>", status: 502))
    #expect(result.error == .http(.server(statusCode: 502)))
  }

  @Test func damagedBytesAreUndecodableAndNotStored() async throws {
    let bytes = ImageFixtures.png(width: 20, height: 20)
    let stub = StubResponse.bytes(bytes.prefix(bytes.count - 20), contentType: "image/png")
    let result = try await failure(for: stub)
    #expect(result.error == .undecodable(.truncated(.png)))
    #expect(await result.pipeline.statistics().diskFileCount == 0)
  }

  @Test func connectionDroppedMidBodyIsATransportErrorAndNotStored() async throws {
    let bytes = ImageFixtures.png(width: 100, height: 100)
    var stub = StubResponse.bytes(bytes, contentType: "image/png")
    stub.truncatedTo = bytes.count / 2
    let result = try await failure(for: stub)
    guard case .http(.transport) = result.error else {
      Issue.record("expected a transport error, got \(String(describing: result.error))")
      return
    }
    #expect(await result.pipeline.statistics().diskFileCount == 0)
  }

  @Test func unsupportedSchemeIsRefusedBeforeAnyRequest() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let pipeline = makePipeline(directory)
    let url = URL(string: "file:///etc/passwd")!
    await #expect(throws: ImagePipelineError.unsupportedURL("file:///etc/passwd")) {
      try await pipeline.image(for: url, size: .thumbnail)
    }
    #expect(await pipeline.statistics().downloadsStarted == 0)
  }

  @Test func failedDownloadIsRetriedOnTheNextRequest() async throws {
    try await withServedImages { server, directory in
      await server.server.route("/flaky.png") { _ in StubResponse(status: 503) }
      let pipeline = makePipeline(directory)
      let url = server.url("/flaky.png")
      await #expect(throws: ImagePipelineError.http(.server(statusCode: 503))) {
        try await pipeline.image(for: url, size: .preview)
      }

      await server.serve("/flaky.png", ImageFixtures.png(width: 8, height: 8))
      let image = try await pipeline.image(for: url, size: .preview)
      #expect(image.pixelWidth == 8)
      #expect(await server.requests("/flaky.png") == 2)
    }
  }

  @Test func aSilentServerTimesOutOnThePipelinesDeadlineClockAndNothingIsCached() async throws {
    try await withServedImages { server, directory in
      let deadlines = TestClock()
      let pipeline = makePipeline(directory, clock: deadlines)

      // The app's deadline (a minute), to the second, on the pipeline's clock, not the machine's.
      try await expectSilenceTimesOutAtTheMinute(
        "/silent.png", contentType: "image/png", on: server, deadlines: deadlines
      ) { url throws(ImagePipelineError) in
        _ = try await pipeline.image(for: url, size: .preview)
      }
      #expect(await pipeline.isCached(server.url("/silent.png")) == false)
    }
  }
}
