import Foundation

/// Build-time monetization settings.
public struct MonetizationConfiguration: Sendable, Equatable {
  /// The StoreKit subscription group holding Spacer's plans (`subscriptionGroupID`).
  public var subscriptionGroupID: String
  /// How long a paywall may take to load before the attempt resolves as timed out.
  public var paywallLoadTimeout: Duration
  /// How long a loaded paywall may take to appear before Core gives up on it as not shown.
  public var paywallDisplayTimeout: Duration
  /// How long a call into the subscription SDK (start, check, synchronize, restore) may take
  /// before it counts as failed: the answer is then inconclusive, never "free".
  public var backendCallTimeout: Duration
  /// The running mode used when none is stored yet (`RunningMode.whenNoneStored` unless a build
  /// or a test names another).
  public var defaultRunningMode: RunningMode
  /// Grandfathering of paid-app buyers; `nil` while the business model has not changed.
  public var grandfathering: GrandfatheringPolicy?

  public init(
    subscriptionGroupID: String, paywallLoadTimeout: Duration = .seconds(10),
    paywallDisplayTimeout: Duration = .seconds(5), backendCallTimeout: Duration = .seconds(15),
    defaultRunningMode: RunningMode = .whenNoneStored, grandfathering: GrandfatheringPolicy? = nil
  ) {
    self.backendCallTimeout = backendCallTimeout
    self.subscriptionGroupID = subscriptionGroupID
    self.paywallLoadTimeout = paywallLoadTimeout
    self.paywallDisplayTimeout = paywallDisplayTimeout
    self.defaultRunningMode = defaultRunningMode
    self.grandfathering = grandfathering
  }
}
