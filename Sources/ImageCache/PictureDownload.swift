import Basics
import Foundation
import Localization
import Networking

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

public struct PictureFile: Sendable, Equatable {
  public let data: Data
  /// From the bytes' signature, never the URL: a GIF labelled JPEG loses its animation.
  public let format: ImageFormat

  public init?(data: Data) {
    guard let format = ImageHeaderReader.format(of: data) else { return nil }
    self.data = data
    self.format = format
  }

  public var fileExtension: String {
    switch format {
    case .jpeg: "jpg"
    case .png: "png"
    case .gif: "gif"
    }
  }

  public var typeIdentifier: String {
    switch format {
    case .jpeg: "public.jpeg"
    case .png: "public.png"
    case .gif: "com.compuserve.gif"
    }
  }

  /// Without the characters file systems and receiving apps refuse, at most 80 characters.
  public func fileName(title: String) -> String {
    let refused = CharacterSet(charactersIn: "/\\:*?\"<>|").union(.controlCharacters).union(.newlines)
    let cleaned = String(
      String.UnicodeScalarView(title.unicodeScalars.map { refused.contains($0) ? " " : $0 }))
    let words = cleaned.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let trimmed = String(words.prefix(80)).trimmingCharacters(in: CharacterSet(charactersIn: " ."))
    return "\(trimmed.isEmpty ? "Picture" : trimmed).\(fileExtension)"
  }
}

/// Only bytes that are a picture: an HTML or JSON page answered for a picture URL is an error, never
/// a "picture" handed to another app. A download is kept in the disk tier, so Share then Save to
/// Photos downloads it once.
public struct PictureDownload: Sendable {
  /// An HD APOD can be tens of megabytes.
  public static let defaultTimeout: Duration = URLSessionImageDownloader.defaultTimeout

  private let images: ImagePipeline
  private let downloader: any ImageDownloading

  public init(images: ImagePipeline, downloader: any ImageDownloading) {
    self.images = images
    self.downloader = downloader
  }

  public init(images: ImagePipeline, timeout: Duration = defaultTimeout, clock: any Clocking) {
    self.init(
      images: images,
      downloader: URLSessionImageDownloader(session: Self.makeSession(), timeout: timeout, clock: clock))
  }

  public static func makeSession() -> URLSession { .uncached() }

  public func picture(at url: URL) async throws(ImagePipelineError) -> PictureFile {
    let normalized = try ImageURLPolicy.normalized(url)
    if let cached = await images.cachedData(for: normalized), let picture = PictureFile(data: cached) {
      return picture
    }
    let data = try await downloader.download(normalized)
    if let picture = PictureFile(data: data) {
      await images.keepOriginal(data, for: normalized)
      return picture
    }
    if ImageHeaderReader.looksLikeText(data) { throw .notAnImage(contentType: nil) }
    throw .undecodable(.unrecognizedFormat)
  }
}

extension ImagePipelineError: LocalizedError {
  /// For code that only knows `LocalizedError` (the Photos saver shows it inside its own sentence).
  public var errorDescription: String? { message }
}
