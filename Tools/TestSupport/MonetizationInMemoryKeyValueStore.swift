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

extension InMemoryKeyValueStore {
  /// This device's storage as one process sees it: reads pass through; once `isRunning` says the
  /// process has ended (quit or killed), its writes are lost, as a dead process writes nothing.
  public func process(isRunning: @escaping @MainActor () -> Bool) -> any KeyValueStore {
    ProcessKeyValueStore(device: self, isRunning: isRunning)
  }
}

/// One process's handle on an `InMemoryKeyValueStore` (see `process(isRunning:)`).
@MainActor
private final class ProcessKeyValueStore: KeyValueStore {
  let device: InMemoryKeyValueStore
  let isRunning: @MainActor () -> Bool

  init(device: InMemoryKeyValueStore, isRunning: @escaping @MainActor () -> Bool) {
    self.device = device
    self.isRunning = isRunning
  }

  func data(forKey defaultName: String) -> Data? { device.data(forKey: defaultName) }
  func string(forKey defaultName: String) -> String? { device.string(forKey: defaultName) }
  func setData(_ value: Data, forKey defaultName: String) {
    if isRunning() { device.setData(value, forKey: defaultName) }
  }

  func setString(_ value: String, forKey defaultName: String) {
    if isRunning() { device.setString(value, forKey: defaultName) }
  }

  func removeObject(forKey defaultName: String) {
    if isRunning() { device.removeObject(forKey: defaultName) }
  }
}
