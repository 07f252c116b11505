import Foundation

extension APODDay {
  /// The instant this APOD day begins: midnight in New York (US Eastern), when NASA's day turns.
  public var start: Date {
    let localMidnight = Double(dayNumber) * 86_400
    // Clocks change at 02:00, never at midnight, so the offset at this midnight is the one in force
    // four hours after midnight UTC-wise: 23:00 the evening before in winter (UTC−5), or the
    // midnight itself in summer (UTC−4), both before any change that day.
    let probe = Date(timeIntervalSince1970: localMidnight + 4 * 3_600)
    return Date(timeIntervalSince1970: localMidnight - Double(Self.easternOffset(at: probe)))
  }

  public static func startOfNextDay(after now: Date) -> Date {
    today(now: now).next.start
  }

  private static let newYork = TimeZone(identifier: "America/New_York")

  private static func easternOffset(at instant: Date) -> Int {
    newYork?.secondsFromGMT(for: instant) ?? EasternTime.usRuleOffset(for: instant)
  }
}
