import Foundation

/// Receives monetization log events. The app's adapter writes them to OSLog; tests and the
/// simulator record them. Events carry plain values only: never receipts, tokens or API keys.
public protocol MonetizationLogging: Sendable {
  func log(_ event: MonetizationLog)
}

/// A logger that drops everything (previews, and builds without logging).
public struct SilentMonetizationLogger: MonetizationLogging {
  public init() {}
  public func log(_ event: MonetizationLog) {}
}

/// One paywall dismissal, as recorded in the outcome log.
public struct PaywallDismissal: Sendable, Equatable {
  public var placement: Placement
  public var purchaseResult: PaywallPurchaseResult
  public var planVendorID: String?
  public var closeReason: PaywallCloseReason
  public var error: String?

  public init(placement: Placement, outcome: PaywallOutcome) {
    self.placement = placement
    self.purchaseResult = outcome.purchaseResult
    self.planVendorID = outcome.plan?.vendorID
    self.closeReason = outcome.closeReason
    self.error = outcome.error
  }
}

/// Every monetization event worth a log line, typed so tests can assert on them.
public enum MonetizationLog: Sendable, Equatable {
  // Launch and settings
  case launchStarted(mode: RunningMode)
  case backendStarted(mode: RunningMode)
  case backendStartFailed(SubscriptionBackendError)
  case runningModeScheduled(active: RunningMode, next: RunningMode)
  // Snapshot
  case snapshotLoaded(isPremium: Bool, computedAt: Date)
  case snapshotMissing
  case snapshotDiscarded(SnapshotDiscardReason)
  case snapshotSaved(isPremium: Bool, reason: EntitlementReason)
  // Sync
  case syncStarted(trigger: SyncTrigger, plan: SyncPlan)
  case backendCheckFailed(SubscriptionBackendError)
  case subscriptionStatusesUnavailable(StoreReadError)
  case appTransactionUnavailable(StoreReadError)
  case appTransactionRefreshRequested
  case entitlementFinding(EntitlementFinding)
  case entitlementUpdated(access: AccessLevel, reason: EntitlementReason, definitive: Bool)
  /// A check whose reads began before a purchase was granted: its older answer is not applied.
  case checkDroppedAfterGrant(trigger: SyncTrigger)
  case onboardingSkipped(reason: OnboardingPolicy.SkipReason)
  // Paywalls
  case paywallRequested(placement: Placement)
  case paywallAlreadyPresenting(placement: Placement)
  case paywallLoadFailed(placement: Placement, PaywallLoadFailure)
  case paywallUnavailable(placement: Placement, reason: PaywallUnavailableReason)
  case paywallDisplayed(placement: Placement, presentationID: String)
  case paywallDismissed(PaywallDismissal)
  case paywallClosedOnUnlock
  /// A shown paywall is no longer on screen although its dismissal was never reported.
  case paywallLost(placement: Placement)
  case gateAttempted(feature: Feature, result: GateAttemptResult)
  // Observer-mode purchasing
  case purchaseStarted(productID: ProductID)
  case purchaseSucceeded(productID: ProductID, transactionID: UInt64)
  case purchasePending(productID: ProductID)
  case purchaseCancelled(productID: ProductID)
  case purchaseFailed(productID: ProductID?, PurchaseFailure)
  case purchaseUnverified(productID: ProductID, VerificationFailure)
  case purchaseNotHandledInFullMode
  case transactionUpdateIgnored(transactionID: UInt64, VerificationFailure)
  case transactionRecorded(transactionID: UInt64, productID: ProductID, granted: Bool)
  case transactionFinished(transactionID: UInt64)
  /// Full mode: an update seen read-only (the SDK finishes it); entitlements are re-checked.
  case transactionUpdateObserved(transactionID: UInt64)
  /// The listener is done with one update, whatever it did with it.
  case transactionUpdateHandled(transactionID: UInt64)
  /// The App Store handed over a promoted purchase (`PurchaseIntent`).
  case promotedPurchaseArrived(productID: ProductID, handling: PromotedPurchaseHandling)
  /// The app is done with one promoted purchase, whatever it did with it.
  case promotedPurchaseHandled(productID: ProductID)
  case synchronizeRequested
  /// `syncPurchase` for a purchase the app made outside any interceptor.
  case purchaseSyncRequested(transactionID: UInt64)
  // Restore
  case restoreStarted(mode: RunningMode)
  case restoreFinished(RestoreOutcome)

