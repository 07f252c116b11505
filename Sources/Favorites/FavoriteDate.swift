/// The APOD date that identifies a favorite, written `YYYY-MM-DD` like the APOD archive.
///
/// There is one picture per day, so the date is the natural key: saving the same day twice updates
/// one favorite instead of adding a second. It is a plain calendar date with no time and no time
/// zone, so it never shifts when the device travels. `rawValue` is the unique key of the stored
/// record (the JSON file today, the SwiftData model later).
public struct FavoriteDate: RawRepresentable, Hashable, Comparable, Sendable, Codable,
  CustomStringConvertible
{
  public let year: Int
  public let month: Int
  public let day: Int

  /// A date that exists in the Gregorian calendar (years 1 to 9999); `nil` for "2023-02-29".
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...Self.numberOfDays(inMonth: month, ofYear: year)).contains(day)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// A day already known to be valid (an `APODDay`); skips the checks of `init?(year:month:day:)`.
  init(validYear year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// Parses exactly `YYYY-MM-DD` with ASCII digits, the form the APOD API and the favorites file use.
  /// Anything else (missing padding, a time suffix, an impossible day) is `nil`, never a guess.
  public init?(rawValue: String) {
    let bytes = Array(rawValue.utf8)
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
    self.init(year: year, month: month, day: day)
  }

  /// The `YYYY-MM-DD` form, zero-padded so that string order is date order.
  public var rawValue: String {
    "\(Self.padded(year, to: 4))-\(Self.padded(month, to: 2))-\(Self.padded(day, to: 2))"
  }

  public var description: String { rawValue }

  public static func < (lhs: FavoriteDate, rhs: FavoriteDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  private static func numberOfDays(inMonth month: Int, ofYear year: Int) -> Int {
    switch month {
    case 2:
      // Gregorian leap years: every fourth year, except centuries not divisible by 400.
      let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      return isLeap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  private static func padded(_ value: Int, to width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
