import ArgumentParser
import Basics
import Foundation
import NASA
import ScreenCore

#if canImport(Glibc)
  import Glibc
#endif

/// A failed write to stdout is an error, not a silent loss.
enum Console {
  struct OutputError: Error, CustomStringConvertible {
    var reason: String
    var description: String {
      let trimmed = reason.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
      return "could not write the output (\(trimmed))."
    }
  }

  static func note(_ text: String) {
    FileHandle.standardError.write(Data("spacer: \(text)\n".utf8))
  }

  static func out(_ text: String) throws {
    do {
      try FileHandle.standardOutput.write(contentsOf: Data((text + "\n").utf8))
    } catch {
      throw OutputError(reason: (error as NSError).localizedDescription)
    }
  }

  /// The simulator prints with `print`; a failure is an error.
  static func flush() throws {
    if fflush(nil) != 0 {
      throw OutputError(reason: String(cString: strerror(errno)))
    }
  }

  struct Context {
    var day: APODDay?
    var customHosts: [String] = []
    var otherModeCache: URL?
    var demo = false
    /// Read when the message is written: a wait is counted from the answer, not from the command's start.
    var clock: any Clocking
  }

  /// Never a stack trace.
  static func reportingFailure<T>(
    _ context: Context, _ body: () async throws(APODError) -> T
  ) async throws -> T {
    do {
      return try await body()
    } catch {
      FileHandle.standardError.write(Data("spacer: error: \(message(for: error, context))\n".utf8))
      throw ExitCode.failure
    }
  }

  static func message(for error: APODError, _ context: Context) -> String {
    switch error {
    case .notCached:
      var text =
        "Nothing is saved for \(context.day?.iso ?? "these days") yet, and network use is off "
        + "(offline mode)."
      if let other = context.otherModeCache, hasSavedDays(in: other) {
        text +=
          context.demo
          ? " The real pictures have a cache of their own: run without --demo to see them."
          : " --demo keeps its own cache of sample data: add --demo to see it."
      }
      return text
    case .network(.circuitOpen):
      // The breaker's pause lives in this process, which ends now: promise no retry.
      return "NASA's servers failed several times in a row, so this run stopped asking them. "
        + "Nothing is retried after it ends: run the command again in a few minutes."
    case .network(.offline), .network(.transport), .network(.timedOut):
      guard !context.customHosts.isEmpty else { return error.message(now: context.clock.now) }
      let hosts = context.customHosts.joined(separator: " or ")
      return "Could not get an answer from \(hosts) (the server given with --base-url or "
        + "--basic-base-url): the connection was refused, interrupted or timed out. Is that server running?"
    default:
      return error.message(now: context.clock.now)
    }
  }

  private static func hasSavedDays(in folder: URL) -> Bool {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.contains { $0.hasPrefix("apod-day-") }
  }
}

struct APODPrinter {
  enum Request {
    case today
    case day
    case explore(days: Int)
  }

  let json: Bool
  let now: Date
  var request: Request = .day
  var choice: APODSourceChoice = .auto
  var context: Console.Context? = nil

  private var messageContext: Console.Context {
    context ?? Console.Context(clock: FixedInstantClock(now: now))
  }

  func print(_ result: APODResult) throws {
    explain(result)
    if json {
      try emit(APODRecord(result, now: now))
    } else {
      try Console.out(human(result.apod, cachedAt: result.cachedAt))
    }
  }

  func print(_ result: ExploreResult) throws {
    if let outcomes = result.refreshed {
      Console.note(refreshNote(outcomes, saved: result.entries.count))
    } else if let note = statusNote(
      freshness: result.freshness, cachedAt: result.cachedAt, notice: result.notice)
    {
      Console.note(note.text)
    }
    if result.droppedCount > 0 {
      Console.note("\(result.droppedCount) entries could not be read and were left out.")
    }
    if case .explore(let days) = request {
      let window = APODDay.lastDays(days, endingOn: APODDay.today(now: now)).count
      if !result.notReceived.isEmpty {
        Console.note(
          "\(result.notReceived.count) of the \(window) days asked for were not received: NASA's "
            + "service answered without them (a list of other days); they will be asked for again next time.")
      }
      let missing = window - result.entries.count - result.notReceived.count
      if missing > 0 {
        let why =
          result.freshness.isStale
          ? "they could not be fetched (see above); they will be asked for again next time"
          : "NASA has no picture for them (some days have none, and today's may not be out yet)"
        Console.note("\(missing) of the \(window) days asked for are missing: \(why).")
      }
    }
    if json {
      try emit(result.entries.map { APODRecord($0, now: now) })
    } else if result.items.isEmpty {
      try Console.out("No pictures for these days.")
    } else {
      try Console.out(result.items.map(line).joined(separator: "\n"))
    }
  }

