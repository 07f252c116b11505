import Basics
import Foundation
import Localization
import Networking

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A picture's original bytes, ready to leave the app (Share, Save to Photos), with the format
/// its bytes say they are.
public struct PictureFile: Sendable, Equatable {
  /// The original file, unchanged.
  public let data: Data
  /// Read from the bytes' signature, never from the URL: an APOD URL without an extension, or
  /// with the wrong one, still shares a GIF as a GIF (a GIF labelled JPEG loses its animation).
  public let format: ImageFormat

  /// The bytes, if they are a PNG, JPEG or GIF file; nil for anything else (an HTML page, JSON,
  /// random bytes).
  public init?(data: Data) {
    guard let format = ImageHeaderReader.format(of: data) else { return nil }
    self.data = data
    self.format = format
  }

  /// The extension receiving apps expect for this format.
  public var fileExtension: String {
    switch format {
    case .jpeg: "jpg"
    case .png: "png"
    case .gif: "gif"
    }
  }

  /// The Uniform Type Identifier of this format (what the share sheet labels the file with).
  public var typeIdentifier: String {
    switch format {
    case .jpeg: "public.jpeg"
    case .png: "public.png"
    case .gif: "com.compuserve.gif"
    }
  }

  /// A file name for the shared file: the day's title without the characters file systems and
  /// receiving apps refuse (`/ \ : * ? " < > |`, control characters), at most 80 characters,
  /// "Picture" when nothing is left, and the extension of the format the bytes are.
  public func fileName(title: String) -> String {
    let refused = CharacterSet(charactersIn: "/\\:*?\"<>|").union(.controlCharacters).union(.newlines)
    let cleaned = String(
      String.UnicodeScalarView(title.unicodeScalars.map { refused.contains($0) ? " " : $0 }))
    let words = cleaned.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let trimmed = String(words.prefix(80)).trimmingCharacters(in: CharacterSet(charactersIn: " ."))
    return "\(trimmed.isEmpty ? "Picture" : trimmed).\(fileExtension)"
  }
}

/// The one way Share and Save to Photos get a picture's original bytes: the image pipeline's disk
/// tier when it holds them, else one download through `HTTPTransport` (the same https rule,
/// deadline and error mapping as every other request, and no URL cache), and in both cases only
/// bytes that are a picture: an HTML or JSON page answered for a picture URL is an error with a
/// sentence, never a "picture" handed to another app. A downloaded picture is kept in the disk
/// tier, so Share then Save to Photos (or the viewer's HD afterwards) downloads it once.
public struct PictureDownload: Sendable {
  /// The deadline of one download: an HD APOD can be tens of megabytes.
  public static let defaultTimeout: Duration = URLSessionImageDownloader.defaultTimeout

  private let images: ImagePipeline
  private let downloader: any ImageDownloading

  /// - Parameters:
  ///   - images: the pipeline whose disk tier is read first and keeps what is downloaded.
  ///   - downloader: fetches the bytes the disk tier lacks.
  public init(images: ImagePipeline, downloader: any ImageDownloading) {
    self.images = images
    self.downloader = downloader
  }

  /// Downloads through `HTTPTransport` on a session of its own without a URL cache (the
  /// pipeline's disk tier is the cache), with `timeout` as the deadline measured on `clock`
  /// (`SystemClock` in the app; tests pass a `TestClock` and move it).
  public init(images: ImagePipeline, timeout: Duration = defaultTimeout, clock: any Clocking) {
    self.init(
      images: images,
      downloader: URLSessionImageDownloader(session: Self.makeSession(), timeout: timeout, clock: clock))
  }

  /// An ephemeral session with no URL cache: what `init(images:timeout:clock:)` downloads with.
  public static func makeSession() -> URLSession { .uncached() }

  /// The picture at `url`: the disk tier's copy when there is one (and it is a picture), else
  /// downloaded and then kept in the disk tier. NASA's `http://` URLs are upgraded to https first
  /// (`ImageURLPolicy`); any other plain-http host but loopback is refused by the transport.
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
  /// The same sentence as `message`, for code that only knows `LocalizedError` (the Photos saver
  /// shows it inside its own sentence).
  public var errorDescription: String? { message }
}
