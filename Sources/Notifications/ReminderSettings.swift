import Foundation
import Localization

/// The user's daily reminder choice: on or off, and the local time of day it rings.
///
/// Only hour and minute are kept, never an absolute date, so the reminder follows the user's
/// wall clock through time-zone and daylight-saving changes.
public struct ReminderSettings: Sendable, Hashable, Codable {
  /// Whether the user wants the reminder (their choice, even while permission is missing).
  public var isEnabled: Bool
  /// 0...23, local time.
  public var hour: Int
  /// 0...59.
  public var minute: Int

  public init(isEnabled: Bool, hour: Int, minute: Int) {
    self.isEnabled = isEnabled
    self.hour = hour
    self.minute = minute
  }

  /// Off, at 09:00: a morning nudge when the user first turns it on.
  public static let `default` = ReminderSettings(isEnabled: false, hour: 9, minute: 0)

  /// The key under which the settings are stored.
  public static let storageKey = "reminder.settings"

  /// Whether `hour:minute` is a time of day.
  public static func isValidTime(hour: Int, minute: Int) -> Bool {
    (0...23).contains(hour) && (0...59).contains(minute)
  }

  /// The stored settings, or `.default` when nothing (or nothing usable) is stored. A reminder
  /// preference is cheap to choose again, so damaged data falls back instead of failing.
  public static func load(from store: any ReminderSettingsStore) -> ReminderSettings {
    guard let data = store.data(forKey: storageKey),
      let settings = try? JSONDecoder().decode(ReminderSettings.self, from: data),
      isValidTime(hour: settings.hour, minute: settings.minute)
    else { return .default }
    return settings
  }

  /// Stores the settings under `storageKey`.
  public func save(to store: any ReminderSettingsStore) {
    // Encoding a Bool and two Ints cannot fail; `try?` only satisfies the throwing signature.
    guard let data = try? JSONEncoder().encode(self) else { return }
    store.set(data, forKey: Self.storageKey)
  }
}

/// A minimal key-value store for the reminder settings (`UserDefaults` on devices).
public protocol ReminderSettingsStore: Sendable {
  /// The data stored under `key`, if any.
  func data(forKey key: String) -> Data?
  /// Stores `data` under `key`, replacing what was there.
  func set(_ data: Data, forKey key: String)
}

/// Bad input for the reminder settings.
public enum ReminderSettingsError: Error, Sendable, Hashable {
  /// `hour:minute` is not a time of day.
  case invalidTime(hour: Int, minute: Int)

  /// A specific sentence for the screen.
  public var message: String {
    switch self {
    case .invalidTime(let hour, let minute):
      Localized.text("%lld:%lld isn’t a time of day. Choose a time between 00:00 and 23:59.", hour, minute)
    }
  }
}

extension ReminderSettings {
  /// The reminder's wall-clock time as a `Date` for a time picker, in `calendar` (the user's).
  ///
  /// A fixed ordinary day is used, so every hour:minute exists (no daylight-saving gap); only the
  /// hour and minute of the result mean anything.
  public func pickerDate(in calendar: Calendar) -> Date {
    let components = DateComponents(year: 2001, month: 1, day: 15, hour: hour, minute: minute)
    return calendar.date(from: components) ?? Date(timeIntervalSinceReferenceDate: 0)
  }

  /// The hour and minute a time picker's `date` shows in `calendar`.
  public static func timeOfDay(from date: Date, in calendar: Calendar) -> (hour: Int, minute: Int) {
    let components = calendar.dateComponents([.hour, .minute], from: date)
    return (components.hour ?? 0, components.minute ?? 0)
  }
}
