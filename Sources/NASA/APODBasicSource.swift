import Foundation
import Networking

/// The science.nasa.gov feed, `wp-json/wp/v2/apod-basic`: no key, one object at `/YYMMDD`, a
/// newest-first list (at most 25 per page) at the base path.
///
/// The list's `date_from`/`date_to` parameters are sent but reported ignored, so list answers
/// are filtered here, and days the answer does not cover are asked one by one.
public struct APODBasicSource: APODSource {
  /// `https://science.nasa.gov/wp-json/wp/v2/apod-basic`.
  public static let defaultBaseURL = URL(string: "https://science.nasa.gov/wp-json/wp/v2/apod-basic")!
  /// The feed's page size limit.
  public static let pageSize = 25

  public let baseURL: URL
  private let client: any HTTPClienting
  private let now: @Sendable () -> Date

  /// - Parameters:
  ///   - baseURL: the feed (a local server in tests and `--demo`).
  ///   - now: the clock deciding today's APOD day.
  public init(
    client: any HTTPClienting, baseURL: URL = Self.defaultBaseURL,
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.client = client
    self.baseURL = baseURL
    self.now = now
  }

  public func apod(for day: APODDay) async throws(APODError) -> APOD {
    try await SourceSupport.fetchOne(
      day, with: client, request: HTTPRequest(url: SourceSupport.url(baseURL, path: day.yymmdd, query: [])),
      format: .apodBasic, now: now())
  }

  public func apods(from start: APODDay, through end: APODDay) async throws(APODError) -> APODList {
    guard let range = try SourceSupport.validatedRange(start, end, now: now()) else {
      return APODList(items: [])
    }
    var found: [APODDay: APOD] = [:]
    var pending = Set(range)
    var dropped = 0
    var windowEnd = range.upperBound
    var previousSpan: ClosedRange<APODDay>?
    // Each page moves the window to before its oldest item. If the feed ignores the dates, the
    // next answer repeats the previous one and the loop ends (without counting its drops twice).
    for _ in 0...(range.count / Self.pageSize + 1) {
      let page = try await listPage(from: range.lowerBound, through: windowEnd)
      guard let oldest = page.items.map(\.date).min(), let newest = page.items.map(\.date).max(),
        previousSpan != oldest...newest
      else { break }
      previousSpan = oldest...newest
      dropped += page.droppedCount
      for apod in page.items where pending.contains(apod.date) {
        found[apod.date] = apod
      }
      // The feed lists every APOD newest first, so a day missing between two listed days has
      // no picture: nothing to ask for.
      pending = pending.filter { $0 < oldest || $0 > newest }
      let nextEnd = oldest.previous
      guard nextEnd < windowEnd, nextEnd >= range.lowerBound, !pending.isEmpty else { break }
      windowEnd = nextEnd
    }
    for day in pending.sorted(by: >) {
      do {
        found[day] = try await apod(for: day)
      } catch .notPublishedYet, .noAPOD {
        continue
      }
    }
    return APODList(items: found.values.sorted { $0.date > $1.date }, droppedCount: dropped)
  }

  /// One list request; a 400 or 404 (the parameters or the list route refused) reads as an empty
  /// page so the days are asked one by one instead.
  private func listPage(from start: APODDay, through end: APODDay) async throws(APODError) -> APODList {
    let query = [
      ("per_page", String(Self.pageSize)), ("date_from", start.yymmdd), ("date_to", end.yymmdd),
    ]
    let response: HTTPResponse
    do {
      response = try await client.send(HTTPRequest(url: SourceSupport.url(baseURL, query: query)))
    } catch .badRequest, .notFound {
      return APODList(items: [])
    } catch {
      throw .network(error)
    }
    do {
      return try APODList.decode(response.body, from: .apodBasic)
    } catch {
      throw .unreadable(error)
    }
  }
}
