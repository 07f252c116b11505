import Foundation

/// "On this day in past years": the same calendar day in every earlier year of the archive.
///
/// Rules:
/// - The days are the same month and day in each year before `today`'s, newest first, never
///   before the first APOD (1995-06-16), so a day before June 16 starts in 1996.
/// - February 29: on a Feb 29, a year without one gives its Feb 28, so every past year appears
///   once. On Feb 28 only the Feb 28ths are listed: a past Feb 29 appears on Feb 29 only, and a
///   leap year's own Feb 28 is never listed twice.
/// - The pictures are loaded lazily, one page of `pageSize` days at a time, through the per-day
///   route of `APODRepository` (cached like any day, never fetched twice).
public struct OnThisDay: Sendable, Hashable {
  /// How many days one page asks for: "a few at a time".
  public static let pageSize = 4

  /// The day the list is for (normally today's APOD day).
  public let today: APODDay
  /// The past days, newest first.
  public let days: [APODDay]

  public init(today: APODDay) {
    self.today = today
    self.days = Self.pastDays(of: today)
  }

  /// The same calendar day in each year before `today`'s, newest first (see the type's rules).
  public static func pastDays(of today: APODDay) -> [APODDay] {
    var days: [APODDay] = []
    var year = today.year - 1
    while year >= APODDay.first.year {
      let day =
        (try? APODDay(year: year, month: today.month, day: today.day))
        // Only Feb 29 can be missing from a year: that year gives its Feb 28.
        ?? (try? APODDay(year: year, month: today.month, day: today.day - 1))
      if let day, day >= APODDay.first { days.append(day) }
      year -= 1
    }
    return days
  }

  /// How many pages of `pageSize` days there are.
  public var pageCount: Int { (days.count + Self.pageSize - 1) / Self.pageSize }

  /// The days of page `index` (0 is the newest years); empty past the last page.
  public func page(_ index: Int) -> [APODDay] {
    guard index >= 0 else { return [] }
    let start = index * Self.pageSize
    guard start < days.count else { return [] }
    return Array(days[start..<min(start + Self.pageSize, days.count)])
  }
}

/// What loading one day of a list gave: its picture, no picture that day, or a failure.
public enum DayLoad: Sendable, Hashable {
  case picture(APODResult)
  /// NASA has no APOD for this day (a few early days have none).
  case noPicture(APODDay)
  case failed(APODDay, APODError)

  public var day: APODDay {
    switch self {
    case .picture(let result): result.apod.date
    case .noPicture(let day), .failed(let day, _): day
    }
  }
}

extension APODRepository {
  /// Loads `days` through the per-day route (`apod(for:policy:)`: saved days from the cache, the
  /// rest fetched once and saved), all at once, so pass a page, not a whole list. The answers
  /// keep the order of `days`. A cancelled caller stops the page (`nil`).
  public nonisolated func load(
    _ days: [APODDay], policy: FetchPolicy = .automatic
  ) async -> [DayLoad]? {
    let loads = await withTaskGroup(of: (Int, DayLoad).self) { group in
      for (index, day) in days.enumerated() {
        group.addTask { (index, await self.load(day, policy: policy)) }
      }
      var loads = [DayLoad?](repeating: nil, count: days.count)
      for await (index, load) in group { loads[index] = load }
      return loads.compactMap { $0 }
    }
    let cancelled = loads.contains {
      if case .failed(_, .network(.cancelled)) = $0 { return true }
      return false
    }
    return cancelled || Task.isCancelled ? nil : loads
  }

  private func load(_ day: APODDay, policy: FetchPolicy) async -> DayLoad {
    do throws(APODError) {
      return .picture(try await apod(for: day, policy: policy))
    } catch .noAPOD {
      return .noPicture(day)
    } catch {
      return .failed(day, error)
    }
  }
}
