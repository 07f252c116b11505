import Foundation
import ImageCache
import ImageTestSupport
import NASA
import TestSupport
import Testing
import ViewerCore

@testable import TodayCore

/// Answers every download with a picture and counts them: a thumbnail that downloads would show.
private actor CountingPictureHost: ImageDownloading {
  private(set) var downloads: [URL] = []
  let bytes: Data

  init(bytes: Data) { self.bytes = bytes }

  func download(_ url: URL) async throws(ImagePipelineError) -> Data {
    downloads.append(url)
    return bytes
  }
}

/// A past year's card on Today shows its picture only from what the phone holds: the row never
/// downloads (issue 31). A real pipeline over a temporary folder.
@MainActor
@Suite("Today: past years' thumbnails come from saved pictures only", .timeLimit(.minutes(5)))
struct PastYearThumbnailTests {
  private static func year(_ iso: String) throws -> PastYear {
    let day = try APODDay(iso: iso)
    let picture = URL(string: "https://apod.nasa.gov/apod/image/\(iso).jpg")!
    let apod = APOD(
      date: day, title: "A past year", explanation: "", mediaType: .image, url: picture, hdurl: picture,
      pageURL: APOD.legacyPageURL(for: day), source: .v1)
    return PastYear(day: day, content: .picture(apod))
  }

  /// The card's model, as the row builds it.
  private static func thumbnail(_ year: PastYear, _ pipeline: ImagePipeline) -> ThumbnailModel {
    ThumbnailModel(
      url: year.thumbnailURL, size: PastYear.thumbnailSize, loader: pipeline, source: PastYear.thumbnailSource
    )
  }

  @Test func aSavedPictureShowsAndAMissingOneIsNeverDownloaded() async throws {
    let bytes = ImageFixtures.jpeg(width: 1_024, height: 768)
    let host = CountingPictureHost(bytes: bytes)
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let pipeline = makePipeline(directory, downloader: host)
    let saved = try Self.year("2024-11-21")
    let missing = try Self.year("2023-11-21")
    await pipeline.keepOriginal(bytes, for: try #require(saved.thumbnailURL))

    let held = Self.thumbnail(saved, pipeline)
    let notHeld = Self.thumbnail(missing, pipeline)
    await held.load()
    await notHeld.load()

    if case .image(let image) = held.display {
      #expect(image.pixelWidth > 0)
    } else {
      Issue.record("the saved picture did not show: \(held.display)")
    }
    #expect(notHeld.display == .noImage)
    #expect(await host.downloads == [])
  }

  @Test func aYearWithoutAPictureHasNoThumbnail() throws {
    let day = try APODDay(iso: "2022-11-21")
    #expect(PastYear(day: day, content: .noPicture).thumbnailURL == nil)
    #expect(PastYear(day: day, content: .failed(.notCached)).thumbnailURL == nil)
  }
}
