import Foundation

public enum SourceReading<Value: Sendable & Equatable>: Sendable, Equatable {
  case answered(Value)
  /// The source was asked and failed (offline, timeout, SDK error): "unknown", never "free".
  case failed
  case notConsulted
}

public struct StoreKitReading: Sendable, Equatable {
  public var currentEntitlements: [VerificationResultSnapshot<TransactionSnapshot>]
  /// `nil` when the status lookup failed; the engine then relies on `currentEntitlements` alone.
  public var statuses: [SubscriptionStatusSnapshot]?

  public init(
    currentEntitlements: [VerificationResultSnapshot<TransactionSnapshot>],
    statuses: [SubscriptionStatusSnapshot]?
  ) {
    self.currentEntitlements = currentEntitlements
    self.statuses = statuses
  }
}

/// Time is an input, never read inside the engine.
public struct EntitlementInputs: Sendable {
  public var purchasely: SourceReading<[SubscriptionSnapshot]>
  public var storeKit: SourceReading<StoreKitReading>
  public var grandfathering: GrandfatheringStatus
  public var lastKnown: EntitlementSnapshot?
  public var now: Date

  public init(
    purchasely: SourceReading<[SubscriptionSnapshot]>, storeKit: SourceReading<StoreKitReading>,
    grandfathering: GrandfatheringStatus = .notApplicable, lastKnown: EntitlementSnapshot? = nil,
    now: Date
  ) {
    self.purchasely = purchasely
    self.storeKit = storeKit
    self.grandfathering = grandfathering
    self.lastKnown = lastKnown
    self.now = now
  }
}

public enum EntitlementFinding: Sendable, Equatable {
  case unverifiedTransactionIgnored(transactionID: UInt64, VerificationFailure)
  /// Purchasely `unknown`: does not grant and, on its own, does not downgrade.
  case unknownSubscriptionStatus(planVendorID: String)
  case unknownRenewalState(rawValue: Int)
  /// A current entitlement past its expiry while statuses are unreadable: it may be in grace,
  /// so the read is inconclusive rather than a downgrade.
  case expiredEntitlementWithoutStatus(transactionID: UInt64)
}

public struct EntitlementDecision: Sendable, Equatable {
  public var entitlement: Entitlement
  /// Only a definitive answer is persisted, and only a definitive "free" may show onboarding.
  public var isDefinitive: Bool
  public var findings: [EntitlementFinding]

  public init(entitlement: Entitlement, isDefinitive: Bool, findings: [EntitlementFinding] = []) {
    self.entitlement = entitlement
    self.isDefinitive = isDefinitive
    self.findings = findings
  }

  public var snapshotToPersist: EntitlementSnapshot? {
    guard isDefinitive, let computedAt = entitlement.computedAt else { return nil }
    return EntitlementSnapshot(entitlement: entitlement, computedAt: computedAt)
  }
}

/// See docs/MONETIZATION.md.
public enum EntitlementEngine {
  /// Nothing from a previous live answer is patched in; the snapshot is used only when a source could
  /// not answer.
  public static func decide(_ inputs: EntitlementInputs) -> EntitlementDecision {
    var tally = Tally()
    if case .answered(let reading) = inputs.storeKit {
      tally.add(storeKit: reading, now: inputs.now)
    }
    if case .answered(let subscriptions) = inputs.purchasely {
      tally.add(purchasely: subscriptions)
    }
    if inputs.grandfathering == .grandfathered {
      tally.grants.append(Grant(reason: .grandfathered, source: .grandfathering))
    }

    if let best = tally.grants.min(by: Grant.isPreferred) {
      let entitlement = Entitlement(
        access: .premium, reason: best.reason, source: best.source, productID: best.productID,
        expirationDate: best.expirationDate, graceExpirationDate: best.graceExpirationDate,
        isSandbox: tally.isSandbox, computedAt: inputs.now, isFamilyShared: best.isFamilyShared)
      return EntitlementDecision(entitlement: entitlement, isDefinitive: true, findings: tally.findings)
    }

    // "Free" only when every source in use answered, none was inconclusive, and at
    // least one answered at all.
    let readings = [inputs.storeKit.state, inputs.purchasely.state, inputs.grandfathering.state]
    let allAnswered = !readings.contains(.failed) && readings.contains(.answered) && !tally.inconclusive
    if allAnswered {
      let reason = tally.denials.min(by: { $0.freeRank < $1.freeRank }) ?? .noSubscription
      // A family member's billing retry is the organiser's to fix: only when every such denial
      // comes from a shared subscription.
      let isFamilyShared = tally.familySharedDenials.contains(reason) && !tally.ownDenials.contains(reason)
      let entitlement = Entitlement(
        access: .free, reason: reason, isSandbox: tally.isSandbox, computedAt: inputs.now,
        isFamilyShared: isFamilyShared)
      return EntitlementDecision(entitlement: entitlement, isDefinitive: true, findings: tally.findings)
    }

    // A failed or inconclusive read never downgrades; fall back to the snapshot.
    guard let lastKnown = inputs.lastKnown else {
      return EntitlementDecision(entitlement: .unknown, isDefinitive: false, findings: tally.findings)
    }
    return EntitlementDecision(
      entitlement: SnapshotTrust.entitlement(from: lastKnown, now: inputs.now), isDefinitive: false,
      findings: tally.findings)
  }

