import Foundation

/// Main-actor isolated: `UserDefaults` is not `Sendable` on every platform, and every reader of these
/// values is a main-actor model.
@MainActor
public protocol KeyValueStore: AnyObject {
  func data(forKey defaultName: String) -> Data?
  func string(forKey defaultName: String) -> String?
  func setData(_ value: Data, forKey defaultName: String)
  func setString(_ value: String, forKey defaultName: String)
  func removeObject(forKey defaultName: String)
}

extension UserDefaults: KeyValueStore {
  public func setData(_ value: Data, forKey defaultName: String) {
    set(value, forKey: defaultName)
  }

  public func setString(_ value: String, forKey defaultName: String) {
    set(value, forKey: defaultName)
  }
}
