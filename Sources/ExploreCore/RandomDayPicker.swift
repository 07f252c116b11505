import Basics
import Foundation
import NASA

/// Where the app keeps the random days drawn recently (the app: its key-value settings store), so
/// "never a day of the last 30 tries" holds across launches.
@MainActor
public protocol RandomDayHistoryKeeping: AnyObject {
  /// The days drawn recently, oldest first; an empty history when none (or none readable) is kept.
  func loadHistory() -> RandomDayHistory
  /// Keeps `history`, replacing what was kept.
  func saveHistory(_ history: RandomDayHistory)
}

/// Explore's "Random day" button: draws a day uniformly over the whole archive (1995-06-16 through
/// today's APOD day), never one of the last `RandomDay.memory` days drawn (kept in `history`, so
/// across launches), records it, and opens it through `opensDay`: the app's navigation, the same
/// path as a link to that day.
@MainActor public final class RandomDayPicker {
  /// Opens a day (set by the app: `AppModel.open(.day(day))`).
  public var opensDay: (@MainActor (APODDay) async -> Void)?

  private let history: any RandomDayHistoryKeeping
  private let clock: any Clocking
  private var generator: any RandomNumberGenerator

  /// - Parameters:
  ///   - history: where the recent draws are kept.
  ///   - clock: says which APOD day is the last of the archive.
  ///   - generator: the randomness (the system's in the app; seeded in tests).
  public init(
    history: any RandomDayHistoryKeeping, clock: any Clocking,
    generator: any RandomNumberGenerator = SystemRandomNumberGenerator()
  ) {
    self.history = history
    self.clock = clock
    self.generator = generator
  }

  /// Draws a day, remembers it, opens it, and returns it.
  @discardableResult
  public func openRandomDay() async -> APODDay {
    var recent = history.loadHistory()
    let day = RandomDay.pick(
      through: APODDay.today(now: clock.now), avoiding: recent.days, using: &generator)
    recent.record(day)
    history.saveHistory(recent)
    await opensDay?(day)
    return day
  }
}
