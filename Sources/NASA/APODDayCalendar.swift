import Foundation

/// `DatePicker` works on instants, so each day maps to noon GMT, read back in a Gregorian calendar
/// set to GMT: noon keeps the date for every offset from −11 to +11 hours, and daylight saving
/// never moves it.
extension APODDay {
  public static let pickerCalendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = gmt
    return calendar
  }()

  public var pickerDate: Date {
    // Days are checked calendar dates (years 1...9999), which the Gregorian calendar always
    // resolves; the fallback computes the same instant arithmetically.
    let components = DateComponents(year: year, month: month, day: day, hour: 12)
    return Self.pickerCalendar.date(from: components)
      ?? Date(timeIntervalSince1970: TimeInterval(dayNumber) * 86_400 + 12 * 3_600)
  }

  public init?(pickerDate date: Date) {
    let parts = Self.pickerCalendar.dateComponents([.year, .month, .day], from: date)
    guard let year = parts.year, let month = parts.month, let day = parts.day,
      let checked = try? APODDay(year: year, month: month, day: day)
    else { return nil }
    self = checked
  }

  /// A device clock set before the first APOD gives the first day alone, never an inverted range
  /// (which would trap).
  public static func pickerRange(now: Date) -> ClosedRange<Date> {
    first.pickerDate...max(first, today(now: now)).pickerDate
  }

  /// In the locale's own calendar, in GMT, so the date shown is this day whatever the time zone.
  public func displayText(locale: Locale) -> String {
    var calendar = locale.calendar
    calendar.timeZone = Self.gmt
    let style = Date.FormatStyle(
      date: .long, time: .omitted, locale: locale, calendar: calendar, timeZone: Self.gmt)
    return pickerDate.formatted(style)
  }

  private static let gmt = TimeZone(secondsFromGMT: 0) ?? .gmt
}