  // MARK: Notes

  /// What `explore --refresh` found when every day of the window was saved.
  private func refreshNote(_ outcomes: [APODDay: RefreshOutcome], saved: Int) -> String {
    func count(_ outcome: RefreshOutcome) -> Int { outcomes.values.filter { $0 == outcome }.count }
    var found: [String] = []
    if count(.replaced) > 0 { found.append("\(count(.replaced)) differed and replaced the saved copies") }
    if count(.sameAsSaved) > 0 { found.append("\(count(.sameAsSaved)) unchanged") }
    if count(.keptSaved) > 0 {
      found.append("\(count(.keptSaved)) less complete than the saved copies, which were kept")
    }
    if saved > outcomes.count { found.append("\(saved - outcomes.count) not in its answer (kept as saved)") }
    return "every day was saved; --refresh asked the service for all \(saved) again: "
      + found.joined(separator: ", ") + "."
  }

  private func explain(_ result: APODResult) {
    if let refresh = result.refresh {
      // --refresh asked the service: say what it found, not that nothing was asked.
      let saved = Freshness.age(from: result.cachedAt ?? now, to: now)
      let service = result.apod.source.rawValue
      switch refresh {
      case .sameAsSaved:
        Console.note("--refresh asked \(service): its copy is the one saved \(saved), unchanged.")
      case .replaced:
        Console.note("--refresh asked \(service): its copy differed and replaced the saved one.")
      case .keptSaved:
        Console.note(
          "--refresh asked \(service): its copy was less complete than the one saved \(saved), which was kept."
        )
      }
      return
    }
    let note = statusNote(
      freshness: result.freshness, cachedAt: result.cachedAt, notice: result.notice,
      filledBy: result.apod.source.rawValue)
    if let note { Console.note(note.text) }
  }

  /// Follows the app's status line (`ContentStatus`); only the wording is the CLI's own: a stale copy
  /// from a --base-url server names it, and a saved copy says why no service was asked.
  func statusNote(
    freshness: Freshness, cachedAt: Date?, notice: APODNotice?, filledBy: String? = nil
  ) -> (kind: ContentStatus.Kind, text: String)? {
    guard
      let status = ContentStatus.describing(
        freshness: freshness, cachedAt: cachedAt, notice: notice, now: now)
    else { return nil }
    switch status.kind {
    case .stale:
      return (.stale, staleMessage(freshness) ?? status.message)
    case .notice:
      return (.notice, status.message)
    case .savedCurrent:
      return (
        .savedCurrent, savedNote(age: Freshness.age(from: cachedAt ?? now, to: now), filledBy: filledBy)
      )
    }
  }

  private func savedNote(age: String, filledBy: String?) -> String {
    let filled = filledBy.map { " (filled by \($0))" } ?? ""
    switch request {
    case .today:
      return "served from the cache saved \(age)\(filled): today's picture is saved, so nothing was "
        + "asked (--refresh asks again)."
    case .explore where filledBy == nil:
      return "served from the cache saved \(age); no new days were fetched (Explore asks at most once "
        + "per APOD day; --refresh asks again)."
    case .explore:
      return "served from the cache saved \(age)\(filled)."
    case .day:
      let notAsked = choice == .auto ? "no service was asked" : "--source \(choice.rawValue) was not asked"
      let by = filledBy.map { ", filled by \($0)" } ?? ""
      return "the cache answered (this day was saved \(age)\(by)); \(notAsked), since a saved day "
        + "never changes."
    }
  }

  private func staleMessage(_ freshness: Freshness) -> String? {
    guard case .stale(let since, let reason) = freshness else { return nil }
    let age = Freshness.age(from: since, to: now)
    switch reason {
    case .failing(.network(.circuitOpen(let retryAt))):
      return "Showing a copy from \(age). "
        + Console.message(for: .network(.circuitOpen(retryAt: retryAt)), messageContext)
    case .offline, .failing(.network(.transport)), .failing(.network(.timedOut)),
      .failing(.network(.offline)):
      guard !messageContext.customHosts.isEmpty else { break }
      return "Showing a copy from \(age). "
        + Console.message(for: .network(.transport("")), messageContext)
    default:
      break
    }
    return freshness.message(now: now)
  }

