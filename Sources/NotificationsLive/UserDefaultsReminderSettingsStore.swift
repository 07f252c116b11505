import Foundation
import Notifications

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
