import Foundation
import Monetization

/// A `KeyValueStore` in memory: a fresh "device" per test. Reuse one instance across two models
/// to simulate a relaunch.
@MainActor
public final class InMemoryKeyValueStore: KeyValueStore {
  private enum Value: Equatable {
    case data(Data)
    case string(String)
    case bool(Bool)
  }

  private var values: [String: Value] = [:]

  public init() {}

  public func data(forKey defaultName: String) -> Data? {
    if case .data(let data) = values[defaultName] { data } else { nil }
  }

  public func string(forKey defaultName: String) -> String? {
    if case .string(let string) = values[defaultName] { string } else { nil }
  }

  public func bool(forKey defaultName: String) -> Bool {
    if case .bool(let flag) = values[defaultName] { flag } else { false }
  }

  public func set(_ value: Any?, forKey defaultName: String) {
    switch value {
    case nil: values[defaultName] = nil
    case let data as Data: values[defaultName] = .data(data)
    case let string as String: values[defaultName] = .string(string)
    case let flag as Bool: values[defaultName] = .bool(flag)
    default: break
    }
  }

  public func set(_ value: Bool, forKey defaultName: String) {
    values[defaultName] = .bool(value)
  }

  public func removeObject(forKey defaultName: String) {
    values[defaultName] = nil
  }

  /// The keys currently stored.
  public var keys: Set<String> { Set(values.keys) }
}
