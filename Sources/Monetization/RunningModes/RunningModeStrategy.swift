import Localization

/// No other type branches on the running mode.
@MainActor
public protocol RunningModeStrategy: AnyObject {
  var mode: RunningMode { get }
  var startOptions: SDKStartOptions { get }
  var interceptsPaywallActions: Bool { get }
  /// A type property: the entitlement provider, which the strategy itself needs, is built with it.
  nonisolated static var synchronizesBeforeForegroundCheck: Bool { get }
  /// Whether the mode buys with StoreKit itself: without StoreKit products configured it could sell
  /// nothing (Profile's switch refuses it in a Release build).
  nonisolated static var buysWithStoreKit: Bool { get }
  var promotedPurchase: PromotedPurchaseHandling { get }
  func handle(_ update: VerificationResultSnapshot<TransactionSnapshot>) async
  /// `synchronizes`: not when the paywall's interceptor asked, because the SDK synchronizes after its
  /// `.success`.
  func restorePurchases(synchronizes: Bool) async -> RestoreStep
}

extension RunningMode {
  /// For the strategy's type properties where no strategy is built (the mode the user may switch to).
  public var strategyType: any RunningModeStrategy.Type {
    switch self {
    case .full: FullModeStrategy.self
    case .observer: ObserverModeStrategy.self
    }
  }
}

public enum PromotedPurchaseHandling: Sendable, Equatable {
  /// The SDK opens its own paywall for it (`showsPromotedInAppPurchasePaywall`): that paywall
  /// holds the one-paywall slot until its dismissal, so no other paywall stacks on it.
  case sdkPaywallHoldsTheSlot
  case appBuys
}

public enum RestoreStep: Sendable, Equatable {
  case ran
  case failed(message: String)
  /// The user dismissed the App Store sign-in: silent, nothing to re-check.
  case cancelled
}

/// Full mode: the SDK buys, restores and finishes; Spacer only reads.
@MainActor
public final class FullModeStrategy: RunningModeStrategy {
  private let backend: any SubscriptionBackend
  private let entitlements: EntitlementProvider
  private let logger: any MonetizationLogging

  public init(
    backend: any SubscriptionBackend, entitlements: EntitlementProvider, logger: any MonetizationLogging
  ) {
    self.backend = backend
    self.entitlements = entitlements
    self.logger = logger
  }

  public var mode: RunningMode { .full }

  public var startOptions: SDKStartOptions {
    SDKStartOptions(
      mode: .full, allowCampaigns: false, showsPromotedPurchasePaywall: true, interceptsPaywallActions: false)
  }

  public var interceptsPaywallActions: Bool { false }

  public var promotedPurchase: PromotedPurchaseHandling { .sdkPaywallHoldsTheSlot }

  /// The foreground only re-checks: `synchronize()` is the app's to call in Observer mode only.
  public nonisolated static var synchronizesBeforeForegroundCheck: Bool { false }

  public nonisolated static var buysWithStoreKit: Bool { false }

  /// Read-only: never record, synchronize or finish (the SDK owns the transaction); re-check, so
  /// approvals, refunds and purchases on another device apply while the app is open.
  public func handle(_ update: VerificationResultSnapshot<TransactionSnapshot>) async {
    logger.log(.transactionUpdateObserved(transactionID: update.unsafePayloadValue.id))
    await entitlements.refresh(.transactionUpdate)
  }

  /// Bounded: a callback that never fires reports a failure. The SDK's restore synchronizes by itself.
  /// The App Store sign-in may still be up at the cut, so the restore keeps running and a success
  /// after it re-checks (before it, the coordinator's own re-check comes after the answer).
  public func restorePurchases(synchronizes _: Bool) async -> RestoreStep {
    let (backend, entitlements) = (backend, entitlements)
    let cut = RestoreCut()
    let answer = await TimeLimit.run(
      entitlements.backendCallTimeout, clock: entitlements.clock, cancelsWork: false
    ) { _ async -> SubscriptionBackendError? in
      do throws(SubscriptionBackendError) {
        _ = try await backend.restore()
        if cut.happened { await entitlements.refresh(.restore) }
        return nil
      } catch {
        return error
      }
    }
    switch answer {
    case .finished(nil): return .ran
    case .finished(let error?): return .failed(message: error.userMessage)
    case .timedOut:
      cut.happened = true
      return .failed(message: SubscriptionBackendError.other(detail: "timed out").userMessage)
    }
  }
}

@MainActor
private final class RestoreCut {
  var happened = false
}

/// Observer mode: Spacer buys with StoreKit 2 inside the paywall's interceptors, records, tells
/// the backend and finishes every transaction once.
@MainActor
public final class ObserverModeStrategy: RunningModeStrategy {
  private let purchaser: any Purchaser
  private let entitlements: EntitlementProvider
  private let finisher: TransactionFinisher
  private let logger: any MonetizationLogging

  public init(
    purchaser: any Purchaser, entitlements: EntitlementProvider, finisher: TransactionFinisher,
    logger: any MonetizationLogging
  ) {
    self.purchaser = purchaser
    self.entitlements = entitlements
    self.finisher = finisher
    self.logger = logger
  }

  public var mode: RunningMode { .observer }

  /// The interceptors are registered before the first start; promoted purchases are not shown by
  /// the SDK (it cannot buy in this mode).
  public var startOptions: SDKStartOptions {
    SDKStartOptions(
      mode: .observer, allowCampaigns: false, showsPromotedPurchasePaywall: false,
      interceptsPaywallActions: true)
  }

  public var interceptsPaywallActions: Bool { true }

  public var promotedPurchase: PromotedPurchaseHandling { .appBuys }

  public nonisolated static var synchronizesBeforeForegroundCheck: Bool { true }

  public nonisolated static var buysWithStoreKit: Bool { true }

  /// Unverified → ignored and not finished; verified → recorded, sent to the backend, finished
  /// once per transaction id, then a full re-check. A revocation of an already-seen id is still
  /// processed (a refund must not wait for a relaunch); only the finish is de-duplicated.
  public func handle(_ update: VerificationResultSnapshot<TransactionSnapshot>) async {
    guard case .verified(let transaction) = update else {
      if case .unverified(let transaction, let failure) = update {
        logger.log(.transactionUpdateIgnored(transactionID: transaction.id, failure))
      }
      return
    }
    await entitlements.record(transaction)
    logger.log(.synchronizeRequested)
    await entitlements.synchronizeBackend()
    await finisher.finishOnce(transaction.id)
    await entitlements.refresh(.transactionUpdate)
  }

  public func restorePurchases(synchronizes: Bool) async -> RestoreStep {
    do {
      try await purchaser.restore()
      if synchronizes {
        logger.log(.synchronizeRequested)
        await entitlements.synchronizeBackend()
      }
      return .ran
    } catch .userCancelled {
      return .cancelled
    } catch {
      return .failed(message: error.userMessage ?? PurchaseFailure.unknown.userMessage ?? "")
    }
  }
}

/// Finishes each StoreKit transaction exactly once, after its grant was recorded (Observer mode:
/// the purchase interceptor and the update listener share it).
@MainActor
public final class TransactionFinisher {
  private let purchaser: any Purchaser
  private let logger: any MonetizationLogging
  private var finished: Set<UInt64> = []

  public init(purchaser: any Purchaser, logger: any MonetizationLogging) {
    self.purchaser = purchaser
    self.logger = logger
  }

  public func finishOnce(_ transactionID: UInt64) async {
    guard finished.insert(transactionID).inserted else { return }
    await purchaser.finish(transactionID: transactionID)
    logger.log(.transactionFinished(transactionID: transactionID))
  }
}
