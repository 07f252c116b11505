/// How Spacer runs the subscription SDK: Spacer's own persisted value, never the SDK's raw value.
///
/// Purchasely reads its running mode once, at start (`PLYRunningMode`), so a change made while the
/// app runs can only apply on the next launch. The adapter maps `.full` to `PLYRunningMode.full`
/// and `.observer` to `PLYRunningMode.observer`; the mapping is explicit because the SDK's default
/// changed between v5 and v6.
public enum RunningMode: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
  /// The SDK buys, finishes transactions and listens to StoreKit; Spacer only reads.
  case full
  /// Spacer buys with StoreKit 2 itself, finishes transactions and tells the SDK afterwards.
  case observer

  /// The mode a fresh install runs in (nothing stored, or a value this version does not know),
  /// unless the build configuration names another (`MonetizationConfiguration.defaultRunningMode`).
  public static let whenNoneStored: RunningMode = .full

  public var description: String { rawValue }
}
