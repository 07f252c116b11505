import Basics
import Foundation
import Networking

/// Always names the day: a bare request means the server's UTC "today", which 404s every US evening.
public struct V1APODSource: APODSource {
  public static let defaultBaseURL = URL(string: "https://api.nasa.gov/planetary/apod")!
  /// api.nasa.gov's shared development key (30 requests an hour per IP).
  public static let demoKey = "DEMO_KEY"
  /// v1 builds a range by reading each day's page in turn, so a single unreadable day fails the whole
  /// range with a 5xx, and spans of several months time out; a month comes back in a few seconds and
  /// keeps a year of Explore to 12 requests. A failed span is asked again smaller, down to single days.
  public static let chunkSizes = [31, 7, 1]
  public static var chunkDays: Int { chunkSizes[0] }

  public let baseURL: URL
  public let apiKey: String
  private let client: any HTTPClienting
  private let clock: any Clocking

  public init(
    client: any HTTPClienting, baseURL: URL = Self.defaultBaseURL, apiKey: String? = nil,
    clock: any Clocking
  ) {
    self.client = client
    self.baseURL = baseURL
    let trimmed = apiKey?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    self.apiKey = trimmed.isEmpty ? Self.demoKey : trimmed
    self.clock = clock
  }

  public func apod(for day: APODDay) async throws(APODError) -> APOD {
    try await SourceSupport.fetchOne(
      day, with: client, request: request([("date", day.iso)]), now: clock.now)
  }

  public func apods(from start: APODDay, through end: APODDay) async throws(APODError) -> APODList {
    try await apods(from: start, through: end) { _ in }
  }

  public func apods(
    from start: APODDay, through end: APODDay, receive: @Sendable (APODList) async -> Void
  ) async throws(APODError) -> APODList {
    guard let range = try SourceSupport.validatedRange(start, end, now: clock.now) else {
      return APODList(items: [])
    }
    var items: [APODDay: APOD] = [:]
    var dropped = 0
    var notReceived: [APODDay] = []
    // Newest first, so an interrupted range still holds the days people look at first.
    for chunk in Self.spans(of: range, size: Self.chunkSizes[0]) {
      let list = try await fetch(chunk)
      dropped += list.droppedCount
      notReceived += list.notReceived
      for apod in list.items { items[apod.date] = apod }
      await receive(list)
    }
    return APODList(
      items: items.values.sorted { $0.date > $1.date }, droppedCount: dropped,
      notReceived: notReceived.sorted(by: >))
  }

  static func spans(of range: ClosedRange<APODDay>, size: Int) -> [ClosedRange<APODDay>] {
    var spans: [ClosedRange<APODDay>] = []
    var spanEnd = range.upperBound
    while spanEnd >= range.lowerBound {
      let spanStart = max(range.lowerBound, spanEnd.advanced(by: -(size - 1)))
      spans.append(spanStart...spanEnd)
      spanEnd = spanStart.previous
    }
    return spans
  }

  private func fetch(_ days: ClosedRange<APODDay>) async throws(APODError) -> APODList {
    if days.count == 1 {
      do {
        return APODList(items: [try await apod(for: days.lowerBound)])
      } catch .notPublishedYet, .noAPOD {
        return APODList(items: [])
      } catch .notReceived(let day) {
        return APODList(items: [], notReceived: [day])
      }
    }
    let query = [("start_date", days.lowerBound.iso), ("end_date", days.upperBound.iso)]
    let response: HTTPResponse
    do {
      response = try await client.send(request(query))
    } catch HTTPError.server, HTTPError.timedOut, HTTPError.nonJSONBody {
      return try await split(days)
    } catch {
      // A range never means "not published": v1 skips missing days, so any refusal is an error.
      throw .network(error)
    }
    let list: APODList
    do {
      list = try APODList.decode(response.body)
    } catch {
      throw .unreadable(error)
    }
    return SourceSupport.received(list, for: days)
  }

  private func split(_ days: ClosedRange<APODDay>) async throws(APODError) -> APODList {
    let size = Self.chunkSizes.first { $0 < days.count } ?? 1
    var items: [APOD] = []
    var dropped = 0
    var notReceived: [APODDay] = []
    var firstFailure: APODError?
    for span in Self.spans(of: days, size: size) {
      do {
        let list = try await fetch(span)
        items += list.items
        dropped += list.droppedCount
        notReceived += list.notReceived
      } catch let failure where Self.losesOnlyThisSpan(failure) {
        // A bad day (or a span the service cannot build): lose it, keep the rest.
        dropped += span.count
        firstFailure = firstFailure ?? failure
      }
    }
    // Every piece failing means the service is down, not one bad day: report that.
    if items.isEmpty, let firstFailure { throw firstFailure }
    return APODList(items: items, droppedCount: dropped, notReceived: notReceived)
  }

  private static func losesOnlyThisSpan(_ error: APODError) -> Bool {
    switch error {
    case .unreadable, .wrongDay, .network(.server), .network(.timedOut), .network(.nonJSONBody): true
    default: false
    }
  }

  /// The endpoint on this machine (tests, `--demo`) has no quota to protect.
  private func request(_ query: [(String, String)]) -> HTTPRequest {
    HTTPRequest(
      url: SourceSupport.url(baseURL, query: [("api_key", apiKey)] + query),
      spendsSharedQuota: !HTTPTransport.isLoopback(baseURL.host ?? ""))
  }
}
