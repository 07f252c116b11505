import Foundation
import NASA
import Networking
import TestSupport

/// An `HTTPClienting` that answers from a handler and records every request.
actor FakeHTTPClient: HTTPClienting {
  typealias Handler = @Sendable (HTTPRequest) -> Result<HTTPResponse, HTTPError>

  private let handler: Handler
  private(set) var requests: [HTTPRequest] = []

  init(_ handler: @escaping Handler) { self.handler = handler }

  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    requests.append(request)
    return try handler(request).get()
  }

  var requestCount: Int { requests.count }

  var paths: [String] { requests.map(\.url.path) }
}

extension Result where Success == HTTPResponse, Failure == HTTPError {
  static func json(_ text: String) -> Self {
    .success(
      HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: Data(text.utf8)))
  }
}

func query(_ request: HTTPRequest) -> [String: String] {
  let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
  return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
}

/// A fresh temporary folder, removed when the value goes away.
final class TemporaryDirectory: Sendable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("NASATests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }
}

/// Waits (a few milliseconds at a time) until `condition` holds. The 60-second bound only turns a
/// hang into a failure; a loaded 2-core CI machine can take seconds to schedule a task.
func eventually(_ condition: @Sendable () async -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + .seconds(60)
  while ContinuousClock.now < deadline {
    if await condition() { return true }
    try? await Task.sleep(for: .milliseconds(2))
  }
  return await condition()
}