  /// Equal counts as active: sandbox renewals report `expiration == request date`.
  public static func isActive(expirationDate: Date?, at reference: Date) -> Bool {
    guard let expirationDate else { return true }
    return expirationDate >= reference
  }
}

// MARK: - Internals

private enum ReadingState { case answered, failed, unused }

extension SourceReading {
  fileprivate var state: ReadingState {
    switch self {
    case .answered: .answered
    case .failed: .failed
    case .notConsulted: .unused
    }
  }
}

extension GrandfatheringStatus {
  fileprivate var state: ReadingState {
    switch self {
    case .grandfathered, .notGrandfathered: .answered
    // `AppTransaction` failed: "unknown", never "not grandfathered".
    case .unknown: .failed
    case .notApplicable: .unused
    }
  }
}

private struct Grant {
  var reason: EntitlementReason
  var source: EntitlementSource
  var productID: ProductID?
  var expirationDate: Date?
  var graceExpirationDate: Date?
  /// `groupLevel`, 1 = highest level of service.
  var level: Int?
  var isFamilyShared = false

  /// The highest level of service wins; then the plainest reason; then the latest end.
  static func isPreferred(_ lhs: Grant, _ rhs: Grant) -> Bool {
    let lhsLevel = lhs.level ?? Int.max
    let rhsLevel = rhs.level ?? Int.max
    if lhsLevel != rhsLevel { return lhsLevel < rhsLevel }
    if lhs.reason.grantRank != rhs.reason.grantRank { return lhs.reason.grantRank < rhs.reason.grantRank }
    return (lhs.expirationDate ?? .distantFuture) > (rhs.expirationDate ?? .distantFuture)
  }
}

extension EntitlementReason {
  fileprivate var grantRank: Int {
    switch self {
    case .subscribed: 0
    case .cancelledBeforeExpiry: 1
    case .familyShared: 2
    case .gracePeriod: 3
    case .grandfathered: 4
    default: 5
    }
  }

  fileprivate var freeRank: Int {
    switch self {
    case .billingRetry: 0
    case .revoked: 1
    case .expired: 2
    case .unpaid: 3
    case .paused: 4
    case .deactivated: 5
    case .unverified: 6
    default: 7
    }
  }
}

private struct Tally {
  /// The longest billing grace period App Store Connect offers (28 days).
  static let longestGracePeriod: TimeInterval = 28 * 24 * 60 * 60

  var grants: [Grant] = []
  var denials: [EntitlementReason] = []
  var familySharedDenials: Set<EntitlementReason> = []
  var ownDenials: Set<EntitlementReason> = []
  var findings: [EntitlementFinding] = []
  var inconclusive = false
  var isSandbox = false

  mutating func add(storeKit reading: StoreKitReading, now: Date) {
    var decidedByStatus = Set<UInt64>()
    for status in reading.statuses ?? [] {
      guard case .verified(let transaction) = status.transaction else {
        noteUnverified(status.transaction)
        continue
      }
      decidedByStatus.insert(transaction.originalID)
      add(status: status, transaction: transaction, now: now)
    }
    for result in reading.currentEntitlements {
      guard case .verified(let transaction) = result else {
        noteUnverified(result)
        continue
      }
      guard !decidedByStatus.contains(transaction.originalID) else { continue }
      noteEnvironment(transaction.environment)
      if transaction.revocationDate != nil {
        denials.append(.revoked)  // Refunds and Family Sharing removals never entitle.
      } else if transaction.isUpgraded {
        continue  // An upgraded transaction: the higher level replaces it.
      } else if EntitlementEngine.isActive(expirationDate: transaction.expirationDate, at: now) {
        grants.append(grant(for: transaction, reason: .subscribed))
      } else if reading.statuses == nil
        || !(reading.statuses ?? []).contains(where: {
          $0.transaction.unsafePayloadValue.originalID == transaction.originalID
        })
      {
        // Past expiry yet still listed, and no status speaks of it (unreadable, or read for
        // another group): it may be in a grace period we cannot see. Inconclusive, never "free".
        findings.append(.expiredEntitlementWithoutStatus(transactionID: transaction.id))
        inconclusive = true
      } else {
        denials.append(.expired)
      }
    }
  }

