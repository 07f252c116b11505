import Foundation
import Localization
import TextCleaning

/// APOD publishes at midnight US Eastern time, so "today" is the date in `America/New_York`
/// (`today(now:)`), not the device's date or UTC's.
public struct APODDay: Sendable, Hashable, Comparable, Strideable, CustomStringConvertible {
  public let year: Int
  public let month: Int
  public let day: Int

  public static let first = APODDay(checkedYear: 1995, month: 6, day: 16)

  /// The APOD day (US Eastern) from which NASA's legacy APOD API (`api.nasa.gov/planetary/apod`,
  /// "v1") is retired and its address points at the apod-basic feed: 2026-12-01. From this day on
  /// the automatic source never asks v1; only an explicit choice of v1 does (docs/APOD-SERVICE.md).
  public static let legacyServiceRetirement = APODDay(checkedYear: 2026, month: 12, day: 1)

  /// The APOD range (first day … today) is checked by `parse(_:now:)`, which knows the clock.
  public init(year: Int, month: Int, day: Int) throws(APODDayError) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...Self.daysIn(month: month, year: year)).contains(day)
    else {
      throw .notACalendarDate(String(format: "%04d-%02d-%02d", year, month, day))
    }
    self.init(checkedYear: year, month: month, day: day)
  }

  private init(checkedYear year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  // MARK: Text forms

  public var iso: String { Self.padded(year, 4) + "-" + Self.padded(month, 2) + "-" + Self.padded(day, 2) }

  /// The legacy form in apod.nasa.gov page names and apod-basic paths.
  public var yymmdd: String { Self.padded(year % 100, 2) + Self.padded(month, 2) + Self.padded(day, 2) }

  /// `String(format:)` is slow on Linux.
  private static func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
  }

  public var description: String { iso }

  /// A one-digit month or day is accepted, as the v1 service accepts it. Checks the format and the
  /// calendar only: `parse(_:now:)` is for user input.
  public init(iso text: String) throws(APODDayError) {
    // The usual exact form, read straight from its bytes (cache files hold many of these).
    if let (year, month, day) = Self.paddedParts(text) {
      try self.init(year: year, month: month, day: day)
      return
    }
    let trimmed = TextScan.trimmed(text)
    let parts = trimmed.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count),
      (1...2).contains(parts[2].count),
      parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { throw .malformed(trimmed) }
    try self.init(year: year, month: month, day: day)
  }

  private static func paddedParts(_ text: String) -> (Int, Int, Int)? {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
      return nil
    }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[range] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else {
      return nil
    }
    return (year, month, day)
  }

  /// Reads `YYMMDD`. Two-digit years 95–99 are 1995–1999; the rest are 2000–2094.
  public init(yymmdd text: String) throws(APODDayError) {
    guard text.count == 6, text.allSatisfy(\.isASCIIDigit), let number = Int(text) else {
      throw .malformed(text)
    }
    let twoDigitYear = number / 10_000
    let year = twoDigitYear >= 95 ? 1900 + twoDigitYear : 2000 + twoDigitYear
    try self.init(year: year, month: number / 100 % 100, day: number % 100)
  }

  /// A day typed by the user, as the repository may be asked for it (`askable`).
  public static func parse(_ text: String, now: Date) throws(APODDayError) -> APODDay {
    try APODDay(iso: text).askable(now: now)
  }

  /// A day the repository may be asked for: on a clock before the first APOD (a reset phone) every
  /// day from 1995-06-16 is "after today", and the repository answers those from what is saved.
  public func askable(now: Date) throws(APODDayError) -> APODDay {
    if Self.today(now: now) < Self.first, self >= Self.first { return self }
    return try validated(now: now)
  }

  public func validated(now: Date) throws(APODDayError) -> APODDay {
    if self < Self.first { throw .beforeFirstDay(self) }
    let today = Self.today(now: now)
    if self > today { throw .afterToday(self, today: today) }
    return self
  }

  // MARK: Today in US Eastern time

  /// At 02:00 UTC it is still the previous day in New York (22:00 EDT / 21:00 EST).
  public static func today(now: Date) -> APODDay {
    let (year, month, day) = EasternTime.calendarDate(of: now)
    return APODDay(checkedYear: year, month: month, day: day)
  }

  // MARK: Arithmetic

  /// Not clamped: callers compare with `first`.
  public var previous: APODDay { advanced(by: -1) }
  /// Not clamped: callers compare with today.
  public var next: APODDay { advanced(by: 1) }

  public static func lastDays(_ count: Int, endingOn end: APODDay) -> [APODDay] {
    guard count > 0, end >= first else { return [] }
    let start = Swift.max(first, end.advanced(by: -(count - 1)))
    return (start...end).reversed()
  }

  public static func < (lhs: APODDay, rhs: APODDay) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  public func distance(to other: APODDay) -> Int { other.dayNumber - dayNumber }

  public func advanced(by days: Int) -> APODDay {
    let (year, month, day) = Self.civilDate(fromDayNumber: dayNumber + days)
    return APODDay(checkedYear: year, month: month, day: day)
  }

  /// Days since 1970-01-01 in the proleptic Gregorian calendar (March-based year, so the leap
  /// day falls at the end of the counted year and months have a fixed pattern).
  public var dayNumber: Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let monthFromMarch = (month + 9) % 12
    let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  static func civilDate(fromDayNumber number: Int) -> (Int, Int, Int) {
    let shifted = number + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthFromMarch = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
    let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2:
      let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      return leap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}

