import Foundation
import Notifications

/// The simulated phone's time zone is UTC: the reminder's calendar triggers ring in it.
enum ReminderRing {
  static let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
    return calendar
  }()

  static func next(_ request: NotificationRequest, after now: Date) -> Date? {
    guard let trigger = request.trigger else { return nil }
    return calendar.nextDate(after: now, matching: trigger.dateMatching, matchingPolicy: .nextTime)
  }
}
