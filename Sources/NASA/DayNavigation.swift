/// Swiping between days in the detail and the viewer.
///
/// Rules:
/// - Days run from 1995-06-16 to today (US Eastern). Swiping towards older days stops at the first
///   APOD; towards newer days it stops at today.
/// - A day after today (the device clock was turned back after it was opened) has no newer day,
///   and its older neighbour is today.
/// - The neighbours' previews are fetched ahead (`prefetch`), the one in the direction the user is
///   moving first; older first by default, the usual way through the archive.
public struct DayNavigation: Sendable, Equatable {
  /// The day on screen.
  public let day: APODDay
  /// The day a swipe towards older days opens, nil at the first APOD.
  public let older: APODDay?
  /// The day a swipe towards newer days opens, nil at today.
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

  /// The neighbours whose previews to fetch ahead, the likelier next one first: the newer day when
  /// the user is moving forwards in time, otherwise the older day.
  public func prefetch(movingForward: Bool = false) -> [APODDay] {
    (movingForward ? [newer, older] : [older, newer]).compactMap(\.self)
  }
}
