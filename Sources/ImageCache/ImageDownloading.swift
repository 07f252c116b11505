import Foundation
import Localization
import Networking

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Fetches the original bytes of an image. The pipeline owns caching, so implementations must
/// not add a cache of their own.
public protocol ImageDownloading: Sendable {
  /// The body of a 2xx response, or a specific error. Cancelling the calling task cancels the
  /// transfer.
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

/// Downloads image bytes with `URLSession` (bytes, not JSON: the JSON `HTTPClient` is not used).
///
/// Status and content type are checked here; the bytes themselves are checked by the pipeline.
public struct URLSessionImageDownloader: ImageDownloading {
  private let session: URLSession
  private let timeout: TimeInterval

  /// - Parameters:
  ///   - session: give it a configuration with `urlCache = nil`: the pipeline's disk tier is the
  ///     cache, and URLCache would keep a second copy it cannot evict or pin.
  ///   - timeout: for the whole exchange; NASA HD images can be several megabytes.
  public init(session: URLSession, timeout: Duration = .seconds(60)) {
    self.session = session
    let parts = timeout.components
    self.timeout = Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }

  public func download(_ url: URL) async throws(ImagePipelineError) -> Data {
    try await download(url, allowsConstrainedNetwork: true)
  }

  public func download(_ url: URL, allowsConstrainedNetwork: Bool) async throws(ImagePipelineError) -> Data {
    var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
    request.setValue("image/*", forHTTPHeaderField: "Accept")
    #if canImport(Darwin)
      // Low Data Mode: Foundation refuses the request on a constrained-only network. (Linux's
      // Foundation has no such setting, nor constrained networks.)
      request.allowsConstrainedNetworkAccess = allowsConstrainedNetwork
    #endif
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await session.data(for: request)
    } catch {
      throw Self.map(error)
    }
    guard let http = response as? HTTPURLResponse else {
      throw .http(.transport(Localized.text("The response was not HTTP.")))
    }
    let contentType = http.value(forHTTPHeaderField: "Content-Type")
    switch http.statusCode {
    case 200...299:
      // An HTML page for an image URL is a proxy or portal page, not a damaged image.
      if let contentType, Self.isTextual(contentType) {
        throw .notAnImage(contentType: contentType)
      }
      return data
    case 404, 410:
      throw .http(.notFound(message: nil))
    case 429:
      throw .http(.rateLimited(retryAt: nil))
    case 500...599:
      throw .http(.server(statusCode: http.statusCode))
    default:
      throw .http(.unexpectedStatus(http.statusCode))
    }
  }

  private static func isTextual(_ contentType: String) -> Bool {
    let type = contentType.lowercased()
    return type.hasPrefix("text/") || type.contains("json") || type.contains("xml")
  }

  private static func map(_ error: any Error) -> ImagePipelineError {
    if error is CancellationError { return .cancelled }
    guard let urlError = error as? URLError else {
      return .http(.transport(String(describing: error)))
    }
    #if canImport(Darwin)
      if urlError.networkUnavailableReason == .constrained { return .lowDataMode }
    #endif
    switch urlError.code {
    case .cancelled:
      return .cancelled
    case .timedOut:
      return .http(.timedOut)
    case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff:
      return .http(.offline)
    case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed:
      return .http(.transport(Localized.text("The image server could not be reached.")))
    case .networkConnectionLost:
      return .http(.transport(Localized.text("The connection was lost before the image arrived.")))
    default:
      return .http(.transport(urlError.localizedDescription))
    }
  }
}
