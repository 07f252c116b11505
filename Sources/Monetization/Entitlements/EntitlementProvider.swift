import Basics
import Foundation
import Observation

/// The single source of truth for Premium. Screens ask it capabilities, never product ids.
///
/// It loads the persisted snapshot at creation (an offline subscriber is Premium from the first
/// frame), syncs on request following `SyncPolicy`, runs `EntitlementEngine` over fresh answers,
/// and persists every definitive result. A failed or unknown check never downgrades.
@MainActor
@Observable
public final class EntitlementProvider {
  /// The entitlement the app acts on.
  public private(set) var entitlement: Entitlement = .unknown
  /// The last decision, including whether it was definitive.
  public private(set) var lastDecision: EntitlementDecision?

  /// Called after every change of `entitlement` with the old and new values; given at
  /// construction. Awaited inside the sync that changed it, so effects (closing a paywall) happen
  /// in order.
  @ObservationIgnored private let onChange: @MainActor (Entitlement, Entitlement) async -> Void

  @ObservationIgnored private let synchronizesBeforeForegroundCheck: Bool
  @ObservationIgnored private let backend: any SubscriptionBackend
  @ObservationIgnored private let storeKit: any StoreEntitlementsSource
  @ObservationIgnored private let appTransactions: (any AppTransactionSource)?
  @ObservationIgnored private let snapshots: EntitlementSnapshotStore
  @ObservationIgnored private let configuration: MonetizationConfiguration
  /// The injected clock: expiry and sync ages read its `now`, SDK calls are bounded by its sleep.
  @ObservationIgnored public let clock: any Clocking
  @ObservationIgnored private let logger: any MonetizationLogging

  @ObservationIgnored private var lastKnown: EntitlementSnapshot?
  @ObservationIgnored private var backendAvailability: SourceAvailability = .notStarted
  @ObservationIgnored private var lastBackendAnswer: [SubscriptionSnapshot]?
  @ObservationIgnored private var lastBackendCheck: Date?
  @ObservationIgnored private var grandfathering: GrandfatheringStatus?
  @ObservationIgnored private var appTransactionRefreshed = false
  @ObservationIgnored private let syncs = SerialTaskQueue()
  /// Counts grants: a check whose reads began before the latest grant drops its result.
  @ObservationIgnored private var grants: UInt64 = 0
  /// A synchronize asked for before the SDK started (the adapter drops it then): owed until a
  /// start succeeds.
  @ObservationIgnored private var synchronizeOwed = false

  /// Creates the provider and loads the persisted snapshot.
  public init(
    synchronizesBeforeForegroundCheck: Bool, backend: any SubscriptionBackend,
    storeKit: any StoreEntitlementsSource,
    appTransactions: (any AppTransactionSource)?, store: any KeyValueStore,
    configuration: MonetizationConfiguration, clock: any Clocking,
    logger: any MonetizationLogging,
    onChange: @escaping @MainActor (_ old: Entitlement, _ new: Entitlement) async -> Void = { _, _ in }
  ) {
    self.onChange = onChange
    self.clock = clock
    self.synchronizesBeforeForegroundCheck = synchronizesBeforeForegroundCheck
    self.backend = backend
    self.storeKit = storeKit
    self.appTransactions = appTransactions
    self.snapshots = EntitlementSnapshotStore(store: store)
    self.configuration = configuration
    self.logger = logger
    loadLastKnown()
  }

  /// Whether `feature` is unlocked right now.
  public func isUnlocked(_ feature: Feature) -> Bool {
    FeatureGate(feature).isUnlocked(by: entitlement)
  }

  /// The snapshot the provider falls back on, if any.
  public var lastKnownSnapshot: EntitlementSnapshot? { lastKnown }

  /// Tells the provider whether the subscription SDK started. Until it has, the backend is not
  /// called (the SDK must not be used before start finishes); without an API key it is not a
  /// source at all.
  public func backendDidStart(_ result: Result<Void, SubscriptionBackendError>) {
    switch result {
    case .success: backendAvailability = .available
    case .failure(.notConfigured): backendAvailability = .notConfigured
    case .failure: backendAvailability = .failed
    }
  }

