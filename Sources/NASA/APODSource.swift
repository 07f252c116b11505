import Foundation
import Localization
import Networking

/// Both services behind one protocol make the switch after v1's reported archiving (2026-12-01) a
/// configuration change.
public protocol APODSource: Sendable {
  /// The APOD of `day`. Throws `.notPublishedYet` when `day` is today (US Eastern time) and the
  /// service has nothing yet, `.noAPOD` for a past day without a picture, `.invalidDay` for a
  /// day outside 1995-06-16 … today, without sending anything.
  func apod(for day: APODDay) async throws(APODError) -> APOD

  /// Days without a picture are simply absent.
  func apods(from start: APODDay, through end: APODDay) async throws(APODError) -> APODList

  /// Hands each batch to `receive` as it arrives; when a later request fails, the batches handed over
  /// stay delivered and the error is thrown.
  func apods(
    from start: APODDay, through end: APODDay, receive: @Sendable (APODList) async -> Void
  ) async throws(APODError) -> APODList
}

extension APODSource {
  public func apods(
    from start: APODDay, through end: APODDay, receive: @Sendable (APODList) async -> Void
  ) async throws(APODError) -> APODList {
    let list = try await apods(from: start, through: end)
    await receive(list)
    return list
  }

  public func recent(days: Int, endingOn end: APODDay) async throws(APODError) -> APODList {
    guard let start = APODDay.lastDays(days, endingOn: end).last else { return APODList(items: []) }
    return try await apods(from: start, through: end)
  }
}

public enum APODError: Error, Sendable, Hashable {
  /// The service has no picture yet for today (US Eastern time): normal in the first minutes after
  /// midnight Eastern or during NASA's ingestion lag. The caller shows the previous day instead.
  case notPublishedYet(APODDay)
  /// A past day that has no APOD (such as 1995-06-17…19, or 2020-06-10).
  case noAPOD(APODDay)
  case invalidDay(APODDayError)
  case network(HTTPError)
  case unreadable(APODDecodingError)
  /// Network use is off (offline mode) and nothing is saved for this request.
  case notCached
  /// The service answered a request for `asked` with the picture of another day (a stale CDN,
  /// a misrouted proxy, a bug on NASA's side). Nothing of that answer is shown or saved.
  case wrongDay(asked: APODDay, answered: APODDay)
  /// The service answered a request for this day with a list that does not hold it (the feed's
  /// newest page, sent whatever was asked). That says nothing about whether the day has a
  /// picture: it was not received, and is asked for again next time.
  case notReceived(APODDay)
  /// The device clock is before the first APOD (a reset clock) and nothing saved answers.
  case clockBeforeFirstDay(APODDay)

  public func message(now: Date) -> String {
    switch self {
    case .notPublishedYet(let day):
      Localized.text(
        "Today's picture (%@) is not published yet; NASA posts it shortly after midnight "
          + "US Eastern time.", day.iso)
    case .noAPOD(let day): Localized.text("There is no Astronomy Picture of the Day for %@.", day.iso)
    case .invalidDay(let error): error.message
    case .network(let error): error.userMessage(now: now)
    case .unreadable(let error): error.message
    case .notCached: Localized.text("Nothing is saved for this yet, and network use is off (offline mode).")
    case .wrongDay(let asked, let answered):
      Localized.text(
        "NASA answered with the picture of %@ when %@ was asked for; nothing was saved.", answered.iso,
        asked.iso)
    case .notReceived(let day):
      Localized.text(
        "NASA answered with a list of other days, without the picture of %@; nothing was saved.", day.iso)
    case .clockBeforeFirstDay(let clockDay):
      Localized.text(
        "This phone's date (%@) is before the first Astronomy Picture of the Day (%@): only saved pictures "
          + "can be shown, and none is saved for this yet. Set the phone to the right date to load pictures.",
        clockDay.iso, APODDay.first.iso)
    }
  }

  /// True when the failure lies with the network connection rather than the service
  /// (offline, cancelled): trying another service would not help.
  var isConnectivityProblem: Bool {
    if case .network(let error) = self {
      switch error {
      case .offline, .cancelled: return true
      default: return false
      }
    }
    return false
  }
}

enum SourceSupport {
  /// One object must be `day`'s picture (else `.wrongDay`); a list (the feed's newest page, which the
  /// legacy address may send whatever was asked) is used only for `day`'s entry, and a list without it
  /// is `.notReceived`, never "no APOD".
  static func fetchOne(
    _ day: APODDay, with client: any HTTPClienting, request: HTTPRequest, now: Date
  ) async throws(APODError) -> APOD {
    do {
      _ = try day.validated(now: now)
    } catch {
      throw .invalidDay(error)
    }
    let response: HTTPResponse
    do {
      response = try await client.send(request)
    } catch {
      throw mapped(error, day: day, now: now)
    }
    let answer: APODList.Answer
    do {
      answer = try APODList.decodeAnswer(response.body)
    } catch {
      throw .unreadable(error)
    }
    switch answer {
    case .one(let apod):
      // Only the day asked for is an answer: `day` was checked against 1995-06-16 … today
      // above, so an equal date is also inside that range.
      guard apod.date == day else { throw .wrongDay(asked: day, answered: apod.date) }
      return apod
    case .list(let list):
      if let apod = list.items.first(where: { $0.date == day }) { return apod }
      // Nothing readable in it at all: an answer in no shape a service sends for a day.
      guard !list.items.isEmpty else {
        throw .unreadable(.unexpectedShape(expected: Localized.text("one picture")))
      }
      throw .notReceived(day)
    }
  }

  /// A v1 range answer honours its dates and speaks for the whole range. A list of apod-basic records,
  /// or one holding days outside the range, ignored the dates asked: it speaks only for the span
  /// between its oldest and newest entry (the feed lists every APOD in it).
  static func received(_ list: APODList, for range: ClosedRange<APODDay>) -> APODList {
    let inside = list.items.filter { range.contains($0.date) }
    let ignoredTheRange =
      inside.count < list.items.count || list.items.contains { $0.source == .apodBasic }
    guard ignoredTheRange else {
      return APODList(items: inside, droppedCount: list.droppedCount, notReceived: list.notReceived)
    }
    let dates = list.items.map(\.date)
    let notCovered: [APODDay]
    if let oldest = dates.min(), let newest = dates.max() {
      notCovered = range.filter { $0 < oldest || $0 > newest }
    } else {
      notCovered = Array(range)
    }
    return APODList(
      items: inside, droppedCount: list.droppedCount,
      notReceived: Array(Set(list.notReceived + notCovered)).sorted(by: >))
  }

  /// Not found for today (US Eastern) means not published yet; for an earlier day, no APOD.
  static func mapped(_ error: HTTPError, day: APODDay, now: Date) -> APODError {
    if case .notFound = error {
      return day >= APODDay.today(now: now) ? .notPublishedYet(day) : .noAPOD(day)
    }
    return .network(error)
  }

  static func validatedRange(
    _ start: APODDay, _ end: APODDay, now: Date
  ) throws(APODError) -> ClosedRange<
    APODDay
  >? {
    do {
      _ = try start.validated(now: now)
      _ = try end.validated(now: now)
    } catch {
      throw .invalidDay(error)
    }
    return start <= end ? start...end : nil
  }

  static func url(_ base: URL, path: String? = nil, query: [(String, String)]) -> URL {
    let target = path.map { base.appendingPathComponent($0, isDirectory: false) } ?? base
    guard var components = URLComponents(url: target, resolvingAgainstBaseURL: true) else { return target }
    if !query.isEmpty {
      components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
    }
    return components.url ?? target
  }
}
