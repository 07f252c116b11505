import Basics
import Foundation
import Networking

/// No key; one object at `/YYMMDD`, a newest-first list at the base path, 25 a page. The list's
/// `date_from`/`date_to` are reported ignored, so ranges walk the pages back from the newest; a range
/// far in the past is asked day by day.
public struct APODBasicSource: APODSource {
  public static let defaultBaseURL = URL(string: "https://science.nasa.gov/wp-json/wp/v2/apod-basic")!
  public static let pageSize = 25

  public let baseURL: URL
  private let client: any HTTPClienting
  private let clock: any Clocking

  public init(
    client: any HTTPClienting, baseURL: URL = Self.defaultBaseURL,
    clock: any Clocking
  ) {
    self.client = client
    self.baseURL = baseURL
    self.clock = clock
  }

  public func apod(for day: APODDay) async throws(APODError) -> APOD {
    try await SourceSupport.fetchOne(
      day, with: client,
      // The feed needs no key: there is no shared quota for the local budget to protect.
      request: HTTPRequest(
        url: SourceSupport.url(baseURL, path: day.yymmdd, query: []), spendsSharedQuota: false),
      now: clock.now)
  }

  public func apods(from start: APODDay, through end: APODDay) async throws(APODError) -> APODList {
    try await apods(from: start, through: end) { _ in }
  }

  public func apods(
    from start: APODDay, through end: APODDay, receive: @Sendable (APODList) async -> Void
  ) async throws(APODError) -> APODList {
    let today = APODDay.today(now: clock.now)
    guard let range = try SourceSupport.validatedRange(start, end, now: clock.now) else {
      return APODList(items: [])
    }
    var found: [APODDay: APOD] = [:]
    var pending = Set(range)
    var dropped = 0
    var notReceived: [APODDay] = []
    // An item's place in the newest-first list is at most its distance from today (days without
    // a picture only move it up), so this many pages always reach back to `range`'s first day.
    let pagesNeeded = range.lowerBound.distance(to: today) / Self.pageSize + 1
    if pagesNeeded <= range.count {
      var previousSpan: ClosedRange<APODDay>?
      for page in 1...pagesNeeded {
        guard let list = try await listPage(page) else { break }
        guard let oldest = list.items.map(\.date).min(), let newest = list.items.map(\.date).max(),
          previousSpan != oldest...newest
        else { break }  // empty, or the feed ignores `page` and repeats itself
        previousSpan = oldest...newest
        let kept = APODList(
          items: list.items.filter { range.contains($0.date) }, droppedCount: list.droppedCount)
        dropped += list.droppedCount
        for apod in kept.items { found[apod.date] = apod }
        // The feed lists every APOD newest first, so a day missing between two listed days has
        // no picture: nothing to ask for.
        pending = pending.filter { $0 < oldest || $0 > newest }
        if !kept.items.isEmpty || list.droppedCount > 0 { await receive(kept) }
        if oldest <= range.lowerBound || pending.isEmpty { break }
      }
    }
    // Days the pages did not cover (today before the feed lists it, or a range far back).
    for day in pending.sorted(by: >) {
      do {
        let apod = try await apod(for: day)
        found[day] = apod
        await receive(APODList(items: [apod]))
      } catch .notPublishedYet, .noAPOD {
        continue
      } catch .notReceived(let day) {
        notReceived.append(day)
      }
    }
    return APODList(
      items: found.values.sorted { $0.date > $1.date }, droppedCount: dropped, notReceived: notReceived)
  }

  /// One list page, or nil when the feed has no such page (WordPress answers 400 past the last
  /// page) or no list route (404): the remaining days are then asked one by one.
  private func listPage(_ page: Int) async throws(APODError) -> APODList? {
    let query = [("per_page", String(Self.pageSize)), ("page", String(page))]
    let response: HTTPResponse
    do {
      response = try await client.send(
        HTTPRequest(url: SourceSupport.url(baseURL, query: query), spendsSharedQuota: false))
    } catch .badRequest, .notFound {
      return nil
    } catch {
      throw .network(error)
    }
    do {
      return try APODList.decode(response.body)
    } catch {
      throw .unreadable(error)
    }
  }
}
