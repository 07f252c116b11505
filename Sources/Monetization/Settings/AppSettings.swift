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
  /// Key under which the running mode's raw value is stored.
  public static let runningModeKey = "spacer.settings.runningMode"

  /// The mode this launch started the SDK with; it never changes while the app runs.
  public let activeMode: RunningMode
  /// The mode stored for the next launch.
  public private(set) var pendingMode: RunningMode

  @ObservationIgnored private let store: any KeyValueStore

  /// Reads the persisted mode; a missing or unrecognised value falls back to `defaultMode`
  /// (an unreadable setting must not stop the app from starting).
  public init(store: any KeyValueStore, defaultMode: RunningMode = .full) {
    self.store = store
    let stored = store.string(forKey: Self.runningModeKey).flatMap(RunningMode.init(rawValue:))
    activeMode = stored ?? defaultMode
    pendingMode = stored ?? defaultMode
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
    store.setString(mode.rawValue, forKey: Self.runningModeKey)
    pendingMode = mode
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
