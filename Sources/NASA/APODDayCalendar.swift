import Foundation

/// `APODDay` as people read it and as a date picker binds it.
///
/// An APOD day has no time and no time zone, but `DatePicker` and date formatters work on
/// instants. Each day is therefore mapped to **noon GMT** of its date and read back in a
/// Gregorian calendar set to GMT (`pickerCalendar`, which the view gives the picker through the
/// environment). Noon keeps the date the same for every offset from −11 to +11 hours, daylight
/// saving never moves it, and reading a picked instant in GMT gives back exactly the day shown.
extension APODDay {
  /// Gregorian, in GMT: the calendar and time zone the date picker is given.
  public static let pickerCalendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = gmt
    return calendar
  }()

  /// Noon GMT on this day: the instant a date picker (or a formatter) is given for it.
  public var pickerDate: Date {
    // Days are checked calendar dates (years 1...9999), which the Gregorian calendar always
    // resolves; the fallback computes the same instant arithmetically.
    let components = DateComponents(year: year, month: month, day: day, hour: 12)
    return Self.pickerCalendar.date(from: components)
      ?? Date(timeIntervalSince1970: TimeInterval(dayNumber) * 86_400 + 12 * 3_600)
  }

  /// The day a date picker set to `pickerCalendar` shows for `pickerDate`: its calendar date in
  /// GMT, whatever the time. Nil only for an instant outside the years 1…9999. The APOD range
  /// is not checked here (the picker's range and the repository do that).
  public init?(pickerDate date: Date) {
    let parts = Self.pickerCalendar.dateComponents([.year, .month, .day], from: date)
    guard let year = parts.year, let month = parts.month, let day = parts.day,
      let checked = try? APODDay(year: year, month: month, day: day)
    else { return nil }
    self = checked
  }

  /// The instants a date picker offers: 1995-06-16 through today in US Eastern time (the day
  /// `today(now:)` gives, not the device's date), each as `pickerDate`. A device clock set before
  /// the first APOD gives the first day alone, never an inverted range (which would trap).
  public static func pickerRange(now: Date) -> ClosedRange<Date> {
    first.pickerDate...max(first, today(now: now)).pickerDate
  }

  /// The day in `locale`'s long date style: "November 21, 2026" (en_US), "21 novembre 2026"
  /// (fr_FR). The locale's own calendar is used (a Buddhist-calendar locale shows its year), in
  /// GMT, so the date shown is this day whatever the device's time zone.
  public func displayText(locale: Locale) -> String {
    var calendar = locale.calendar
    calendar.timeZone = Self.gmt
    let style = Date.FormatStyle(
      date: .long, time: .omitted, locale: locale, calendar: calendar, timeZone: Self.gmt)
    return pickerDate.formatted(style)
  }

  private static let gmt = TimeZone(secondsFromGMT: 0) ?? .gmt
}
