import Foundation

/// Build-time monetization settings.
public struct MonetizationConfiguration: Sendable, Equatable {
  /// The StoreKit subscription group holding Spacer's plans (`subscriptionGroupID`).
  public var subscriptionGroupID: String
  /// How long a paywall may take to load before the attempt resolves as timed out.
  public var paywallLoadTimeout: Duration
  /// The running mode used when none is stored yet.
  public var defaultRunningMode: RunningMode
  /// Grandfathering of paid-app buyers; `nil` while the business model has not changed.
  public var grandfathering: GrandfatheringPolicy?

  public init(
    subscriptionGroupID: String, paywallLoadTimeout: Duration = .seconds(10),
    defaultRunningMode: RunningMode = .full, grandfathering: GrandfatheringPolicy? = nil
  ) {
    self.subscriptionGroupID = subscriptionGroupID
    self.paywallLoadTimeout = paywallLoadTimeout
    self.defaultRunningMode = defaultRunningMode
    self.grandfathering = grandfathering
  }
}