  /// The plan a sync for `trigger` would follow now.
  public func plan(for trigger: SyncTrigger) -> SyncPlan {
    SyncPolicy.plan(
      for: trigger, synchronizesBeforeForegroundCheck: synchronizesBeforeForegroundCheck,
      lastBackendCheck: lastBackendCheck, isSandbox: entitlement.isSandbox,
      now: clock.now)
  }

  /// Syncs entitlements for `trigger` and returns the decision. Syncs run one after another, so
  /// a slow answer never overwrites a newer one.
  @discardableResult
  public func refresh(_ trigger: SyncTrigger) async -> EntitlementDecision {
    await syncs.run { await self.performSync(trigger) }
  }

  /// Records a verified transaction at once (Observer mode, before telling the backend and
  /// finishing it, so a crash before the finish re-grants the same way). Idempotent; returns
  /// `true` when it grants Premium now.
  /// Never waits behind a check (one can take four bounded reads: the paywall would spin after
  /// payment); a check whose reads began before the grant drops its result instead, so Premium
  /// never flickers back to Free.
  @discardableResult
  public func record(_ transaction: TransactionSnapshot) async -> Bool {
    let time = clock.now
    let grants =
      transaction.revocationDate == nil && !transaction.isUpgraded
      && EntitlementEngine.isActive(expirationDate: transaction.expirationDate, at: time)
    logger.log(
      .transactionRecorded(transactionID: transaction.id, productID: transaction.productID, granted: grants))
    if grants {
      let reason: EntitlementReason = transaction.ownershipType == .familyShared ? .familyShared : .subscribed
      let granted = Entitlement(
        access: .premium, reason: reason, source: .storeKit, productID: transaction.productID,
        expirationDate: transaction.expirationDate, isSandbox: transaction.environment != .production,
        computedAt: time, isFamilyShared: transaction.ownershipType == .familyShared)
      self.grants += 1
      await apply(EntitlementDecision(entitlement: granted, isDefinitive: true))
    }
    return grants
  }

  /// How long SDK calls may take before they count as failed.
  public var backendCallTimeout: Duration { configuration.backendCallTimeout }

  /// `synchronize()`, bounded: a call that never returns must not hold up a check or a purchase.
  /// Before the SDK has started it is owed instead (`synchronizeOwedSinceBeforeStart`).
  public func synchronizeBackend() async {
    guard backendAvailability == .available else {
      synchronizeOwed = backendAvailability != .notConfigured
      return
    }
    let backend = backend
    if case .timedOut = await TimeLimit.run(
      configuration.backendCallTimeout, clock: clock,
      { _ in
        await backend.synchronize()
      })
    {
      logger.log(.backendCheckFailed(.other(detail: "synchronize timed out")))
    }
  }

  /// The SDK's user once it has started (it must not be used before), bounded like every call.
  public func backendUserID() async -> String? {
    guard backendAvailability == .available else { return nil }
    let backend = backend
    switch await TimeLimit.run(
      configuration.backendCallTimeout, clock: clock, { _ in await backend.appUserID() })
    {
    case .finished(let id): return id
    case .timedOut: return nil
    }
  }

  /// Runs the synchronize owed since before the start, once the SDK has started: a transaction
  /// the listener finished before then is otherwise never sent.
  public func synchronizeOwedSinceBeforeStart() async {
    guard backendAvailability == .available, synchronizeOwed else { return }
    synchronizeOwed = false
    logger.log(.synchronizeRequested)
    await synchronizeBackend()
  }

