import Foundation
import Monetization

/// A scripted subscription SDK. Every call is recorded in `calls` under a fixed name
/// (`backend.start`, `backend.activeSubscriptions`, `backend.synchronize`, `backend.restore`).
@MainActor
public final class FakeSubscriptionBackend: SubscriptionBackend {
  public var startResult: Result<Void, SubscriptionBackendError> = .success(())
  /// Answers to `activeSubscriptions`, used in order; the last one repeats.
  public var subscriptionAnswers: [Result<[SubscriptionSnapshot], SubscriptionBackendError>] = [.success([])]
  public var restoreResult: Result<BackendRestoreResult, SubscriptionBackendError> = .success(
    .nothingToRestore)
  /// Runs on `synchronize()`, to change later answers (the backend learned of a purchase).
  public var onSynchronize: (@MainActor () -> Void)?
  /// Runs on `restore()` before answering.
  public var onRestore: (@MainActor () -> Void)?

  /// Rude SDK: calls whose callback never fires. Each hangs until the test ends, ignoring
  /// cancellation, as a lost completion handler would.
  public var hangsStart = false
  public var hangsChecks = false
  public var hangsSynchronize = false
  public var hangsRestore = false
  /// The calls that hang.
  public let lostCallbacks = LostCallbacks()

  private func hangForever() async {
    await lostCallbacks.wait()
  }

  /// The options of each `start(options:)` call.
  public private(set) var startOptions: [SDKStartOptions] = []
  /// The running mode of each start.
  public var startedModes: [RunningMode] { startOptions.map(\.mode) }
  /// The `invalidateCache` argument of each `activeSubscriptions` call.
  public private(set) var checkInvalidations: [Bool] = []
  public private(set) var synchronizeCount = 0
  public private(set) var restoreCount = 0

  public let calls: CallLog

  public init(calls: CallLog = CallLog()) {
    self.calls = calls
  }

  /// Makes every later check answer `subscriptions`.
  public func answer(_ subscriptions: [SubscriptionSnapshot]) {
    subscriptionAnswers = [.success(subscriptions)]
  }

  /// Makes every later check fail with `error`.
  public func fail(_ error: SubscriptionBackendError = .network) {
    subscriptionAnswers = [.failure(error)]
  }

  public func start(options: SDKStartOptions) async throws(SubscriptionBackendError) {
    calls.record("backend.start")
    startOptions.append(options)
    if hangsStart { await hangForever() }
    try startResult.get()
  }

  public func activeSubscriptions(
    invalidateCache: Bool
  ) async throws(SubscriptionBackendError) -> [SubscriptionSnapshot] {
    calls.record("backend.activeSubscriptions")
    checkInvalidations.append(invalidateCache)
    if hangsChecks { await hangForever() }
    let answer = subscriptionAnswers.count > 1 ? subscriptionAnswers.removeFirst() : subscriptionAnswers[0]
    return try answer.get()
  }

  public func synchronize() async {
    calls.record("backend.synchronize")
    synchronizeCount += 1
    onSynchronize?()
    if hangsSynchronize { await hangForever() }
  }

  /// The transactions `syncPurchase` was called for, in order.
  public private(set) var syncedPurchases: [UInt64] = []
  public var syncPurchaseResult: Result<Void, SubscriptionBackendError> = .success(())
  /// Runs on `syncPurchase`, to change later answers.
  public var onSyncPurchase: (@MainActor (UInt64) -> Void)?

  public func syncPurchase(
    transactionID: UInt64, productID: ProductID
  ) async throws(SubscriptionBackendError) {
    calls.record("backend.syncPurchase")
    syncedPurchases.append(transactionID)
    try syncPurchaseResult.get()
    onSyncPurchase?(transactionID)
  }

  /// The SDK's user (`Purchasely.anonymousUserId`), upper case as an SDK may report it.
  public var userID: String? = "9D0E3B5A-21C4-4F0B-8E55-6A7B8C9D0E1F"

  public func appUserID() async -> String? { userID }

