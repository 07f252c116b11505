/// The UI asks whether a capability is unlocked, never which product is active, so plans can change
/// without touching screens.
public enum Feature: String, Sendable, Equatable, Codable, CaseIterable {
  case favorites
}

public struct FeatureGate: Sendable, Equatable {
  public let feature: Feature

  public init(_ feature: Feature) {
    self.feature = feature
  }

  /// An unknown state is locked; the paywall may still open on tap (only automatic paywalls wait).
  public func isUnlocked(by entitlement: Entitlement) -> Bool {
    switch feature {
    case .favorites: entitlement.access == .premium
    }
  }
}
