import Localization

/// Everything that differs between the subscription SDK's two running modes, decided once per
/// launch: `MonetizationGraph` picks `FullModeStrategy` or `ObserverModeStrategy` from the stored
/// mode and hands it to the coordinators. No other type branches on the running mode.
@MainActor
public protocol RunningModeStrategy: AnyObject {
  /// The mode this launch runs in.
  var mode: RunningMode { get }
  /// What the SDK is started with (the mode itself, campaigns, promoted purchases, interceptors).
  var startOptions: SDKStartOptions { get }
  /// Whether the paywall's purchase and restore buttons come to the app (an interceptor exists).
  var interceptsPaywallActions: Bool { get }
  /// Whether a stale foreground check first sends the device's purchases to the backend (a
  /// type property: the entitlement provider, which the strategy itself needs, is built with it).
  nonisolated static var synchronizesBeforeForegroundCheck: Bool { get }
  /// What an App Store promoted purchase (`PurchaseIntent`) leads to in this mode.
  var promotedPurchase: PromotedPurchaseHandling { get }
  /// What one `Transaction.updates` element does.
  func handle(_ update: VerificationResultSnapshot<TransactionSnapshot>) async
  /// The restore step itself, before the live check that decides the outcome.
  /// - Parameter synchronizes: whether the app tells the backend afterwards (Observer mode); not
  ///   when the paywall's interceptor asked, because the SDK synchronizes after its `.success`.
  func restorePurchases(synchronizes: Bool) async -> RestoreStep
}

/// What an App Store promoted purchase leads to.
public enum PromotedPurchaseHandling: Sendable, Equatable {
  /// The SDK opens its own paywall for it (`showsPromotedInAppPurchasePaywall`): that paywall
  /// holds the one-paywall slot until its dismissal, so no other paywall stacks on it.
  case sdkPaywallHoldsTheSlot
  /// The app buys the product itself, through the same path as the paywall's purchase button.
  case appBuys
}

/// How the mode-specific part of a restore ended.
public enum RestoreStep: Sendable, Equatable {
  /// The restore ran; the check decides what it found.
  case ran
  /// It failed with this message for the user.
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

  /// Promoted in-app purchases show the SDK's paywall (the SDK buys); no interceptors.
  public var startOptions: SDKStartOptions {
    SDKStartOptions(
      mode: .full, allowCampaigns: false, showsPromotedPurchasePaywall: true, interceptsPaywallActions: false)
  }

  public var interceptsPaywallActions: Bool { false }

  /// The SDK shows its paywall for a promoted purchase (`startOptions`) and buys.
  public var promotedPurchase: PromotedPurchaseHandling { .sdkPaywallHoldsTheSlot }

  /// The foreground only re-checks: `synchronize()` is the app's to call in Observer mode only.
  public nonisolated static var synchronizesBeforeForegroundCheck: Bool { false }

  /// Read-only: never record, synchronize or finish (the SDK owns the transaction); re-check, so
  /// approvals, refunds and purchases on another device apply while the app is open.
  public func handle(_ update: VerificationResultSnapshot<TransactionSnapshot>) async {
    logger.log(.transactionUpdateObserved(transactionID: update.unsafePayloadValue.id))
    await entitlements.refresh(.transactionUpdate)
  }

  /// The SDK's restore, bounded: a callback that never fires reports a failure. "Nothing to
  /// restore" comes back as a value; only real failures are failures. The SDK's restore
  /// synchronizes by itself (`synchronizes` is Observer mode's).
  public func restorePurchases(synchronizes _: Bool) async -> RestoreStep {
    let backend = backend
    let answer = await TimeLimit.run(entitlements.backendCallTimeout, clock: entitlements.clock) {
      _ async -> SubscriptionBackendError? in
      do throws(SubscriptionBackendError) {
        _ = try await backend.restore()
        return nil
      } catch {
        return error
      }
    }
    switch answer {
    case .finished(nil): return .ran
    case .finished(let error?): return .failed(message: error.userMessage)
    case .timedOut: return .failed(message: SubscriptionBackendError.other(detail: "timed out").userMessage)
    }
  }
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

  /// The SDK shows nothing for a promoted purchase in this mode (it cannot buy): the app buys it.
  public var promotedPurchase: PromotedPurchaseHandling { .appBuys }

  /// `synchronize()` first, then the check.
  public nonisolated static var synchronizesBeforeForegroundCheck: Bool { true }

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

  /// `AppStore.sync()`, then `synchronize()` when asked.
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
