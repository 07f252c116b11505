import Foundation
import NASA
import Networking
import TestSupport

/// An `HTTPClienting` that answers from a handler and records every request.
public actor FakeHTTPClient: HTTPClienting {
  public typealias Handler = @Sendable (HTTPRequest) -> Result<HTTPResponse, HTTPError>

  private let handler: Handler
  public private(set) var requests: [HTTPRequest] = []

  public init(_ handler: @escaping Handler) { self.handler = handler }

  public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    requests.append(request)
    return try handler(request).get()
  }

  public var requestCount: Int { requests.count }

  public var paths: [String] { requests.map(\.url.path) }
}

extension Result where Success == HTTPResponse, Failure == HTTPError {
  public static func json(_ text: String) -> Self {
    .success(
      HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: Data(text.utf8)))
  }
}

public func query(_ request: HTTPRequest) -> [String: String] {
  let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
  return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
}

/// The APOD a service's JSON `text` decodes to. The decoder reads whichever shape arrived;
/// this fails when the shape it recognised is not `shape`, the one the test says the fixture has.
public func decoded(_ text: String, _ shape: APODSourceKind) throws -> APOD {
  let apod = try APOD.decode(Data(text.utf8))
  guard apod.source == shape else { throw ShapeMismatch(expected: shape, recognised: apod.source) }
  return apod
}

/// A fixture read in another shape than the test expected.
public struct ShapeMismatch: Error, CustomStringConvertible {
  public let expected: APODSourceKind
  public let recognised: APODSourceKind

  public var description: String {
    "expected the \(expected.rawValue) shape, the decoder saw \(recognised.rawValue)"
  }
}

/// An instant written in UTC, for readable fixed clocks.
public func utc(_ text: String) -> Date {
  let formatter = ISO8601DateFormatter()
  formatter.formatOptions = [.withInternetDateTime]
  return formatter.date(from: text) ?? Date(timeIntervalSince1970: 0)
}

/// The APOD day written `YYYY-MM-DD` (the first APOD for a typo).
public func day(_ iso: String) -> APODDay {
  (try? APODDay(iso: iso)) ?? APODDay.first
}
