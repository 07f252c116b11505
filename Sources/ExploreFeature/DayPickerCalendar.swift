#if canImport(SwiftUI)
  import Foundation
  import NASA

  /// Converts between an `APODDay` and the `Date` a `DatePicker` binds to.
  ///
  /// The picker is given this Gregorian calendar in GMT (through the environment), and each day
  /// maps to noon GMT of that date, so the picker shows exactly the APOD day whatever the device's
  /// time zone, and reading the picked date back gives the same day.
  nonisolated enum DayPickerCalendar {
    /// Gregorian, in GMT: the calendar and time zone given to the picker.
    static let calendar: Calendar = {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = .gmt
      return calendar
    }()

    /// Noon GMT on `day`.
    static func date(for day: APODDay) -> Date {
      let components = DateComponents(year: day.year, month: day.month, day: day.day, hour: 12)
      return calendar.date(from: components) ?? Date(timeIntervalSince1970: 0)
    }

    /// The calendar day of `date` in GMT, or nil if it is not a valid APOD calendar date.
    static func day(for date: Date) -> APODDay? {
      let parts = calendar.dateComponents([.year, .month, .day], from: date)
      guard let year = parts.year, let month = parts.month, let day = parts.day else { return nil }
      return try? APODDay(year: year, month: month, day: day)
    }

    /// The days the picker offers, 1995-06-16 through today in US Eastern time, as dates.
    static func range(now: Date) -> ClosedRange<Date> {
      date(for: .first)...date(for: APODDay.today(now: now))
    }
  }
#endif
