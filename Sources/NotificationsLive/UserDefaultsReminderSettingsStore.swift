import Foundation
import Notifications

/// Core's `ReminderSettingsStore` over `UserDefaults` (the reminder choice is a small preference).
///
/// The defaults are injected: `.standard` in the app, a suite of their own in previews.
// @unchecked Sendable: UserDefaults is documented thread-safe, but the SDK imports it as non-Sendable.
public struct UserDefaultsReminderSettingsStore: ReminderSettingsStore, @unchecked Sendable {
  private let defaults: UserDefaults

  public init(defaults: UserDefaults) {
    self.defaults = defaults
  }

  public func data(forKey key: String) -> Data? {
    defaults.data(forKey: key)
  }

  public func set(_ data: Data, forKey key: String) {
    defaults.set(data, forKey: key)
  }
}
