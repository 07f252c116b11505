import APODSearch
import APODTestSupport
import Foundation
import Networking
import Testing
import TextCleaning

@testable import NASA

/// `<repo>/../shared/fixtures/apod/corpus.json`: real payloads copied from public repositories.
/// A user's clone has no `../shared`, so these tests skip when the file is absent
/// (`SPACER_APOD_CORPUS` names it for a checkout in another folder, a worktree).
private enum SharedCorpus {
  static let url: URL? = {
    if let path = ProcessInfo.processInfo.environment["SPACER_APOD_CORPUS"] {
      return FileManager.default.fileExists(atPath: path) ? URL(fileURLWithPath: path) : nil
    }
    let repository = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let file = repository.deletingLastPathComponent()
      .appendingPathComponent("shared/fixtures/apod/corpus.json")
    return FileManager.default.fileExists(atPath: file.path) ? file : nil
  }()

  static func root() throws -> [String: Any] {
    let data = try Data(contentsOf: try #require(url))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  /// The `data` objects of one list, re-serialised one by one.
  static func payloads(_ key: String) throws -> [Data] {
    let items = try #require(try root()[key] as? [[String: Any]])
    return try items.map { try JSONSerialization.data(withJSONObject: try #require($0["data"])) }
  }

  /// `(status, body)` of every captured error, v1 and apod-basic.
  static func errors() throws -> [(status: Int, body: Data, origin: String)] {
    let root = try root()
    return try ["errors", "apod_basic_v2_errors"].flatMap { key in
      try (root[key] as? [[String: Any]] ?? []).map { item in
        (
          try #require(item["http_status"] as? Int),
          try JSONSerialization.data(withJSONObject: try #require(item["body"])), key
        )
      }
    }
  }
}

private let now = utc("2026-11-21T15:00:00Z")

@Suite(
  "Shared corpus of real payloads",
  .enabled(if: SharedCorpus.url != nil, "../shared/fixtures/apod/corpus.json is absent"))
struct SharedCorpusTests {
  @Test func everyV1EntryDecodesCleanly() throws {
    let payloads = try SharedCorpus.payloads("entries")
    #expect(payloads.count >= 50)
    for payload in payloads {
      let apod = try APOD.decode(payload)
      let raw = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
      #expect(apod.date.iso == raw["date"] as? String)
      #expect(apod.source == .v1)
      #expect(apod.pageURL.absoluteString == "https://apod.nasa.gov/apod/ap\(apod.date.yymmdd).html")
      for text in [apod.title, apod.explanation, apod.copyright ?? ""] {
        #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
        #expect(!text.contains("\u{FFFD}"))
        #expect(text == text.trimmingCharacters(in: .whitespacesAndNewlines))
      }
      #expect(apod.copyright?.contains("\n") != true)
      for url in [apod.imageURL, apod.hdImageURL].compactMap(\.self) {
        #expect(url.scheme == "https")
      }
      switch apod.mediaType {
      case .image:
        #expect(apod.imageURL != nil)
        #expect(apod.hdImageURL != nil)
      case .other:
        #expect(apod.imageURL == nil)
        #expect(apod.videoURL == nil)
      case .video:
        #expect(apod.videoURL != nil)
      default:
        Issue.record("unexpected media type \(apod.mediaType) on \(apod.date)")
      }
    }
  }

  @Test func allV1EntriesDecodeAsOneListWithNothingDropped() throws {
    let objects = try SharedCorpus.payloads("entries").map { try JSONSerialization.jsonObject(with: $0) }
    let list = try APODList.decode(try JSONSerialization.data(withJSONObject: objects))
    #expect(list.items.count == objects.count)
    #expect(list.droppedCount == 0)
  }

  /// The legacy address may answer in either shape after the migration: one array holding both
  /// is read element by element, each by the rules of its own shape.
  @Test func anArrayMixingBothShapesIsReadElementByElementInItsOwnShape() throws {
    let v1 = try SharedCorpus.payloads("entries")
    let basic = try SharedCorpus.payloads("apod_basic_v2_samples")
    let objects = try (basic + v1).map { try JSONSerialization.jsonObject(with: $0) }
    let list = try APODList.decode(try JSONSerialization.data(withJSONObject: objects))
    #expect(list.droppedCount == 0)
    #expect(list.items.prefix(basic.count).allSatisfy { $0.source == .apodBasic })
    #expect(list.items.dropFirst(basic.count).allSatisfy { $0.source == .v1 })
    #expect(list.items.allSatisfy { $0.copyright?.contains("<") != true })
  }

  @Test func everyApodBasicSampleDecodesWithTheImageFromHdurl() throws {
    for payload in try SharedCorpus.payloads("apod_basic_v2_samples") {
      let apod = try APOD.decode(payload)
      let raw = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
      #expect(apod.source == .apodBasic)
      #expect(apod.pageURL.absoluteString == raw["permalink"] as? String)
      #expect(apod.imageURL?.host == "assets.science.nasa.gov")
      #expect(apod.imageURL != apod.url)
      #expect(!apod.explanation.hasPrefix("Explanation"))
      #expect(!apod.explanation.contains("Tomorrow"))
      #expect(!apod.explanation.contains("<"))
      #expect(apod.copyright?.contains("<") != true)
    }
  }

  @Test func everyLinkedCreditKeepsItsLinksAndSaysWhatThePlainCreditSays() throws {
    var linked = 0
    for payload in try SharedCorpus.payloads("entries") + SharedCorpus.payloads("apod_basic_v2_samples") {
      let apod = try APOD.decode(payload)
      let raw = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
      for (field, runs, words) in [
        ("credit", apod.creditRuns, apod.credit), ("copyright", apod.copyrightRuns, apod.copyright),
      ] {
        let html = raw[field] as? String ?? ""
        guard html.contains("<a ") else {
          #expect(runs == nil, "\(apod.date) \(field)")
          continue
        }
        let kept = try #require(runs, "\(apod.date) \(field): a linked credit lost its links")
        linked += 1
        #expect(kept.map(\.text).joined() == words, "\(apod.date) \(field)")
        #expect(kept.allSatisfy { $0.link.map { $0.scheme == "https" || $0.scheme == "http" } ?? true })
      }
      #expect(apod.creditAttribution.isPublicDomain == (apod.credit == nil && apod.copyright == nil))
    }
    #expect(linked > 0, "the corpus has linked credits: none was read")
  }

  /// Translate hands over `APODText.explanationBody`: none of these real explanations carries a
  /// credit line, header or footer, so each must reach it whole (the rule never eats the author's
  /// words), and every apod-basic sample loses only its label and teaser.
  @Test func everyRealExplanationReachesTranslateWhole() throws {
    var compared = 0
    for payload in try SharedCorpus.payloads("entries") + SharedCorpus.payloads("apod_basic_v2_samples") {
      let apod = try APOD.decode(payload)
      // Whole, except the list of translations a page may end with (links, not the author's words).
      let authors = apod.explanation.components(separatedBy: "APOD in world languages:")[0]
      let expected = authors.trimmingCharacters(in: .whitespacesAndNewlines)
      #expect(APODText.explanationBody(apod.explanation) == expected, "\(apod.date.iso)")
      if !apod.explanation.isEmpty { compared += 1 }
    }
    #expect(compared >= 50)
  }

  /// The detail shows and search indexes `explanationText`: every real explanation whole, but for
  /// the list of translations one ends with, whose words no search finds.
  @Test func everyRealExplanationIsShownAndSearchedWithoutTheListOfTranslations() throws {
    let apods = try (SharedCorpus.payloads("entries") + SharedCorpus.payloads("apod_basic_v2_samples"))
      .map { try APOD.decode($0) }
    var lists = 0
    for apod in apods {
      let parts = apod.explanation.components(separatedBy: "APOD in world languages:")
      if parts.count > 1 { lists += 1 }
      #expect(
        apod.explanationText == parts[0].trimmingCharacters(in: .whitespacesAndNewlines), "\(apod.date.iso)")
    }
    #expect(lists > 0, "the corpus has a list of translations: none was read")
    let index = APODSearchIndex(apods)
    for language in ["Montenegrin", "Bulgarian", "Slovenian", "Taiwanese"] {
      #expect(index.search(language).isEmpty, "\(language)")
    }
  }

  @Test func everyErrorBodyMapsToTheRightCaseAndMessage() throws {
    let errors = try SharedCorpus.errors()
    #expect(errors.count >= 7)
    for (status, body, origin) in errors {
      let error = try #require(HTTPError(statusCode: status, headers: [:], body: body, now: now))
      let code =
        (try? JSONSerialization.jsonObject(with: body) as? [String: Any])
        .flatMap { $0["error"] as? [String: Any] }?["code"] as? String
      switch (status, code) {
      case (400, _):
        guard case .badRequest = error else { throw CorpusMismatch(status: status, error: error) }
      case (403, "API_KEY_MISSING"):
        #expect(error == .apiKeyMissing)
      case (403, let code?):
        #expect(error == .apiKeyInvalid(code: code))
      case (404, _):
        guard case .notFound = error else { throw CorpusMismatch(status: status, error: error) }
        // For the current APOD day a 404 means "not published yet", for a past day "no APOD".
        #expect(
          SourceSupport.mapped(error, day: day("2026-11-21"), now: now) == .notPublishedYet(day("2026-11-21"))
        )
        #expect(SourceSupport.mapped(error, day: day("1995-06-17"), now: now) == .noAPOD(day("1995-06-17")))
      case (429, _):
        #expect(error == .rateLimited(retryAt: nil))
      default:
        Issue.record("no expectation for status \(status) from \(origin)")
      }
      #expect(!APODError.network(error).message(now: now).isEmpty)
    }
  }
}

private struct CorpusMismatch: Error, CustomStringConvertible {
  var status: Int
  var error: HTTPError
  var description: String { "status \(status) mapped to \(error)" }
}