  private mutating func add(status: SubscriptionStatusSnapshot, transaction: TransactionSnapshot, now: Date) {
    noteEnvironment(transaction.environment)
    if transaction.revocationDate != nil {
      denials.append(.revoked)
      return
    }
    if transaction.isUpgraded { return }
    let renewal = status.renewalInfo.verifiedValue
    switch status.state {
    case .subscribed:
      if EntitlementEngine.isActive(expirationDate: transaction.expirationDate, at: now) {
        // Auto-renew off still entitles until the end of the period.
        let reason: EntitlementReason = renewal?.willAutoRenew == false ? .cancelledBeforeExpiry : .subscribed
        var granted = grant(for: transaction, reason: reason)
        granted.level = status.groupLevel
        grants.append(granted)
      } else {
        denials.append(.expired)
      }
    case .inGracePeriod:
      // Apple: full service during grace, until `gracePeriodExpirationDate`. When the renewal
      // info is unverified its date cannot be trusted, and a verified one may lack it; the grant
      // still needs an end, or an offline snapshot would stay Premium forever: the longest grace
      // Apple offers after the expiry.
      let graceEnd: Date =
        renewal?.gracePeriodExpirationDate
        ?? (transaction.expirationDate ?? now).addingTimeInterval(Self.longestGracePeriod)
      if EntitlementEngine.isActive(expirationDate: graceEnd, at: now) {
        var granted = grant(for: transaction, reason: .gracePeriod)
        granted.graceExpirationDate = graceEnd
        granted.level = status.groupLevel
        grants.append(granted)
      } else {
        deny(.billingRetry, familyShared: transaction.ownershipType == .familyShared)
      }
    case .inBillingRetryPeriod:
      // Grace over or not enabled: paid service pauses.
      deny(.billingRetry, familyShared: transaction.ownershipType == .familyShared)
    case .expired:
      denials.append(.expired)
    case .revoked:
      denials.append(.revoked)
    default:
      findings.append(.unknownRenewalState(rawValue: status.state.rawValue))
      denials.append(.noSubscription)
    }
  }

  private enum PurchaselyVerdict {
    case entitles(EntitlementReason)
    case denies(EntitlementReason)
    case unknown
  }

  private static func verdict(for subscription: SubscriptionSnapshot) -> PurchaselyVerdict {
    switch subscription.status {
    case .autoRenewing: .entitles(subscription.isFamilyShared ? .familyShared : .subscribed)
    // A family member is never told their subscription "won't renew": the organiser decides.
    case .autoRenewingCanceled:
      .entitles(subscription.isFamilyShared ? .familyShared : .cancelledBeforeExpiry)
    case .inGracePeriod: .entitles(.gracePeriod)
    case .onHold: .denies(.billingRetry)
    case .paused: .denies(.paused)
    case .unpaid: .denies(.unpaid)
    case .deactivated: .denies(.deactivated)
    case .revoked: .denies(.revoked)
    case .unknown: .unknown
    }
  }

  /// A denial whose owner matters (billing retry: who can fix the payment).
  private mutating func deny(_ reason: EntitlementReason, familyShared: Bool) {
    denials.append(reason)
    if familyShared {
      familySharedDenials.insert(reason)
    } else {
      ownDenials.insert(reason)
    }
  }

  mutating func add(purchasely subscriptions: [SubscriptionSnapshot]) {
    for subscription in subscriptions {
      if subscription.environment == .sandbox { isSandbox = true }
      let reason: EntitlementReason
      switch Self.verdict(for: subscription) {
      case .entitles(let granted): reason = granted
      case .denies(let denial):
        deny(denial, familyShared: subscription.isFamilyShared)
        continue
      case .unknown:
        findings.append(.unknownSubscriptionStatus(planVendorID: subscription.planVendorID))
        inconclusive = true
        continue
      }
      grants.append(
        Grant(
          reason: reason, source: .purchasely,
          // A plan with no App Store product (sold on another store) is named by its vendor id.
          productID: subscription.appleProductID ?? ProductID(rawValue: subscription.planVendorID),
          expirationDate: subscription.nextRenewalDate, isFamilyShared: subscription.isFamilyShared))
    }
  }

  private func grant(for transaction: TransactionSnapshot, reason: EntitlementReason) -> Grant {
    // Family Sharing entitles, labelled as shared, also when the organiser turned
    // auto-renew off (the member cannot manage it either way).
    let relabelled: Set<EntitlementReason> = [.subscribed, .cancelledBeforeExpiry]
    let labelled =
      transaction.ownershipType == .familyShared && relabelled.contains(reason) ? .familyShared : reason
    return Grant(
      reason: labelled, source: .storeKit, productID: transaction.productID,
      expirationDate: transaction.expirationDate, isFamilyShared: transaction.ownershipType == .familyShared)
  }

  private mutating func noteUnverified(_ result: VerificationResultSnapshot<TransactionSnapshot>) {
    if case .unverified(let transaction, let failure) = result {
      findings.append(.unverifiedTransactionIgnored(transactionID: transaction.id, failure))
      denials.append(.unverified)
    }
  }

  private mutating func noteEnvironment(_ environment: StoreEnvironment) {
    if environment != .production { isSandbox = true }
  }
}
