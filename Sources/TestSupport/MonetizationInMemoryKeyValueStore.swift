import Foundation
import Monetization

/// A `KeyValueStore` in memory: a fresh "device" per test. Reuse one instance across two models
/// to simulate a relaunch.
@MainActor
public final class InMemoryKeyValueStore: KeyValueStore {
  private enum Value: Equatable {
    case data(Data)
    case string(String)
  }

  private var values: [String: Value] = [:]

  public init() {}

  public func data(forKey defaultName: String) -> Data? {
    if case .data(let data) = values[defaultName] { data } else { nil }
  }

  public func string(forKey defaultName: String) -> String? {
    if case .string(let string) = values[defaultName] { string } else { nil }
  }

  public func setData(_ value: Data, forKey defaultName: String) {
    values[defaultName] = .data(value)
  }

  public func setString(_ value: String, forKey defaultName: String) {
    values[defaultName] = .string(value)
  }

  public func removeObject(forKey defaultName: String) {
    values[defaultName] = nil
  }

  /// The keys currently stored.
  public var keys: Set<String> { Set(values.keys) }
}
