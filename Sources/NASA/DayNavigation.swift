/// A day after today (the device clock was turned back after it was opened) has no newer day, and
/// its older neighbour is today.
public struct DayNavigation: Sendable, Equatable {
  public let day: APODDay
  public let older: APODDay?
  public let newer: APODDay?

  public init(day: APODDay, today: APODDay) {
    self.day = day
    if day > today {
      older = today >= APODDay.first ? today : nil
      newer = nil
      return
    }
    older = day > APODDay.first ? day.previous : nil
    newer = day < today ? day.next : nil
  }

  public func prefetch(movingForward: Bool = false) -> [APODDay] {
    (movingForward ? [newer, older] : [older, newer]).compactMap(\.self)
  }
}
