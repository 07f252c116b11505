import Foundation
import Localization

/// Only hour and minute are kept, never an absolute date, so the reminder follows the user's wall
/// clock through time-zone and daylight-saving changes.
public struct ReminderSettings: Sendable, Hashable, Codable {
  /// The user's choice, even while permission is missing.
  public var isEnabled: Bool
  /// 0...23, local time.
  public var hour: Int
  public var minute: Int

  public init(isEnabled: Bool, hour: Int, minute: Int) {
    self.isEnabled = isEnabled
    self.hour = hour
    self.minute = minute
  }

  public static let `default` = ReminderSettings(isEnabled: false, hour: 9, minute: 0)

  public static let storageKey = "reminder.settings"

  public static func isValidTime(hour: Int, minute: Int) -> Bool {
    (0...23).contains(hour) && (0...59).contains(minute)
  }

  /// A reminder preference is cheap to choose again, so damaged data falls back instead of failing.
  public static func load(from store: any ReminderSettingsStore) -> ReminderSettings {
    guard let data = store.data(forKey: storageKey),
      let settings = try? JSONDecoder().decode(ReminderSettings.self, from: data),
      isValidTime(hour: settings.hour, minute: settings.minute)
    else { return .default }
    return settings
  }

  public func save(to store: any ReminderSettingsStore) {
    // Encoding a Bool and two Ints cannot fail; `try?` only satisfies the throwing signature.
    guard let data = try? JSONEncoder().encode(self) else { return }
    store.set(data, forKey: Self.storageKey)
  }
}

public protocol ReminderSettingsStore: Sendable {
  func data(forKey key: String) -> Data?
  func set(_ data: Data, forKey key: String)
}

public enum ReminderSettingsError: Error, Sendable, Hashable {
  case invalidTime(hour: Int, minute: Int)

  public var message: String {
    switch self {
    case .invalidTime(let hour, let minute):
      Localized.text("%lld:%lld isn’t a time of day. Choose a time between 00:00 and 23:59.", hour, minute)
    }
  }
}

extension ReminderSettings {
  /// A fixed ordinary day, so every hour:minute exists (no daylight-saving gap).
  public func pickerDate(in calendar: Calendar) -> Date {
    let components = DateComponents(year: 2001, month: 1, day: 15, hour: hour, minute: minute)
    return calendar.date(from: components) ?? Date(timeIntervalSinceReferenceDate: 0)
  }

  public static func timeOfDay(from date: Date, in calendar: Calendar) -> (hour: Int, minute: Int) {
    let components = calendar.dateComponents([.hour, .minute], from: date)
    return (components.hour ?? 0, components.minute ?? 0)
  }
}
