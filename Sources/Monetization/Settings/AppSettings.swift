import Foundation
import Localization
import Observation

/// The user's app settings that monetization depends on, persisted in a `KeyValueStore`.
///
/// The running mode is read once, when the settings are created at launch (`activeMode`), because
/// the subscription SDK reads its mode once, at start. Choosing another mode stores it at once
/// (`pendingMode`) and applies on the next launch; `modeChangeNotice` tells the user so.
@MainActor
@Observable
public final class AppSettings {
  /// The mode this launch started the SDK with; it never changes while the app runs.
  public let activeMode: RunningMode
  /// The mode stored for the next launch.
  public private(set) var pendingMode: RunningMode

  @ObservationIgnored private let stored: StoredRunningMode

  /// Reads the persisted mode; a missing or unrecognised value falls back to `whenNoneStored`
  /// (an unreadable setting must not stop the app from starting).
  public init(store: any KeyValueStore, whenNoneStored: RunningMode) {
    stored = StoredRunningMode(store: store)
    let mode = stored.read().mode(whenNoneStored: whenNoneStored)
    activeMode = mode
    pendingMode = mode
  }

  /// `true` when the stored mode differs from the one this launch runs with.
  public var isRelaunchRequired: Bool { pendingMode != activeMode }

  /// What the settings screen says after a change, or `nil` when nothing is pending.
  public var modeChangeNotice: String? {
    guard isRelaunchRequired else { return nil }
    return Localized.text(
      "Spacer will use %@ the next time it starts. Until then it keeps using %@.", pendingMode.displayName,
      activeMode.displayName)
  }

  /// Stores `mode` immediately; it takes effect on the next launch.
  public func setRunningMode(_ mode: RunningMode) {
    stored.write(mode)
    pendingMode = mode
  }
}

/// The running mode chosen in Profile, as stored between launches: the one place that reads and
/// writes it (the mode's own name, `RunningMode.rawValue`, under `key`).
@MainActor
public struct StoredRunningMode {
  /// Key under which the chosen mode is stored.
  public static let key = "spacer.settings.runningMode"

  /// What the store holds.
  public enum Reading: Sendable, Equatable {
    /// A mode this version knows.
    case mode(RunningMode)
    /// Nothing stored yet (a fresh install).
    case missing
    /// A value this version does not know (a newer or older version wrote it, or it is damaged).
    case unrecognised(String)

    /// The mode to run: the stored one, else `whenNoneStored`.
    public func mode(whenNoneStored: RunningMode) -> RunningMode {
      if case .mode(let mode) = self { return mode }
      return whenNoneStored
    }
  }

  private let store: any KeyValueStore

  public init(store: any KeyValueStore) {
    self.store = store
  }

  /// Reads the stored choice.
  public func read() -> Reading {
    guard let text = store.string(forKey: Self.key) else { return .missing }
    guard let mode = RunningMode(rawValue: text) else { return .unrecognised(text) }
    return .mode(mode)
  }

  /// Stores `mode`, replacing whatever was there.
  public func write(_ mode: RunningMode) {
    store.setString(mode.rawValue, forKey: Self.key)
  }
}

extension RunningMode {
  /// The name used in user-facing text.
  public var displayName: String {
    switch self {
    case .full: Localized.text("Full mode")
    case .observer: Localized.text("Observer mode")
    }
  }
}
