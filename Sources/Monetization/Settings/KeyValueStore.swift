import Foundation

/// A small persistent key-value store holding the two kinds of value Spacer keeps: text (the
/// running mode) and bytes (the last-known entitlement snapshot).
///
/// Each kind has its own setter, so a value of any other type cannot be stored by mistake and a
/// reader always gets back the type it asks for. The protocol is main-actor isolated because
/// `UserDefaults` is not `Sendable` on every platform and every reader of these values (settings,
/// the entitlement provider) is a main-actor model.
@MainActor
public protocol KeyValueStore: AnyObject {
  /// The bytes stored under `defaultName`, or `nil` when absent or not bytes.
  func data(forKey defaultName: String) -> Data?
  /// The text stored under `defaultName`, or `nil` when absent or not text.
  func string(forKey defaultName: String) -> String?
  /// Stores bytes under `defaultName`, replacing what was there.
  func setData(_ value: Data, forKey defaultName: String)
  /// Stores text under `defaultName`, replacing what was there.
  func setString(_ value: String, forKey defaultName: String)
  /// Removes whatever is stored under `defaultName`.
  func removeObject(forKey defaultName: String)
}

/// `UserDefaults` already reads both kinds (`data(forKey:)`, `string(forKey:)`) and removes keys;
/// the typed setters store through its `set(_:forKey:)`, so the app passes `UserDefaults.standard`.
extension UserDefaults: KeyValueStore {
  public func setData(_ value: Data, forKey defaultName: String) {
    set(value, forKey: defaultName)
  }

  public func setString(_ value: String, forKey defaultName: String) {
    set(value, forKey: defaultName)
  }
}
