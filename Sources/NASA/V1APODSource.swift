import Foundation
import Networking

/// The legacy v1 service, `api.nasa.gov/planetary/apod` (reported to be archived 2026-12-01).
///
/// Always names the day (`date=`, or `start_date`/`end_date`): a bare request means the
/// server's UTC "today", which 404s every US evening (apod-api #48). Ranges are asked in small
/// chunks because v1 builds them day by day and one unreadable day fails a whole range with 500.
public struct V1APODSource: APODSource {
  /// `https://api.nasa.gov/planetary/apod`.
  public static let defaultBaseURL = URL(string: "https://api.nasa.gov/planetary/apod")!
  /// api.nasa.gov's shared development key (30 requests an hour per IP).
  public static let demoKey = "DEMO_KEY"
  /// Days per range request.
  public static let chunkDays = 7

  public let baseURL: URL
  /// The key sent: the configured one, or `DEMO_KEY` when none or an empty one was configured.
  public let apiKey: String
  private let client: any HTTPClienting
  private let now: @Sendable () -> Date

  /// - Parameters:
  ///   - baseURL: the endpoint (a local server in tests and `--demo`).
  ///   - apiKey: from configuration; nil or blank means `DEMO_KEY`.
  ///   - now: the clock deciding today's APOD day.
  public init(
    client: any HTTPClienting, baseURL: URL = Self.defaultBaseURL, apiKey: String? = nil,
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.client = client
    self.baseURL = baseURL
    let trimmed = apiKey?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    self.apiKey = trimmed.isEmpty ? Self.demoKey : trimmed
    self.now = now
  }

  public func apod(for day: APODDay) async throws(APODError) -> APOD {
    try await SourceSupport.fetchOne(
      day, with: client, request: request([("date", day.iso)]), format: .v1, now: now())
  }

  public func apods(from start: APODDay, through end: APODDay) async throws(APODError) -> APODList {
    guard let range = try SourceSupport.validatedRange(start, end, now: now()) else {
      return APODList(items: [])
    }
    var items: [APODDay: APOD] = [:]
    var dropped = 0
    var chunkStart = range.lowerBound
    while chunkStart <= range.upperBound {
      let chunkEnd = min(chunkStart.advanced(by: Self.chunkDays - 1), range.upperBound)
      let list = try await chunk(chunkStart...chunkEnd)
      dropped += list.droppedCount
      for apod in list.items where range.contains(apod.date) { items[apod.date] = apod }
      chunkStart = chunkEnd.next
    }
    return APODList(items: items.values.sorted { $0.date > $1.date }, droppedCount: dropped)
  }

  /// One range request; on a 5xx (one bad day fails the whole range) the chunk is asked day by
  /// day, so only the bad day is lost (counted as dropped).
  private func chunk(_ days: ClosedRange<APODDay>) async throws(APODError) -> APODList {
    let query = [("start_date", days.lowerBound.iso), ("end_date", days.upperBound.iso)]
    let response: HTTPResponse
    do {
      response = try await client.send(request(query))
    } catch HTTPError.server where days.count > 1 {
      return try await dayByDay(days)
    } catch {
      // A range never means "not published": v1 skips missing days, so any refusal is an error.
      throw .network(error)
    }
    do {
      return try APODList.decode(response.body, from: .v1)
    } catch {
      throw .unreadable(error)
    }
  }

  private func dayByDay(_ days: ClosedRange<APODDay>) async throws(APODError) -> APODList {
    var items: [APOD] = []
    var failures: [APODError] = []
    for day in days {
      do {
        items.append(try await apod(for: day))
      } catch .notPublishedYet, .noAPOD {
        continue
      } catch {
        failures.append(error)
      }
    }
    // Every day failing means the service is down, not one bad day: report that.
    if items.isEmpty, let first = failures.first { throw first }
    return APODList(items: items, droppedCount: failures.count)
  }

  private func request(_ query: [(String, String)]) -> HTTPRequest {
    HTTPRequest(url: SourceSupport.url(baseURL, query: [("api_key", apiKey)] + query))
  }
}
