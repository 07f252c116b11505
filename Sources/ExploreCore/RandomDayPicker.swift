import Basics
import Foundation
import NASA

/// So that "never a day of the last 30 tries" holds across launches.
@MainActor
public protocol RandomDayHistoryKeeping: AnyObject {
  func loadHistory() -> RandomDayHistory
  func saveHistory(_ history: RandomDayHistory)
}

/// Opens the day through `opensDay`: the app's navigation, the same path as a link to that day.
@MainActor public final class RandomDayPicker {
  public var opensDay: (@MainActor (APODDay) async -> Void)?

  private let history: any RandomDayHistoryKeeping
  private let clock: any Clocking
  private var generator: any RandomNumberGenerator

  public init(
    history: any RandomDayHistoryKeeping, clock: any Clocking,
    generator: any RandomNumberGenerator = SystemRandomNumberGenerator()
  ) {
    self.history = history
    self.clock = clock
    self.generator = generator
  }

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
