import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `timeout` covers the whole exchange of each attempt.
public struct HTTPRequest: Sendable, Hashable {
  public enum Accept: Sendable, Hashable {
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

  public func header(_ name: String) -> String? { storage[name.lowercased()] }

  public var headers: [String: String] { storage }
}

public protocol HTTPClienting: Sendable {
  /// Performs the request. Returns the response only for a 2xx status with a JSON body;
  /// everything else is thrown as an `HTTPError`.
  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse
}