/// `YYYY-MM-DD`, zero-padded, so text order is date order. Reading is strict, unlike `init(iso:)`:
/// anything but that exact form of a real date is nil, never a guess.
extension APODDay: RawRepresentable {
  public init?(rawValue: String) {
    guard let (year, month, day) = Self.paddedParts(rawValue),
      let checked = try? APODDay(year: year, month: month, day: day)
    else { return nil }
    self = checked
  }

  public var rawValue: String { iso }
}

extension APODDay: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    do {
      try self.init(iso: text)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(iso)
  }
}

public enum APODDayError: Error, Sendable, Hashable {
  case malformed(String)
  case notACalendarDate(String)
  case beforeFirstDay(APODDay)
  case afterToday(APODDay, today: APODDay)

  public var message: String {
    switch self {
    case .malformed(let text):
      Localized.text("\"%@\" is not a date. Use YYYY-MM-DD, for example 2024-07-04.", text)
    case .notACalendarDate(let text):
      Localized.text("%@ is not a real calendar date.", text)
    case .beforeFirstDay(let day):
      Localized.text(
        "%@ is before the first Astronomy Picture of the Day (%@).", day.iso, APODDay.first.iso)
    case .afterToday(let day, let today):
      Localized.text(
        "%@ is in the future: choose a day from %@ to %@ (today in US Eastern time).", day.iso,
        APODDay.first.iso, today.iso)
    }
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

enum EasternTime {
  private static let zone = TimeZone(identifier: "America/New_York")

  static func calendarDate(of instant: Date) -> (Int, Int, Int) {
    let offset = zone?.secondsFromGMT(for: instant) ?? usRuleOffset(for: instant)
    let localSeconds = Int((instant.timeIntervalSince1970).rounded(.down)) + offset
    let dayNumber = Int((Double(localSeconds) / 86_400).rounded(.down))
    return APODDay.civilDate(fromDayNumber: dayNumber)
  }

  /// The offset from UTC under the US rule in force since 2007 (EDT from the second Sunday of
  /// March at 02:00 EST to the first Sunday of November at 02:00 EDT). Used only when the
  /// system has no time-zone database (some minimal Linux images), so "today" stays right.
  static func usRuleOffset(for instant: Date) -> Int {
    let standard = -5 * 3600
    let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
    let (year, _, _) = APODDay.civilDate(
      fromDayNumber: Int((Double(seconds + standard) / 86_400).rounded(.down)))
    let march = nthSunday(2, month: 3, year: year)
    let november = nthSunday(1, month: 11, year: year)
    // Switches happen at 02:00 local: 07:00 UTC in March (EST), 06:00 UTC in November (EDT).
    let summerStart = march * 86_400 + 7 * 3600
    let summerEnd = november * 86_400 + 6 * 3600
    return (summerStart..<summerEnd).contains(seconds) ? standard + 3600 : standard
  }

  private static func nthSunday(_ n: Int, month: Int, year: Int) -> Int {
    let firstOfMonth = dayNumber(year: year, month: month, day: 1)
    // 1970-01-01 was a Thursday: weekday index 0 = Sunday gives (dayNumber + 4) mod 7.
    let weekday = ((firstOfMonth + 4) % 7 + 7) % 7
    let firstSunday = firstOfMonth + (7 - weekday) % 7
    return firstSunday + (n - 1) * 7
  }

  private static func dayNumber(year: Int, month: Int, day: Int) -> Int {
    (try? APODDay(year: year, month: month, day: day))?.dayNumber ?? 0
  }
}
