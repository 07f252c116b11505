import Basics
import Foundation
import ImageCache
import ImageTestSupport
import TestSupport
import Testing

/// A decoder that records how it was asked and how many decodes ran at once. Each decode stays
/// inside for a few milliseconds so that decodes allowed to overlap do overlap; the assertions
/// never depend on that time (one at a time is one at a time however long a decode takes).
private final class RecordingDecoder: ImageDecoding, Sendable {
  struct Record {
    var fromBytes = 0
    var fromFiles: [URL] = []
    var inside = 0
    var mostAtOnce = 0
  }
  let record = Locked(Record())

  func decode(_ data: Data, maxPixelSize: Int?) throws(ImageDecodingError) -> DecodedImage {
    record.withLock { $0.fromBytes += 1 }
    return try HeaderImageDecoder().decode(data, maxPixelSize: maxPixelSize)
  }

  func decodeFile(at url: URL, mapped: Data, maxPixelSize: Int) throws(ImageDecodingError) -> DecodedImage {
    record.withLock {
      $0.fromFiles.append(url)
      $0.inside += 1
      $0.mostAtOnce = max($0.mostAtOnce, $0.inside)
    }
    defer { record.withLock { $0.inside -= 1 } }
    Thread.sleep(forTimeInterval: 0.02)
    return try HeaderImageDecoder().decode(mapped, maxPixelSize: maxPixelSize)
  }
}

@Suite("The widget decodes from the file, one decode per picture at a time", .timeLimit(.minutes(5)))
struct WidgetDecodeTests {
  private static let sizes: [ImageSize] = [
    .widget(width: 170, height: 170, scale: 3), .widget(width: 364, height: 170, scale: 3),
    .widget(width: 364, height: 382, scale: 3),
  ]

  private func pipeline(_ directory: TemporaryDirectory, _ decoder: RecordingDecoder) -> ImagePipeline {
    ImagePipeline(
      directory: directory.url, session: makeSession(), decoder: decoder, clock: TestClock())
  }

  @Test func threeSizesDecodeFromTheDiskFileOneAfterAnotherAfterOneDownload() async throws {
    try await withServedImages { server, directory in
      let url = await server.serve(
        "/day.jpg", ImageFixtures.jpeg(width: 4_000, height: 3_000), contentType: "image/jpeg")
      let decoder = RecordingDecoder()
      let images = pipeline(directory, decoder)

      let decoded = try await withThrowingTaskGroup(of: DecodedImage.self) { group in
        for size in Self.sizes {
          group.addTask { try await images.widgetImage(for: url, size: size) }
        }
        return try await group.reduce(into: [DecodedImage]()) { $0.append($1) }
      }

      #expect(decoded.count == 3)
      #expect(await server.requests("/day.jpg") == 1)
      let record = decoder.record.withLock { $0 }
      #expect(record.fromBytes == 0, "a copy of the whole file was decoded")
      #expect(record.mostAtOnce == 1, "\(record.mostAtOnce) decodes of one picture ran at once")
      let file = try #require(await images.cacheFileURL(for: url))
      #expect(record.fromFiles == [file, file, file])
    }
  }

  @Test func aSnapshotNeverDownloadsAFileRemovedWhileAnotherSizeStaysInMemory() async throws {
    try await withServedImages { server, directory in
      let url = await server.serve(
        "/day.jpg", ImageFixtures.jpeg(width: 1_600, height: 900), contentType: "image/jpeg")
      let images = pipeline(directory, RecordingDecoder())
      _ = try await images.widgetImage(for: url, size: Self.sizes[0])
      // The app evicts the file; this process notices on its next read of it.
      try FileManager.default.removeItem(at: try #require(await images.cacheFileURL(for: url)))
      #expect(await images.cachedData(for: url) == nil)
      // What the snapshot used to check first: still true, from the small size in memory.
      #expect(await images.isCached(url))

      let medium = await images.cachedWidgetImage(for: url, size: Self.sizes[1])

      #expect(medium == nil)
      #expect(await server.requests("/day.jpg") == 1, "the snapshot downloaded the picture")
      // The size already decoded is still answered from memory.
      #expect(await images.cachedWidgetImage(for: url, size: Self.sizes[0]) != nil)
    }
  }

  @Test func aSnapshotDecodesAFileTheOtherProcessSavedWithoutARequest() async throws {
    try await withServedImages { server, directory in
      let url = await server.serve(
        "/day.jpg", ImageFixtures.jpeg(width: 1_600, height: 900), contentType: "image/jpeg")
      // The app saved the picture; the widget's pipeline over the same folder has never seen it.
      _ = try await pipeline(directory, RecordingDecoder()).image(for: url, size: .preview)
      let decoder = RecordingDecoder()
      let widget = pipeline(directory, decoder)

      let picture = try #require(await widget.cachedWidgetImage(for: url, size: Self.sizes[2]))

      #expect(picture.pixelWidth > 0)
      #expect(decoder.record.withLock { $0.fromFiles.count } == 1)
      #expect(await server.requests("/day.jpg") == 1)
    }
  }

  @Test func aFileAboveTheBoundIsRefusedBeforeItIsRead() async throws {
    try await withServedImages { server, directory in
      let bytes = ImageFixtures.png(width: 300, height: 200)
      let url = await server.serve("/big.png", bytes)
      let decoder = RecordingDecoder()
      let images = pipeline(directory, decoder)

      await #expect(throws: ImagePipelineError.tooLargeForWidget(bytes: bytes.count, limit: 100)) {
        try await images.widgetImage(for: url, size: Self.sizes[0], maxFileBytes: 100)
      }
      #expect(decoder.record.withLock { $0.fromFiles.isEmpty && $0.fromBytes == 0 })
      #expect(ImagePipelineError.tooLargeForWidget(bytes: 30 << 20, limit: 20 << 20).message.contains("30"))
    }
  }

  @Test func aDecodedSizeIsAnsweredFromMemoryAfterwards() async throws {
    try await withServedImages { server, directory in
      let url = await server.serve("/again.png", ImageFixtures.png(width: 800, height: 600))
      let decoder = RecordingDecoder()
      let images = pipeline(directory, decoder)

      let first = try await images.widgetImage(for: url, size: Self.sizes[2])
      let second = try await images.widgetImage(for: url, size: Self.sizes[2])

      #expect(first == second)
      #expect(decoder.record.withLock { $0.fromFiles.count } == 1)
    }
  }

  @Test func aDamagedFileIsRemovedAndReportedNotDrawn() async throws {
    try await withServedImages { server, directory in
      let whole = ImageFixtures.png(width: 800, height: 600)
      let url = await server.serve("/cut.png", whole)
      let images = pipeline(directory, RecordingDecoder())
      _ = try await images.widgetImage(for: url, size: Self.sizes[0])
      let file = try #require(await images.cacheFileURL(for: url))
      try whole.prefix(whole.count / 2).write(to: file)

      await #expect(throws: ImagePipelineError.undecodable(.truncated(.png))) {
        try await images.widgetImage(for: url, size: Self.sizes[1])
      }
      #expect(!FileManager.default.fileExists(atPath: file.path))
    }
  }
}
