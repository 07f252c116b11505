/// How serious a log event is. Core decides it, so every adapter (OSLog in the app, the transcript
/// in scenarios) filters the same way; Release builds keep warnings and errors only.
public enum LogSeverity: Int, Sendable, Comparable, CaseIterable {
  case debug, info, notice, warning, error

  public static func < (lhs: LogSeverity, rhs: LogSeverity) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension MonetizationLog {
  /// Failures that leave the user without something they asked for are warnings; unverified
  /// purchases are errors (possible tampering); routine steps are info or debug.
  public var severity: LogSeverity {
    switch self {
    case .backendStartFailed(.notConfigured):
      // Expected in builds without a Purchasely key: monetization is simply off.
      .notice
    case .backendStartFailed, .backendCheckFailed, .appTransactionUnavailable, .snapshotDiscarded,
      .entitlementFinding, .paywallLoadFailed, .paywallUnavailable, .paywallLost, .purchaseFailed,
      .purchaseNotHandledInFullMode, .restoreFinished(.failed):
      .warning
    case .purchaseUnverified, .transactionUpdateIgnored:
      .error
    case .subscriptionStatusesUnavailable, .purchaseSucceeded, .runningModeScheduled,
      .promotedPurchaseArrived,
      .appTransactionRefreshRequested:
      .notice
    case .launchStarted, .backendStarted, .entitlementUpdated, .paywallDisplayed, .paywallDismissed,
      .paywallClosedOnUnlock, .purchaseStarted, .purchasePending, .purchaseCancelled, .restoreStarted,
      .restoreFinished:
      .info
    case .snapshotLoaded, .snapshotMissing, .snapshotSaved, .syncStarted, .onboardingSkipped,
      .paywallRequested, .paywallAlreadyPresenting, .gateAttempted, .transactionRecorded,
      .transactionFinished, .synchronizeRequested, .purchaseSyncRequested, .checkDroppedAfterGrant,
      .transactionUpdateObserved,
      .transactionUpdateHandled,
      .promotedPurchaseHandled:
      .debug
    }
  }
}
