import Basics
import Foundation
import Localization
import Networking

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The pipeline owns caching, so implementations must not add a cache of their own.
public protocol ImageDownloading: Sendable {
  /// Cancelling the calling task ends the download at once with `.cancelled`.
  func download(_ url: URL) async throws(ImagePipelineError) -> Data

  func download(_ url: URL, allowsConstrainedNetwork: Bool) async throws(ImagePipelineError) -> Data

  /// The same body written to `file` (replaced) as it arrives, for a process that cannot hold a
  /// whole picture in memory (the widget); its byte count.
  func download(
    _ url: URL, toFile file: URL, allowsConstrainedNetwork: Bool
  ) async throws(ImagePipelineError)
    -> Int
}

extension ImageDownloading {
  public func download(_ url: URL, allowsConstrainedNetwork: Bool) async throws(ImagePipelineError) -> Data {
    try await download(url)
  }

  /// Downloaders without a streaming transport (test doubles) write what `download(_:)` gives.
  public func download(
    _ url: URL, toFile file: URL, allowsConstrainedNetwork: Bool
  ) async throws(ImagePipelineError) -> Int {
    let data = try await download(url, allowsConstrainedNetwork: allowsConstrainedNetwork)
    do {
      try data.write(to: file, options: .atomic)
    } catch {
      throw .http(.transport("the picture could not be written: \(error.localizedDescription)"))
    }
    return data.count
  }
}

/// Through `HTTPTransport`, so one failure reads the same on every screen; not `HTTPClient`, whose
/// quota, retry and outage rules guard the API key, which image hosts do not take.
public struct URLSessionImageDownloader: ImageDownloading {
  /// NASA HD images can be tens of megabytes.
  public static let defaultTimeout: Duration = .seconds(60)

  private let transport: HTTPTransport
  /// Internal: pinned by `ImageDefaultsTests`.
  let timeout: Duration

  /// Give `session` no `urlCache`: URLCache would keep a second copy the pipeline cannot evict or pin.
  public init(session: URLSession, timeout: Duration = defaultTimeout, clock: any Clocking) {
    self.transport = HTTPTransport(session: session, clock: clock)
    self.timeout = timeout
  }

  public func download(_ url: URL) async throws(ImagePipelineError) -> Data {
    try await download(url, allowsConstrainedNetwork: true)
  }

  public func download(_ url: URL, allowsConstrainedNetwork: Bool) async throws(ImagePipelineError) -> Data {
    let request = HTTPRequest(
      url: url, timeout: timeout, spendsSharedQuota: false, accept: .image,
      allowsConstrainedNetwork: allowsConstrainedNetwork)
    let response: HTTPResponse
    do {
      response = try await transport.send(request)
    } catch {
      throw ImagePipelineError(error)
    }
    // An HTML page for an image URL is a proxy or portal page, not a damaged image.
    if let contentType = response.header("Content-Type"), Self.isTextual(contentType) {
      throw .notAnImage(contentType: contentType)
    }
    return response.body
  }

  public func download(
    _ url: URL, toFile file: URL, allowsConstrainedNetwork: Bool
  ) async throws(ImagePipelineError) -> Int {
    let request = HTTPRequest(
      url: url, timeout: timeout, spendsSharedQuota: false, accept: .image,
      allowsConstrainedNetwork: allowsConstrainedNetwork)
    let response: HTTPResponse
    do {
      response = try await transport.send(request, bodyTo: file)
    } catch {
      throw ImagePipelineError(error)
    }
    if let contentType = response.header("Content-Type"), Self.isTextual(contentType) {
      try? FileManager.default.removeItem(at: file)
      throw .notAnImage(contentType: contentType)
    }
    let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
    return (attributes?[.size] as? NSNumber)?.intValue ?? 0
  }

  private static func isTextual(_ contentType: String) -> Bool {
    let type = contentType.lowercased()
    return type.hasPrefix("text/") || type.contains("json") || type.contains("xml")
  }
}
