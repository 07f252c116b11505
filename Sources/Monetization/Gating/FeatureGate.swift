/// A premium capability. The UI asks whether a capability is unlocked, never which product is
/// active, so plans can change without touching screens.
public enum Feature: String, Sendable, Equatable, Codable, CaseIterable {
  /// Saving pictures to Favorites.
  case favorites
}

/// The rule that unlocks one capability.
public struct FeatureGate: Sendable, Equatable {
  public let feature: Feature

  public init(_ feature: Feature) {
    self.feature = feature
  }

  /// Every capability currently requires Premium; an unknown state is locked (the paywall may
  /// still open on tap: only automatic paywalls wait for an answer).
  public func isUnlocked(by entitlement: Entitlement) -> Bool {
    switch feature {
    case .favorites: entitlement.access == .premium
    }
  }
}
