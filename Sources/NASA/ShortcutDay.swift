import Foundation

/// Shortcuts' date picker and "Current Date" give an instant in the device's time zone (not noon GMT
/// like the app's pickers), so the day is the device's calendar date; any day from the APOD day
/// (US Eastern) up to the device's own date is today: an automation at 07:00 in Paris with
/// "Current Date" must get the newest picture, not an error.
public enum ShortcutDay: Sendable, Hashable {
  case today
  case day(APODDay)

  public init(_ date: Date?, timeZone: TimeZone, now: Date) throws(APODDayError) {
    guard let date else {
      self = .today
      return
    }
    let picked = try Self.calendarDay(of: date, in: timeZone)
    if picked < APODDay.first { throw .beforeFirstDay(picked) }
    let apodToday = APODDay.today(now: now)
    if picked < apodToday {
      self = .day(picked)
      return
    }
    // The device's own date; an instant the calendar cannot read leaves New York's.
    let deviceToday = (try? Self.calendarDay(of: now, in: timeZone)) ?? apodToday
    guard picked <= max(apodToday, deviceToday) else { throw .afterToday(picked, today: apodToday) }
    self = .today
  }

  private static func calendarDay(of date: Date, in timeZone: TimeZone) throws(APODDayError) -> APODDay {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    guard let year = parts.year, let month = parts.month, let day = parts.day else {
      throw .malformed(String(describing: date))
    }
    return try APODDay(year: year, month: month, day: day)
  }
}