  /// The case name (`paywallDismissed`), used to match events in scenarios.
  public var name: String { kind.rawValue }

  /// Which event this is, without its values.
  public var kind: Kind {
    switch self {
    case .launchStarted: .launchStarted
    case .backendStarted: .backendStarted
    case .backendStartFailed: .backendStartFailed
    case .runningModeScheduled: .runningModeScheduled
    case .snapshotLoaded: .snapshotLoaded
    case .snapshotMissing: .snapshotMissing
    case .snapshotDiscarded: .snapshotDiscarded
    case .snapshotSaved: .snapshotSaved
    case .syncStarted: .syncStarted
    case .backendCheckFailed: .backendCheckFailed
    case .subscriptionStatusesUnavailable: .subscriptionStatusesUnavailable
    case .appTransactionUnavailable: .appTransactionUnavailable
    case .appTransactionRefreshRequested: .appTransactionRefreshRequested
    case .entitlementFinding: .entitlementFinding
    case .entitlementUpdated: .entitlementUpdated
    case .checkDroppedAfterGrant: .checkDroppedAfterGrant
    case .onboardingSkipped: .onboardingSkipped
    case .paywallRequested: .paywallRequested
    case .paywallAlreadyPresenting: .paywallAlreadyPresenting
    case .paywallLoadFailed: .paywallLoadFailed
    case .paywallUnavailable: .paywallUnavailable
    case .paywallDisplayed: .paywallDisplayed
    case .paywallDismissed: .paywallDismissed
    case .paywallClosedOnUnlock: .paywallClosedOnUnlock
    case .paywallLost: .paywallLost
    case .gateAttempted: .gateAttempted
    case .purchaseStarted: .purchaseStarted
    case .purchaseSucceeded: .purchaseSucceeded
    case .purchasePending: .purchasePending
    case .purchaseCancelled: .purchaseCancelled
    case .purchaseFailed: .purchaseFailed
    case .purchaseUnverified: .purchaseUnverified
    case .purchaseNotHandledInFullMode: .purchaseNotHandledInFullMode
    case .transactionUpdateIgnored: .transactionUpdateIgnored
    case .transactionRecorded: .transactionRecorded
    case .transactionFinished: .transactionFinished
    case .transactionUpdateObserved: .transactionUpdateObserved
    case .transactionUpdateHandled: .transactionUpdateHandled
    case .promotedPurchaseArrived: .promotedPurchaseArrived
    case .promotedPurchaseHandled: .promotedPurchaseHandled
    case .synchronizeRequested: .synchronizeRequested
    case .purchaseSyncRequested: .purchaseSyncRequested
    case .restoreStarted: .restoreStarted
    case .restoreFinished: .restoreFinished
    }
  }

  /// The events by name: what scenario files list under `events` and `noEvents`.
  public enum Kind: String, Sendable, CaseIterable {
    case launchStarted, backendStarted, backendStartFailed, runningModeScheduled, snapshotLoaded
    case snapshotMissing, snapshotDiscarded, snapshotSaved, syncStarted, backendCheckFailed
    case subscriptionStatusesUnavailable, appTransactionUnavailable, appTransactionRefreshRequested
    case entitlementFinding, entitlementUpdated, checkDroppedAfterGrant, onboardingSkipped, paywallRequested
    case paywallAlreadyPresenting, paywallLoadFailed, paywallUnavailable, paywallDisplayed
    case paywallDismissed, paywallClosedOnUnlock, paywallLost, gateAttempted, purchaseStarted,
      purchaseSucceeded
    case purchasePending, purchaseCancelled, purchaseFailed, purchaseUnverified
    case purchaseNotHandledInFullMode, transactionUpdateIgnored, transactionRecorded, transactionFinished
    case transactionUpdateObserved, transactionUpdateHandled, synchronizeRequested, purchaseSyncRequested
    case restoreStarted
    case restoreFinished, promotedPurchaseArrived, promotedPurchaseHandled
  }

