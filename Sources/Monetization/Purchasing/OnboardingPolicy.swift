public enum OnboardingPolicy {
  public enum Decision: Sendable, Equatable {
    case present
    case skip(SkipReason)
  }

  public enum SkipReason: String, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    case alreadyShownThisLaunch
    case subscriptionStateUnknown
    case subscriber

    public var description: String {
      switch self {
      case .alreadyShownThisLaunch: "already shown this launch"
      case .subscriptionStateUnknown: "subscription state unknown"
      case .subscriber: "subscriber"
      }
    }
  }

  /// Only after a *definitive* "no active subscription" from this launch's check (not on error, not
  /// from a cached value), and at most once per launch.
  public static func decide(after decision: EntitlementDecision, alreadyPresented: Bool) -> Decision {
    if alreadyPresented { return .skip(.alreadyShownThisLaunch) }
    guard decision.isDefinitive else { return .skip(.subscriptionStateUnknown) }
    guard decision.entitlement.access == .free else { return .skip(.subscriber) }
    return .present
  }
}
