import Foundation

/// A small persistent key-value store, shaped exactly like the parts of `UserDefaults` Spacer uses.
///
/// Settings and the last-known entitlement snapshot live here. The protocol is main-actor
/// isolated because `UserDefaults` is not `Sendable` on every platform and every reader of these
/// values (settings, the entitlement provider) is a main-actor model.
@MainActor
public protocol KeyValueStore: AnyObject {
  /// The bytes stored under `defaultName`, or `nil` when absent or not bytes.
  func data(forKey defaultName: String) -> Data?
  /// The text stored under `defaultName`, or `nil` when absent or not text.
  func string(forKey defaultName: String) -> String?
  /// The flag stored under `defaultName`; `false` when absent, as `UserDefaults` does.
  func bool(forKey defaultName: String) -> Bool
  /// Stores `Data` or `String` (other values are not used by Spacer); `nil` removes the key.
  func set(_ value: Any?, forKey defaultName: String)
  /// Stores a flag.
  func set(_ value: Bool, forKey defaultName: String)
  /// Removes whatever is stored under `defaultName`.
  func removeObject(forKey defaultName: String)
}

/// `UserDefaults` already has this exact shape, so the app passes `UserDefaults.standard`
/// and no adapter is needed.
extension UserDefaults: KeyValueStore {}
