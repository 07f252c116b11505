import Foundation
import Localization
import Observation

/// The SDK reads its running mode once, at start, so `activeMode` is read once and a choice applies
/// on the next launch.
@MainActor
@Observable
public final class AppSettings {
  public let activeMode: RunningMode
  public private(set) var pendingMode: RunningMode

  @ObservationIgnored private let stored: StoredRunningMode

  /// An unreadable setting must not stop the app from starting.
  public init(store: any KeyValueStore, whenNoneStored: RunningMode) {
    stored = StoredRunningMode(store: store)
    let mode = stored.read().mode(whenNoneStored: whenNoneStored)
    activeMode = mode
    pendingMode = mode
  }

  public var isRelaunchRequired: Bool { pendingMode != activeMode }

  public var modeChangeNotice: String? {
    guard isRelaunchRequired else { return nil }
    return Localized.text(
      "Spacer will use %@ the next time it starts. Until then it keeps using %@.", pendingMode.displayName,
      activeMode.displayName)
  }

  public func setRunningMode(_ mode: RunningMode) {
    stored.write(mode)
    pendingMode = mode
  }
}

@MainActor
public struct StoredRunningMode {
  public static let key = "spacer.settings.runningMode"

  public enum Reading: Sendable, Equatable {
    case mode(RunningMode)
    case missing
    case unrecognised(String)

    public func mode(whenNoneStored: RunningMode) -> RunningMode {
      if case .mode(let mode) = self { return mode }
      return whenNoneStored
    }
  }

  private let store: any KeyValueStore

  public init(store: any KeyValueStore) {
    self.store = store
  }

  public func read() -> Reading {
    guard let text = store.string(forKey: Self.key) else { return .missing }
    guard let mode = RunningMode(rawValue: text) else { return .unrecognised(text) }
    return .mode(mode)
  }

  public func write(_ mode: RunningMode) {
    store.setString(mode.rawValue, forKey: Self.key)
  }
}

extension RunningMode {
  public var displayName: String {
    switch self {
    case .full: Localized.text("Full mode")
    case .observer: Localized.text("Observer mode")
    }
  }
}
