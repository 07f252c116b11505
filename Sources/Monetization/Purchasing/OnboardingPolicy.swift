/// When the `onboarding` placement is shown at launch.
public enum OnboardingPolicy {
  /// What to do after the launch check.
  public enum Decision: Sendable, Equatable {
    case present
    case skip(SkipReason)
  }

  /// Why onboarding is not shown at this launch.
  public enum SkipReason: String, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    /// It was already shown once since the app started.
    case alreadyShownThisLaunch
    /// The launch check did not give a definitive answer (an error, or only a cached value).
    case subscriptionStateUnknown
    /// The user has an active subscription.
    case subscriber

    /// The words written in the log.
    public var description: String {
      switch self {
      case .alreadyShownThisLaunch: "already shown this launch"
      case .subscriptionStateUnknown: "subscription state unknown"
      case .subscriber: "subscriber"
      }
    }
  }

  /// Present only after a *definitive* "no active subscription" from this launch's check (not on
  /// error, not on unknown, not from a cached value), and at most once per launch.
  public static func decide(after decision: EntitlementDecision, alreadyPresented: Bool) -> Decision {
    if alreadyPresented { return .skip(.alreadyShownThisLaunch) }
    guard decision.isDefinitive else { return .skip(.subscriptionStateUnknown) }
    guard decision.entitlement.access == .free else { return .skip(.subscriber) }
    return .present
  }
}
