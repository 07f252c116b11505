import Foundation

/// The day a Shortcuts action is given ("Get Astronomy Picture", "Open Day"): its optional Date
/// parameter read as an APOD day.
///
/// Shortcuts' date picker and its "Current Date" give an instant in the device's time zone (not
/// noon GMT like the app's own pickers, `APODDay.pickerDate`), so:
/// - Nothing given: today.
/// - The day is the calendar date of the instant in the device's Gregorian calendar and time
///   zone: midnight on November 20 in Tokyo is November 20, although it is still the 19th in
///   New York and in GMT.
/// - The APOD day (US Eastern) and any later day up to the device's own date are today: east of
///   New York the device reaches tomorrow first, and an automation running at 07:00 in Paris with
///   "Current Date" must get the newest picture, not an error. Before NASA publishes, "today" is
///   the newest published day (`APODRepository.today`).
/// - A day after that, or before 1995-06-16, is refused with its reason (`APODDayError`).
public enum ShortcutDay: Sendable, Hashable {
  case today
  case day(APODDay)

  /// - Parameters:
  ///   - date: the parameter's value; nil when the action's date was left empty.
  ///   - timeZone: the device's time zone (the one Shortcuts' picker showed the date in).
  ///   - now: the clock's time, which says the APOD day and the device's date.
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

  /// The Gregorian calendar date of `date` in `timeZone`, whatever calendar the device shows.
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
