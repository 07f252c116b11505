import Foundation

public struct MonetizationConfiguration: Sendable, Equatable {
  public var subscriptionGroupID: String
  public var paywallLoadTimeout: Duration
  public var paywallDisplayTimeout: Duration
  /// A timed-out call's answer is inconclusive, never "free".
  public var backendCallTimeout: Duration
  public var defaultRunningMode: RunningMode
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