  /// `syncPurchase`, bounded, for a purchase no interceptor answered the SDK for; before its
  /// finish. When it fails (or the SDK has not started) a `synchronize()` stands in.
  public func syncPurchase(_ transaction: TransactionSnapshot) async {
    logger.log(.purchaseSyncRequested(transactionID: transaction.id))
    guard backendAvailability == .available else {
      synchronizeOwed = backendAvailability != .notConfigured
      return
    }
    let backend = backend
    let answer = await TimeLimit.run(configuration.backendCallTimeout, clock: clock) {
      _ async -> SubscriptionBackendError? in
      do throws(SubscriptionBackendError) {
        try await backend.syncPurchase(transactionID: transaction.id, productID: transaction.productID)
        return nil
      } catch {
        return error
      }
    }
    let failure: SubscriptionBackendError? =
      switch answer {
      case .finished(let error): error
      case .timedOut: .other(detail: "syncPurchase timed out")
      }
    guard let failure else { return }
    logger.log(.backendCheckFailed(failure))
    logger.log(.synchronizeRequested)
    await synchronizeBackend()
  }

  // MARK: - Private

  private enum SourceAvailability { case notStarted, available, notConfigured, failed }

  private func loadLastKnown() {
    switch snapshots.load() {
    case .loaded(let snapshot):
      lastKnown = snapshot
      entitlement = SnapshotTrust.entitlement(from: snapshot, now: clock.now)
      logger.log(.snapshotLoaded(isPremium: snapshot.isPremium, computedAt: snapshot.computedAt))
    case .missing:
      logger.log(.snapshotMissing)
    case .discarded(let reason):
      logger.log(.snapshotDiscarded(reason))
    }
  }

  private func performSync(_ trigger: SyncTrigger) async -> EntitlementDecision {
    let grantsBefore = grants
    var plan = plan(for: trigger)
    if backendAvailability != .available {
      plan.synchronizeFirst = false
      plan.checkBackend = false
    }
    logger.log(.syncStarted(trigger: trigger, plan: plan))
    if plan.synchronizeFirst {
      logger.log(.synchronizeRequested)
      await synchronizeBackend()
    }
    let purchasely = await readBackend(plan: plan)
    let storeKit = await readStoreKit()
    let grandfathering = await readGrandfathering(trigger: trigger)
    let decision = EntitlementEngine.decide(
      EntitlementInputs(
        purchasely: purchasely, storeKit: storeKit, grandfathering: grandfathering, lastKnown: lastKnown,
        now: clock.now))
    for finding in decision.findings { logger.log(.entitlementFinding(finding)) }
    if grants != grantsBefore, let granted = lastDecision {
      logger.log(.checkDroppedAfterGrant(trigger: trigger))
      return granted
    }
    await apply(decision)
    return decision
  }

  private func readBackend(plan: SyncPlan) async -> SourceReading<[SubscriptionSnapshot]> {
    switch backendAvailability {
    case .notConfigured: return .notConsulted
    case .notStarted, .failed: return .failed
    case .available: break
    }
    guard plan.checkBackend else {
      // Throttled (a recent network check is not repeated): reuse the last successful answer.
      return lastBackendAnswer.map { .answered($0) } ?? .failed
    }
    let backend = backend
    let invalidateCache = plan.invalidateCache
    let answer = await TimeLimit.run(configuration.backendCallTimeout, clock: clock) {
      _ async -> Result<[SubscriptionSnapshot], SubscriptionBackendError> in
      do throws(SubscriptionBackendError) {
        return .success(try await backend.activeSubscriptions(invalidateCache: invalidateCache))
      } catch {
        return .failure(error)
      }
    }
    let result: Result<[SubscriptionSnapshot], SubscriptionBackendError> =
      switch answer {
      case .finished(let result): result
      case .timedOut: .failure(.other(detail: "timed out"))
      }
    do {
      let subscriptions = try result.get()
      lastBackendAnswer = subscriptions
      lastBackendCheck = clock.now
      return .answered(subscriptions)
    } catch {
      logger.log(.backendCheckFailed(error))
      return .failed
    }
  }