  // MARK: JSON

  private func emit(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    // Encoding these plain records cannot fail; fall back to an empty object rather than crash.
    let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
    try Console.out(String(decoding: data, as: UTF8.self))
  }

  // MARK: Human

  func human(_ apod: APOD, cachedAt: Date?) -> String {
    var lines = [apod.title.isEmpty ? "(untitled)" : apod.title]
    lines.append([apod.date.iso, apod.mediaType.rawValue].joined(separator: " · "))
    // The credit line, then each page it links to (the photographer's site, the licence).
    let credit = apod.creditAttribution
    lines.append(credit.text)
    for link in credit.links {
      lines.append("  \(link.text.trimmingCharacters(in: .whitespaces)): \(link.link?.absoluteString ?? "")")
    }
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
    if !apod.explanationText.isEmpty {
      lines.append("")
      lines.append(Self.wrap(apod.explanationText, width: 78))
    }
    return lines.joined(separator: "\n")
  }

  private func line(_ apod: APOD) -> String {
    let kind = apod.mediaType.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)
    return "\(apod.date.iso)  \(kind)  \(apod.title.isEmpty ? "(untitled)" : apod.title)"
  }

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

/// Stable keys, `null` for what is unknown.
struct APODRecord: Encodable {
  let date: String
  let title: String
  let mediaType: String
  let explanation: String
  let copyright: String?
  let credit: String
  let creditLinks: [CreditLinkRecord]
  let imageURL: URL?
  let hdImageURL: URL?
  let videoURL: URL?
  let pageURL: URL
  let alt: String?
  let source: String
  var freshness: String
  var notice: String?
  let cachedAt: Date?

  init(_ result: APODResult, now: Date) {
    self.init(result.apod, cachedAt: result.cachedAt)
    if result.freshness.isStale { freshness = "stale" }
    let reasons = [result.notice?.message, result.freshness.staleReason?.message(now: now)].compactMap { $0 }
    notice = reasons.isEmpty ? nil : reasons.joined(separator: " ")
  }

  init(_ apod: APOD, cachedAt: Date?) {
    date = apod.date.iso
    title = apod.title
    mediaType = apod.mediaType.rawValue
    explanation = apod.explanation
    copyright = apod.copyright
    let attribution = apod.creditAttribution
    credit = attribution.text
    creditLinks = attribution.links.compactMap { run in
      run.link.map { CreditLinkRecord(text: run.text.trimmingCharacters(in: .whitespaces), url: $0) }
    }
    imageURL = apod.imageURL
    hdImageURL = apod.hdImageURL
    videoURL = apod.videoURL
    pageURL = apod.pageURL
    alt = apod.alt
    source = apod.source.rawValue
    freshness = cachedAt == nil ? "fresh" : "cached"
    notice = nil
    self.cachedAt = cachedAt
  }

  enum CodingKeys: String, CodingKey {
    case date, title, mediaType, explanation, copyright, credit, creditLinks, imageURL, hdImageURL, videoURL,
      pageURL, alt, source, freshness, notice, cachedAt
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(date, forKey: .date)
    try container.encode(title, forKey: .title)
    try container.encode(mediaType, forKey: .mediaType)
    try container.encode(explanation, forKey: .explanation)
    // Optional values are written as explicit nulls so every key is always present.
    try container.encode(copyright, forKey: .copyright)
    try container.encode(credit, forKey: .credit)
    try container.encode(creditLinks, forKey: .creditLinks)
    try container.encode(imageURL, forKey: .imageURL)
    try container.encode(hdImageURL, forKey: .hdImageURL)
    try container.encode(videoURL, forKey: .videoURL)
    try container.encode(pageURL, forKey: .pageURL)
    try container.encode(alt, forKey: .alt)
    try container.encode(source, forKey: .source)
    try container.encode(freshness, forKey: .freshness)
    try container.encode(notice, forKey: .notice)
    try container.encode(cachedAt, forKey: .cachedAt)
  }
}

struct CreditLinkRecord: Encodable {
  let text: String
  let url: URL
}

extension Freshness {
  fileprivate var staleReason: StaleReason? {
    if case .stale(_, let reason) = self { return reason }
    return nil
  }
}
