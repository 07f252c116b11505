import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A GET request. Sources build these for JSON, the image pipeline for image bytes; the transport
/// sets `Accept` from `accept` and applies `timeout` to the whole exchange of each attempt.
public struct HTTPRequest: Sendable, Hashable {
  /// What a 2xx body must be for the response to be usable.
  public enum Accept: Sendable, Hashable {
    /// JSON (declared or sniffed): the APOD services.
    case json
    /// Image bytes, whatever the format; the image pipeline checks the bytes themselves.
    case image

    var headerValue: String {
      switch self {
      case .json: "application/json"
      case .image: "image/*"
      }
    }
  }

  public var url: URL
  public var headers: [String: String]
  public var timeout: Duration
  /// Whether the request spends a shared quota that the local budget protects (a v1 API key
  /// shared by every user). Keyless feeds and servers on this machine set it to false.
  public var spendsSharedQuota: Bool
  public var accept: Accept
  /// Whether the transfer may use a network the user marked as constrained (Low Data Mode). When
  /// it may not and no other network is up, it fails with `.lowDataMode`.
  public var allowsConstrainedNetwork: Bool

  public init(
    url: URL, headers: [String: String] = [:], timeout: Duration = .seconds(15),
    spendsSharedQuota: Bool = true, accept: Accept = .json, allowsConstrainedNetwork: Bool = true
  ) {
    self.url = url
    self.headers = headers
    self.timeout = timeout
    self.spendsSharedQuota = spendsSharedQuota
    self.accept = accept
    self.allowsConstrainedNetwork = allowsConstrainedNetwork
  }
}

/// A complete HTTP response. Header lookup is case-insensitive because the NASA gateway
/// sends both `X-RateLimit-Remaining` and `X-Ratelimit-Remaining`.
public struct HTTPResponse: Sendable, Hashable {
  public var statusCode: Int
  public var body: Data
  private var storage: [String: String]

  public init(statusCode: Int, headers: [String: String], body: Data) {
    self.statusCode = statusCode
    self.body = body
    self.storage = Dictionary(
      headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
  }

  /// The value of a header field, matched case-insensitively.
  public func header(_ name: String) -> String? { storage[name.lowercased()] }

  /// All header fields, names lower-cased.
  public var headers: [String: String] { storage }
}

/// Anything that performs a JSON GET: the live `HTTPClient`, or a fake in tests.
///
/// Implementations throw only `HTTPError`, so callers can switch exhaustively on what went wrong.
public protocol HTTPClienting: Sendable {
  /// Performs the request. Returns the response only for a 2xx status with a JSON body;
  /// everything else is thrown as an `HTTPError`.
  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse
}
