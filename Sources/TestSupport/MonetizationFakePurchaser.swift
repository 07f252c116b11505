import Foundation
import Monetization

/// A scripted StoreKit purchaser (`purchaser.purchase`, `purchaser.restore`, `purchaser.finish`,
/// `purchaser.transactionUpdates`). `send(_:)` delivers a transaction update.
@MainActor
public final class FakePurchaser: Purchaser {
  /// Results of `purchase(productID:)`, used in order; the last one repeats.
  public var purchaseResults: [PurchaseResult] = [.cancelled]
  public var restoreResult: Result<Void, PurchaseFailure> = .success(())
  /// Runs on a successful `restore()`, to change what StoreKit and the backend report.
  public var onRestore: (@MainActor () -> Void)?

  public private(set) var purchasedProductIDs: [ProductID] = []
  /// The promotional offer of each purchase (`nil` for a plain one).
  public private(set) var purchasedOffers: [PromotionalOfferSignature?] = []
  public private(set) var finishedTransactionIDs: [UInt64] = []
  public private(set) var restoreCount = 0
  /// How many times `transactionUpdates()` was requested.
  public private(set) var updatesRequestCount = 0
  public let calls: CallLog

  private let updates: AsyncStream<VerificationResultSnapshot<TransactionSnapshot>>
  private let updatesContinuation: AsyncStream<VerificationResultSnapshot<TransactionSnapshot>>.Continuation

  public init(calls: CallLog = CallLog()) {
    self.calls = calls
    (updates, updatesContinuation) = AsyncStream.makeStream()
  }

  /// Delivers a transaction update, as `Transaction.updates` would.
  public func send(_ update: VerificationResultSnapshot<TransactionSnapshot>) {
    updatesContinuation.yield(update)
  }

  public func purchase(
    productID: ProductID, promotionalOffer: PromotionalOfferSignature?
  ) async -> PurchaseResult {
    calls.record("purchaser.purchase")
    purchasedProductIDs.append(productID)
    purchasedOffers.append(promotionalOffer)
    return purchaseResults.count > 1 ? purchaseResults.removeFirst() : purchaseResults[0]
  }

  public func restore() async throws(PurchaseFailure) {
    calls.record("purchaser.restore")
    restoreCount += 1
    try restoreResult.get()
    onRestore?()
  }

  public func transactionUpdates() async -> AsyncStream<VerificationResultSnapshot<TransactionSnapshot>> {
    updatesRequestCount += 1
    return updates
  }

  public func finish(transactionID: UInt64) async {
    calls.record("purchaser.finish")
    finishedTransactionIDs.append(transactionID)
  }
}

/// The App Store's manage-subscription sheet, scripted: records each request and fails with
/// `failure` when set.
@MainActor
public final class FakeSubscriptionManagement: SubscriptionManagementPresenting {
  public var failure: SubscriptionManagementError?
  public private(set) var shownCount = 0

  public init() {}

  public func showManageSubscriptions() async throws(SubscriptionManagementError) {
    if let failure { throw failure }
    shownCount += 1
  }
}
