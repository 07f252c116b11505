import Basics
import Foundation
import ImageCache
import NASA

/// The device's calendar: its time zone is the one the system rings the trigger in.
public struct ReminderDays: Sendable {
  let clock: any Clocking
  let calendar: @Sendable () -> Calendar
  let content: @Sendable (APODDay) async -> ReminderContent?

  public init(
    clock: any Clocking, calendar: @escaping @Sendable () -> Calendar,
    content: @escaping @Sendable (APODDay) async -> ReminderContent?
  ) {
    self.clock = clock
    self.calendar = calendar
    self.content = content
  }

  public static func saved(
    repository: APODRepository, images: ImagePipeline, folder: URL, clock: any Clocking
  ) -> ReminderDays {
    ReminderDays(clock: clock, calendar: { .current }) { day in
      await ReminderContent.saved(
        day: day, repository: repository, images: images, folder: ReminderAttachmentFolder(url: folder))
    }
  }
}

/// A repeating request cannot change its words from one day to the next, so a day's title rings in
/// a one-time request and the other six weekdays repeat weekly with the general sentence.
public enum ReminderPlan {
  public static let weekdayIdentifiers = (1...7).map {
    "\(ReminderScheduler.requestIdentifier).weekday-\($0)"
  }
  public static let identifiers = [ReminderScheduler.requestIdentifier] + weekdayIdentifiers

  public static func nextRing(hour: Int, minute: Int, after now: Date, calendar: Calendar) -> Date? {
    calendar.nextDate(
      after: now, matching: DateComponents(hour: hour, minute: minute, second: 0), matchingPolicy: .nextTime)
  }

  /// `content` is used only when it is for the APOD day (US Eastern) at `ring`.
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