  /// A one-line human-readable description.
  public var message: String {
    switch self {
    case .launchStarted(let mode): "launch in \(mode) mode"
    case .backendStarted(let mode): "subscription backend started (\(mode))"
    case .backendStartFailed(let error): "subscription backend failed to start: \(error)"
    case .runningModeScheduled(let active, let next): "running mode \(next) stored; \(active) until relaunch"
    case .snapshotLoaded(let isPremium, let computedAt):
      "last-known snapshot loaded: \(isPremium ? "premium" : "free"), computed \(Self.format(computedAt))"
    case .snapshotMissing: "no last-known snapshot"
    case .snapshotDiscarded(let reason): "last-known snapshot discarded: \(reason)"
    case .snapshotSaved(let isPremium, let reason):
      "snapshot saved: \(isPremium ? "premium" : "free") (\(reason.rawValue))"
    case .syncStarted(let trigger, let plan):
      "sync (\(trigger.rawValue)): synchronizeFirst=\(plan.synchronizeFirst) "
        + "checkBackend=\(plan.checkBackend) invalidateCache=\(plan.invalidateCache)"
    case .backendCheckFailed(let error): "subscription check failed: \(error)"
    case .subscriptionStatusesUnavailable(let error): "StoreKit statuses unavailable: \(error)"
    case .appTransactionUnavailable(let error): "AppTransaction unavailable: \(error)"
    case .appTransactionRefreshRequested: "AppTransaction did not verify: asking the App Store once"
    case .entitlementFinding(let finding): "ignored: \(finding)"
    case .entitlementUpdated(let access, let reason, let definitive):
      "entitlement \(access.rawValue) (\(reason.rawValue))\(definitive ? "" : ", not definitive")"
    case .checkDroppedAfterGrant(let trigger):
      "check (\(trigger.rawValue)) dropped: it read the stores before a purchase was granted"
    case .onboardingSkipped(let reason): "onboarding not shown: \(reason)"
    case .paywallRequested(let placement): "paywall '\(placement)' requested"
    case .paywallAlreadyPresenting(let placement): "paywall '\(placement)' ignored: one is already up"
    case .paywallLoadFailed(let placement, let failure): "paywall '\(placement)' failed to load: \(failure)"
    case .paywallUnavailable(let placement, let reason): "paywall '\(placement)' unavailable: \(reason)"
    case .paywallDisplayed(let placement, let id): "paywall '\(placement)' displayed (\(id))"
    case .paywallDismissed(let dismissal):
      "paywall '\(dismissal.placement)' dismissed: purchase=\(dismissal.purchaseResult.rawValue) "
        + "plan=\(dismissal.planVendorID ?? "-") close=\(dismissal.closeReason.rawValue) "
        + "error=\(dismissal.error ?? "-")"
    case .paywallClosedOnUnlock: "paywall closed: Premium became active"
    case .paywallLost(let placement):
      "paywall '\(placement)' is no longer on screen but its dismissal never came: slot freed"
    case .gateAttempted(let feature, let result): "gate \(feature.rawValue): \(result)"
    case .purchaseStarted(let productID): "purchase \(productID) started"
    case .purchaseSucceeded(let productID, let id): "purchase \(productID) succeeded (transaction \(id))"
    case .purchasePending(let productID): "purchase \(productID) pending approval"
    case .purchaseCancelled(let productID): "purchase \(productID) cancelled"
    case .purchaseFailed(let productID, let failure): "purchase \(productID ?? "-") failed: \(failure)"
    case .purchaseUnverified(let productID, let failure): "purchase \(productID) unverified: \(failure)"
    case .purchaseNotHandledInFullMode: "purchase interceptor called in Full mode: left to the SDK"
    case .transactionUpdateIgnored(let id, let failure): "unverified transaction \(id) ignored: \(failure)"
    case .transactionRecorded(let id, let productID, let granted):
      "transaction \(id) (\(productID)) recorded\(granted ? ": Premium granted" : "")"
    case .transactionFinished(let id): "transaction \(id) finished"
    case .transactionUpdateObserved(let id): "transaction \(id) updated (the SDK finishes it): re-check"
    case .transactionUpdateHandled(let id): "transaction update \(id) handled"
    case .promotedPurchaseArrived(let productID, let handling):
      switch handling {
      case .sdkPaywallHoldsTheSlot:
        "promoted purchase of \(productID.rawValue): the SDK's paywall holds the slot"
      case .appBuys: "promoted purchase of \(productID.rawValue): bought by the app"
      }
    case .promotedPurchaseHandled(let productID): "promoted purchase of \(productID.rawValue) handled"
    case .synchronizeRequested: "synchronize requested"
    case .purchaseSyncRequested(let id): "syncPurchase requested for transaction \(id)"
    case .restoreStarted(let mode): "restore started (\(mode))"
    case .restoreFinished(let outcome): "restore finished: \(outcome)"
    }
  }

  private static func format(_ date: Date) -> String {
    date.formatted(.iso8601)
  }
}