  private func readStoreKit() async -> SourceReading<StoreKitReading> {
    // `currentEntitlements` is local and cheap: re-read every time, throttled or not.
    let current = await storeKit.currentEntitlements()
    var statuses: [SubscriptionStatusSnapshot]?
    // The group the verified transactions carry; the configured one only when none is known (its
    // default is the local .storekit group, which production transactions do not belong to).
    let groupID =
      current.lazy.compactMap { $0.verifiedValue?.subscriptionGroupID }.first { !$0.isEmpty }
      ?? configuration.subscriptionGroupID
    // A network read (`status(for:)`, and `Product.products(for:)` for the levels): bounded, so a
    // check never queues behind a read that does not answer; a time-out is "unreadable".
    let statusesRead = await boundedStoreRead {
      [storeKit] () async throws(StoreReadError) -> [SubscriptionStatusSnapshot] in
      try await storeKit.subscriptionStatuses(groupID: groupID)
    }
    switch statusesRead {
    case .success(let read): statuses = read
    case .failure(let error): logger.log(.subscriptionStatusesUnavailable(error))
    }
    return .answered(StoreKitReading(currentEntitlements: current, statuses: statuses))
  }

  private func readGrandfathering(trigger: SyncTrigger) async -> GrandfatheringStatus {
    guard let policy = configuration.grandfathering else { return .notApplicable }
    if let grandfathering, grandfathering != .unknown { return grandfathering }
    let status: GrandfatheringStatus
    if let appTransactions {
      do {
        // `AppTransaction.shared` may fetch from the App Store: bounded like every network read.
        var result = try await boundedStoreRead {
          [appTransactions] () async throws(StoreReadError) -> VerificationResultSnapshot<
            AppTransactionSnapshot
          > in
          try await appTransactions.appTransaction()
        }
        .get()
        // An unverified app transaction is inconclusive. Ask the App Store for a newly signed one
        // once, and only when the user asked to restore: `refresh()` shows a sign-in prompt.
        if case .unverified = result, trigger == .restore, !appTransactionRefreshed {
          appTransactionRefreshed = true
          logger.log(.appTransactionRefreshRequested)
          result = try await boundedStoreRead {
            [appTransactions] () async throws(StoreReadError) -> VerificationResultSnapshot<
              AppTransactionSnapshot
            > in
            try await appTransactions.refreshAppTransaction()
          }
          .get()
        }
        status = policy.status(for: .success(result))
      } catch {
        logger.log(.appTransactionUnavailable(error))
        status = policy.status(for: .failure(error))
      }
    } else {
      status = policy.status(for: .failure(.other(detail: "no AppTransaction source")))
    }
    grandfathering = status
    return status
  }

  /// A StoreKit read that may go to the network, under the SDK calls' time limit: one that never
  /// answers fails with "timed out" (the check is then inconclusive, never "free").
  private func boundedStoreRead<Value: Sendable>(
    _ read: @escaping @MainActor () async throws(StoreReadError) -> Value
  ) async -> Result<Value, StoreReadError> {
    let answer = await TimeLimit.run(configuration.backendCallTimeout, clock: clock) {
      _ async -> Result<Value, StoreReadError> in
      do throws(StoreReadError) {
        return .success(try await read())
      } catch {
        return .failure(error)
      }
    }
    switch answer {
    case .finished(let result): return result
    case .timedOut: return .failure(.other(detail: "timed out"))
    }
  }

  private func apply(_ decision: EntitlementDecision) async {
    lastDecision = decision
    if let snapshot = decision.snapshotToPersist {
      snapshots.save(snapshot)
      lastKnown = snapshot
      logger.log(.snapshotSaved(isPremium: snapshot.isPremium, reason: snapshot.reason))
    }
    logger.log(
      .entitlementUpdated(
        access: decision.entitlement.access, reason: decision.entitlement.reason,
        definitive: decision.isDefinitive))
    let old = entitlement
    guard old != decision.entitlement else { return }
    entitlement = decision.entitlement
    await onChange(old, decision.entitlement)
  }
}
