import Foundation

/// Never before the first APOD, so a day before June 16 starts in 1996. On a Feb 29, a year without
/// one gives its Feb 28, so every past year appears once; a past Feb 29 appears on Feb 29 only.
public struct OnThisDay: Sendable, Hashable {
  public static let pageSize = 4

  public let today: APODDay
  public let days: [APODDay]

  public init(today: APODDay) {
    self.today = today
    self.days = Self.pastDays(of: today)
  }

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

  public var pageCount: Int { (days.count + Self.pageSize - 1) / Self.pageSize }

  public func page(_ index: Int) -> [APODDay] {
    guard index >= 0 else { return [] }
    let start = index * Self.pageSize
    guard start < days.count else { return [] }
    return Array(days[start..<min(start + Self.pageSize, days.count)])
  }
}

public enum DayLoad: Sendable, Hashable {
  case picture(APODResult)
  /// A few early days have none.
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
  /// All at once, so pass a page, not a whole list. A cancelled caller stops the page (`nil`).
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
