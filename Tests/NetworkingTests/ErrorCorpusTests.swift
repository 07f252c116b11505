import Foundation
import Networking
import Testing

/// An extra check against the real error bodies captured in `../shared/fixtures/apod/corpus.json`.
/// A user's clone has no `../shared`, so the suite skips when the file is absent.
@Suite(.enabled(if: ErrorCorpus.url != nil, "../shared/fixtures/apod/corpus.json is absent"))
struct ErrorCorpusTests {
  @Test func everyCapturedErrorBodyMapsToTheCaseItsStatusAndCodeName() throws {
    let entries = try ErrorCorpus.load()
    #expect(entries.count >= 7)
    for entry in entries {
      let error = try #require(
        HTTPError(statusCode: entry.status, headers: [:], body: entry.body, now: ErrorFixture.now))
      let message = error.userMessage(now: ErrorFixture.now)
      switch (entry.status, entry.gatewayCode) {
      case (403, "API_KEY_MISSING"):
        #expect(error == .apiKeyMissing)
        #expect(message.contains("No NASA API key was sent"))
      case (403, let code?):
        #expect(error == .apiKeyInvalid(code: code))
        #expect(message.contains("API key"))
      case (429, _):
        #expect(error == .rateLimited(retryAt: nil))
        #expect(message.contains("Try again"))
      case (400, _):
        #expect(error == .badRequest(message: entry.message))
        #expect(message.contains("1995"))
      case (404, _):
        #expect(error == .notFound(message: entry.message))
        #expect(message.hasPrefix("NASA has no picture for") || message.contains("could not find"))
      default:
        Issue.record("no expectation for status \(entry.status) in the corpus")
      }
    }
  }
}

/// The corpus's `errors[]` and `apod_basic_v2_errors[]`, read with JSONSerialization so the test
/// depends on nothing but the file.
enum ErrorCorpus {
  struct Entry {
    var status: Int
    var body: Data
    var gatewayCode: String?
    var message: String?
  }

  static let url: URL? = {
    let file = URL(fileURLWithPath: #filePath)
    let packageRoot = file.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let corpus = packageRoot.deletingLastPathComponent()
      .appending(path: "shared/fixtures/apod/corpus.json")
    return FileManager.default.fileExists(atPath: corpus.path) ? corpus : nil
  }()

  static func load() throws -> [Entry] {
    let data = try Data(contentsOf: try #require(url))
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let lists = ["errors", "apod_basic_v2_errors"].compactMap { root[$0] as? [[String: Any]] }
    return try lists.joined().map { item in
      let status = try #require(item["http_status"] as? Int)
      let body = try #require(item["body"] as? [String: Any])
      let gateway = body["error"] as? [String: Any]
      return Entry(
        status: status,
        body: try JSONSerialization.data(withJSONObject: body),
        gatewayCode: gateway?["code"] as? String,
        message: (body["msg"] as? String) ?? (body["message"] as? String))
    }
  }
}
