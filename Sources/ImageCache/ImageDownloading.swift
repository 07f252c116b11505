import Basics
import Foundation
import Localization
import Networking

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Fetches the original bytes of an image. The pipeline owns caching, so implementations must
/// not add a cache of their own.
public protocol ImageDownloading: Sendable {
  /// The body of a 2xx response, or a specific error. Cancelling the calling task ends the
  /// download at once with `.cancelled` (what becomes of the transfer: `TransferCancellation`).
  func download(_ url: URL) async throws(ImagePipelineError) -> Data

  /// The same, saying whether the transfer may use a network the user marked as constrained
  /// (Low Data Mode). When it may not and no other network is up, it fails with `.lowDataMode`.
  func download(_ url: URL, allowsConstrainedNetwork: Bool) async throws(ImagePipelineError) -> Data
}

extension ImageDownloading {
  /// Downloaders that know nothing of constrained networks ignore the setting.
  public func download(_ url: URL, allowsConstrainedNetwork: Bool) async throws(ImagePipelineError) -> Data {
    try await download(url)
  }
}

/// Downloads image bytes through Networking's `HTTPTransport`: the same exchange, deadline,
/// connection-failure mapping and status mapping as the JSON client, so one failure reads the
/// same on every screen. (Not `HTTPClient`: its quota, retry and outage rules guard the API key,
/// which image hosts do not take.)
///
/// The content type is checked here; the bytes themselves are checked by the pipeline.
///
/// The deadline is a wait on the injected clock, as for every HTTP exchange (`HTTPTransport`):
/// `SystemClock` in the app, a `TestClock` in tests, which decide when it passes instead of
/// racing it on a busy machine.
public struct URLSessionImageDownloader: ImageDownloading {
  /// The deadline of one image download: NASA HD images can be tens of megabytes.
  public static let defaultTimeout: Duration = .seconds(60)

  private let transport: HTTPTransport
  /// The deadline of each download (internal: pinned by `ImageDefaultsTests`).
  let timeout: Duration

  /// - Parameters:
  ///   - session: give it a configuration with `urlCache = nil`: the pipeline's disk tier is the
  ///     cache, and URLCache would keep a second copy it cannot evict or pin.
  ///   - timeout: for the whole exchange, measured on `clock`.
  ///   - clock: measures the deadline and anchors a `Retry-After` given in seconds.
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

  private static func isTextual(_ contentType: String) -> Bool {
    let type = contentType.lowercased()
    return type.hasPrefix("text/") || type.contains("json") || type.contains("xml")
  }
}
