import ArgumentParser
import Foundation
import NASA

/// Writes to standard error: notes that explain what was served, and failures.
enum Console {
  static func note(_ text: String) {
    FileHandle.standardError.write(Data("spacer: \(text)\n".utf8))
  }

  /// Runs `body`; an `APODError` becomes one specific line on stderr and exit status 1
  /// (never a stack trace).
  static func reportingFailure<T>(_ body: () async throws(APODError) -> T) async throws -> T {
    do {
      return try await body()
    } catch {
      FileHandle.standardError.write(Data("spacer: error: \(error.message)\n".utf8))
      throw ExitCode.failure
    }
  }
}

/// Renders APODs for people (default) or as JSON (`--json`), and explains on stderr when the
/// content came from the cache or is not today's.
struct APODPrinter {
  let json: Bool
  let now: Date

  func print(_ result: APODResult) {
    explain(freshness: result.freshness, cachedAt: result.cachedAt, notice: result.notice)
    if json {
      emit(APODRecord(result.apod, cachedAt: result.cachedAt))
    } else {
      Swift.print(human(result.apod, cachedAt: result.cachedAt))
    }
  }

  func print(_ result: ExploreResult) {
    explain(freshness: result.freshness, cachedAt: result.cachedAt, notice: nil)
    if result.droppedCount > 0 {
      Console.note("\(result.droppedCount) entries could not be read and were left out.")
    }
    if json {
      emit(result.entries.map { APODRecord($0.apod, cachedAt: $0.cachedAt) })
    } else if result.items.isEmpty {
      Swift.print("No pictures for these days.")
    } else {
      Swift.print(result.items.map(line).joined(separator: "\n"))
    }
  }

  // MARK: Notes

  private func explain(freshness: Freshness, cachedAt: Date?, notice: APODNotice?) {
    if let notice {
      Console.note(notice.message)
    }
    if let message = freshness.message(now: now) {
      Console.note(message)
    } else if let cachedAt {
      Console.note(
        "served from the cache saved \(Freshness.age(from: cachedAt, to: now)); nothing newer exists yet.")
    }
  }

  // MARK: JSON

  private func emit(_ value: some Encodable) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    // Encoding these plain records cannot fail; fall back to an empty object rather than crash.
    let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
    Swift.print(String(decoding: data, as: UTF8.self))
  }

  // MARK: Human

  private func human(_ apod: APOD, cachedAt: Date?) -> String {
    var lines = [apod.title.isEmpty ? "(untitled)" : apod.title]
    var meta = [apod.date.iso, apod.mediaType.rawValue]
    if let copyright = apod.copyright { meta.append("© \(copyright)") }
    lines.append(meta.joined(separator: " · "))
    lines.append("")
    let links: [(String, URL?)] = [
      ("Image", apod.imageURL), ("HD image", apod.hdImageURL), ("Video", apod.videoURL),
      ("Page", apod.pageURL),
    ]
    for (label, url) in links {
      if let url {
        lines.append("\(label):".padding(toLength: 10, withPad: " ", startingAt: 0) + url.absoluteString)
      }
    }
    let origin = cachedAt.map { "cached \(Freshness.age(from: $0, to: now))" } ?? "fetched now"
    lines.append(
      "Source:".padding(toLength: 10, withPad: " ", startingAt: 0) + "\(apod.source.rawValue), \(origin)")
    if !apod.explanation.isEmpty {
      lines.append("")
      lines.append(Self.wrap(apod.explanation, width: 78))
    }
    return lines.joined(separator: "\n")
  }

  private func line(_ apod: APOD) -> String {
    let kind = apod.mediaType.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)
    return "\(apod.date.iso)  \(kind)  \(apod.title.isEmpty ? "(untitled)" : apod.title)"
  }

  /// Greedy word wrap, keeping the explanation's own paragraph breaks.
  static func wrap(_ text: String, width: Int) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { paragraph in
      var lines: [String] = []
      var current = ""
      for word in paragraph.split(separator: " ") {
        if !current.isEmpty, current.count + 1 + word.count > width {
          lines.append(current)
          current = ""
        }
        current += current.isEmpty ? String(word) : " \(word)"
      }
      lines.append(current)
      return lines.joined(separator: "\n")
    }.joined(separator: "\n")
  }
}

/// The `--json` shape: stable keys, `null` for what is unknown.
struct APODRecord: Encodable {
  let date: String
  let title: String
  let mediaType: String
  let explanation: String
  let copyright: String?
  let imageURL: URL?
  let hdImageURL: URL?
  let videoURL: URL?
  let pageURL: URL
  let alt: String?
  let source: String
  let freshness: String
  let cachedAt: Date?

  init(_ apod: APOD, cachedAt: Date?) {
    date = apod.date.iso
    title = apod.title
    mediaType = apod.mediaType.rawValue
    explanation = apod.explanation
    copyright = apod.copyright
    imageURL = apod.imageURL
    hdImageURL = apod.hdImageURL
    videoURL = apod.videoURL
    pageURL = apod.pageURL
    alt = apod.alt
    source = apod.source.rawValue
    freshness = cachedAt == nil ? "fresh" : "cached"
    self.cachedAt = cachedAt
  }

  enum CodingKeys: String, CodingKey {
    case date, title, mediaType, explanation, copyright, imageURL, hdImageURL, videoURL, pageURL, alt,
      source, freshness, cachedAt
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(date, forKey: .date)
    try container.encode(title, forKey: .title)
    try container.encode(mediaType, forKey: .mediaType)
    try container.encode(explanation, forKey: .explanation)
    // Optional values are written as explicit nulls so every key is always present.
    try container.encode(copyright, forKey: .copyright)
    try container.encode(imageURL, forKey: .imageURL)
    try container.encode(hdImageURL, forKey: .hdImageURL)
    try container.encode(videoURL, forKey: .videoURL)
    try container.encode(pageURL, forKey: .pageURL)
    try container.encode(alt, forKey: .alt)
    try container.encode(source, forKey: .source)
    try container.encode(freshness, forKey: .freshness)
    try container.encode(cachedAt, forKey: .cachedAt)
  }
}