  public func restore() async throws(SubscriptionBackendError) -> BackendRestoreResult {
    calls.record("backend.restore")
    restoreCount += 1
    onRestore?()
    if hangsRestore { await hangForever() }
    if holdsRestore {
      await withCheckedContinuation { heldRestores.append($0) }
    }
    return try restoreResult.get()
  }

  /// When true, `restore()` waits until `releaseRestores()`: a restore that is still running.
  public var holdsRestore = false
  private var heldRestores: [CheckedContinuation<Void, Never>] = []

  /// Whether a held restore is waiting.
  public var isHoldingRestore: Bool { !heldRestores.isEmpty }

  /// Lets every held `restore()` answer.
  public func releaseRestores() {
    let held = heldRestores
    heldRestores = []
    for continuation in held { continuation.resume() }
  }
}

/// Scripted StoreKit reads (`storeKit.currentEntitlements`, `storeKit.statuses`).
@MainActor
public final class FakeStoreEntitlements: StoreEntitlementsSource {
  public var entitlements: [VerificationResultSnapshot<TransactionSnapshot>] = []
  public var statusesResult: Result<[SubscriptionStatusSnapshot], StoreReadError> = .success([])
  /// `status(for:)` never answers (a network read that hangs), even when its caller gives up.
  public var hangsStatuses = false
  /// The reads that hang.
  public let lostReads = LostCallbacks()
  /// `status(for:)` waits until `heldReads.releaseAll()`, then answers as scripted.
  public var holdsStatuses = false
  public let heldReads = LostCallbacks()
  public private(set) var currentEntitlementsCount = 0
  public private(set) var requestedGroupIDs: [String] = []
  public let calls: CallLog

  public init(calls: CallLog = CallLog()) {
    self.calls = calls
  }

  public func currentEntitlements() async -> [VerificationResultSnapshot<TransactionSnapshot>] {
    calls.record("storeKit.currentEntitlements")
    currentEntitlementsCount += 1
    return entitlements
  }

  public func subscriptionStatuses(
    groupID: String
  ) async throws(StoreReadError) -> [SubscriptionStatusSnapshot] {
    calls.record("storeKit.statuses")
    requestedGroupIDs.append(groupID)
    if hangsStatuses {
      await lostReads.wait()
      throw .other(detail: "never answered")
    }
    if holdsStatuses { await heldReads.wait() }
    // Like StoreKit: only the asked group's statuses; a group this account has nothing in
    // answers with none at all.
    return try statusesResult.get().filter {
      $0.transaction.unsafePayloadValue.subscriptionGroupID == groupID
    }
  }
}

/// A scripted `AppTransaction.shared`.
@MainActor
public final class FakeAppTransactionSource: AppTransactionSource {
  public var result: Result<VerificationResultSnapshot<AppTransactionSnapshot>, StoreReadError>
  /// What `AppTransaction.refresh()` answers; afterwards `appTransaction()` answers it too.
  public var refreshResult: Result<VerificationResultSnapshot<AppTransactionSnapshot>, StoreReadError> =
    .failure(.other(detail: "not scripted"))
  public private(set) var readCount = 0
  public private(set) var refreshCount = 0
  /// `AppTransaction.shared` never answers (its network fetch hangs), even when its caller gives up.
  public var hangs = false
  /// The reads that hang.
  public let lostReads = LostCallbacks()
  /// `AppTransaction.refresh()` never answers.
  public var hangsRefresh = false

  public init(result: Result<VerificationResultSnapshot<AppTransactionSnapshot>, StoreReadError>) {
    self.result = result
  }

  public func appTransaction() async throws(StoreReadError) -> VerificationResultSnapshot<
    AppTransactionSnapshot
  > {
    readCount += 1
    if hangs {
      await lostReads.wait()
      throw .other(detail: "never answered")
    }
    return try result.get()
  }

  public func refreshAppTransaction() async throws(StoreReadError) -> VerificationResultSnapshot<
    AppTransactionSnapshot
  > {
    refreshCount += 1
    if hangsRefresh {
      await lostReads.wait()
      throw .other(detail: "never answered")
    }
    if case .success = refreshResult { result = refreshResult }
    return try refreshResult.get()
  }
}
