import Basics
import Foundation
import ImageCache
import NASA

/// What the reminder needs to name the day it rings on: the time, the device's calendar (its time
/// zone is the one the system rings the trigger in) and the saved content of an APOD day.
public struct ReminderDays: Sendable {
  let clock: any Clocking
  let calendar: @Sendable () -> Calendar
  let content: @Sendable (APODDay) async -> ReminderContent?

  /// - Parameter content: normally `ReminderContent.saved(day:repository:images:folder:)`.
  public init(
    clock: any Clocking, calendar: @escaping @Sendable () -> Calendar,
    content: @escaping @Sendable (APODDay) async -> ReminderContent?
  ) {
    self.clock = clock
    self.calendar = calendar
    self.content = content
  }

  /// The app's: the day's content from what is saved (`ReminderContent.saved`), in the device's calendar.
  public static func saved(
    repository: APODRepository, images: ImagePipeline, folder: URL, clock: any Clocking
  ) -> ReminderDays {
    ReminderDays(clock: clock, calendar: { .current }) { day in
      await ReminderContent.saved(
        day: day, repository: repository, images: images, folder: ReminderAttachmentFolder(url: folder))
    }
  }
}

/// The pending requests that make the reminder ring once a day at the chosen time.
///
/// Without content for the next ring, one repeating daily request (what the reminder always was).
/// With it, that ring is a one-time request carrying the day's title and picture, and the other
/// six weekdays repeat weekly with the general sentence: a repeating request cannot change its
/// words from one day to the next, so a day's title never rings again on the next day. Until the
/// app or its background refresh runs again, only that weekday goes without a reminder.
public enum ReminderPlan {
  public static let weekdayIdentifiers = (1...7).map {
    "\(ReminderScheduler.requestIdentifier).weekday-\($0)"
  }
  public static let identifiers = [ReminderScheduler.requestIdentifier] + weekdayIdentifiers

  /// The next time the reminder rings after `now`.
  public static func nextRing(hour: Int, minute: Int, after now: Date, calendar: Calendar) -> Date? {
    calendar.nextDate(
      after: now, matching: DateComponents(hour: hour, minute: minute, second: 0), matchingPolicy: .nextTime)
  }

  /// - Parameters:
  ///   - content: used only when it is for the APOD day (US Eastern) at `ring`.
  public static func requests(
    hour: Int, minute: Int, generalBody: String, content: ReminderContent?, ring: Date?, calendar: Calendar
  ) -> [NotificationRequest] {
    guard let content, let ring, APODDay.today(now: ring) == content.day else {
      return [
        NotificationRequest(
          identifier: ReminderScheduler.requestIdentifier, title: ReminderScheduler.notificationTitle,
          body: generalBody, trigger: .daily(hour: hour, minute: minute))
      ]
    }
    let date = calendar.dateComponents([.year, .month, .day], from: ring)
    let weekday = calendar.component(.weekday, from: ring)
    let once = NotificationRequest(
      identifier: ReminderScheduler.requestIdentifier, title: ReminderScheduler.notificationTitle,
      body: content.body,
      trigger: NotificationCalendarTrigger(
        dateMatching: DateComponents(
          year: date.year, month: date.month, day: date.day, hour: hour, minute: minute),
        repeats: false),
      attachment: content.attachment)
    let weekly = (1...7).filter { $0 != weekday }.map { day in
      NotificationRequest(
        identifier: weekdayIdentifiers[day - 1], title: ReminderScheduler.notificationTitle,
        body: generalBody,
        trigger: NotificationCalendarTrigger(
          dateMatching: DateComponents(hour: hour, minute: minute, weekday: day), repeats: true))
    }
    return [once] + weekly
  }
}
