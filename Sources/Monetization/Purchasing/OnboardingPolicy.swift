/// When the `onboarding` placement is shown at launch.
public enum OnboardingPolicy {
  /// What to do after the launch check.
  public enum Decision: Sendable, Equatable {
    case present
    case skip(reason: String)
  }

  /// Present only after a *definitive* "no active subscription" from this launch's check (not on
  /// error, not on unknown, not from a cached value), and at most once per launch.
  public static func decide(after decision: EntitlementDecision, alreadyPresented: Bool) -> Decision {
    if alreadyPresented { return .skip(reason: "already shown this launch") }
    guard decision.isDefinitive else { return .skip(reason: "subscription state unknown") }
    guard decision.entitlement.access == .free else { return .skip(reason: "subscriber") }
    return .present
  }
}
