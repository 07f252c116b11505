import Foundation
import Monetization

/// A scripted StoreKit purchaser (`purchaser.purchase`, `purchaser.restore`, `purchaser.finish`,
/// `purchaser.transactionUpdates`). `send(_:)` delivers a new transaction; like StoreKit, every
/// transaction bought or sent stays unfinished until `finish`, and each new listener receives the
/// unfinished ones again (`queue`; share one between two purchasers to simulate a relaunch).
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
  /// The app account token of each purchase (`nil` when it carried none).
  public private(set) var purchasedAppAccountTokens: [UUID?] = []
  /// The win-back offer id of each purchase (`nil` for none).
  public private(set) var purchasedWinBackOffers: [String?] = []
  public private(set) var finishedTransactionIDs: [UInt64] = []
  /// How many times `promotedPurchases()` was requested.
  public private(set) var promotedRequestCount = 0
  /// Purchases wait at the App Store (after being recorded) until `releaseHeldPurchases()`.
  public var holdsPurchases = false
  private var heldPurchases: [CheckedContinuation<Void, Never>] = []
  private var promotedWaiting: [PromotedPurchase] = []
  private var promotedContinuation: AsyncStream<PromotedPurchase>.Continuation?
  /// Where each purchase was to be confirmed, as the interceptor handed it on.
  public private(set) var confirmationSites: [(any PurchaseConfirmationSite)?] = []
  public private(set) var restoreCount = 0
  /// How many times `transactionUpdates()` was requested.
  public private(set) var updatesRequestCount = 0
  public let calls: CallLog
  /// The device's transactions: what is unfinished, and the listeners.
  public let queue: TransactionQueue

  public init(calls: CallLog = CallLog(), queue: TransactionQueue = TransactionQueue()) {
    self.calls = calls
    self.queue = queue
  }

  /// Delivers a new transaction, as `Transaction.updates` would; it stays unfinished until
  /// finished.
  public func send(_ update: VerificationResultSnapshot<TransactionSnapshot>) {
    queue.deliverNew(update)
  }

  /// Delivers a change to a transaction already seen (a refund): running listeners only.
  public func sendChange(_ update: VerificationResultSnapshot<TransactionSnapshot>) {
    queue.deliver(update)
  }

  /// `Product.products(for:)` never answers.
  public var hangsProductLoads = false
  public let lostProductLoads = LostCallbacks()
  /// What a product lookup answers (`productNotFound` for an id the store does not sell).
  public var productLoadResult: Result<Void, PurchaseFailure> = .success(())

  /// Products looked up and not yet bought, as the adapter keeps them: a purchase takes one.
  public private(set) var keptProducts: [ProductID: Int] = [:]
  /// Runs after a lookup kept its product (to let another purchase take it).
  public var onProductKept: (@MainActor (ProductID) -> Void)?

  public func loadProduct(_ productID: ProductID) async -> Result<Void, PurchaseFailure> {
    calls.record("purchaser.loadProduct")
    if hangsProductLoads {
      await lostProductLoads.wait()
      return .failure(.networkError)
    }
    if case .success = productLoadResult {
      keptProducts[productID, default: 0] += 1
      onProductKept?(productID)
    }
    return productLoadResult
  }

  /// Another purchase of the same product takes the kept one.
  public func takeKeptProduct(_ productID: ProductID) {
    keptProducts[productID] = max((keptProducts[productID] ?? 0) - 1, 0)
  }

  public func purchase(
    productID: ProductID, promotionalOffer: PromotionalOfferSignature?, winBackOfferID: String?,
    appAccountToken: UUID?, confirmIn site: (any PurchaseConfirmationSite)?
  ) async -> PurchaseResult {
    calls.record("purchaser.purchase")
    // As the adapter: only a product a lookup kept is bought.
    guard (keptProducts[productID] ?? 0) > 0 else { return .failed(.productNotLoaded) }
    takeKeptProduct(productID)
    purchasedWinBackOffers.append(winBackOfferID)
    confirmationSites.append(site)
    purchasedProductIDs.append(productID)
    purchasedOffers.append(promotionalOffer)
    purchasedAppAccountTokens.append(appAccountToken)
    if holdsPurchases { await withCheckedContinuation { heldPurchases.append($0) } }
    // As rude as the App Store: an offer's signature covers the purchase's app account token, the
    // lowercased user id it was signed for; any other token (or none) is an invalid signature.
    if let promotionalOffer,
      appAccountToken?.uuidString.lowercased() != promotionalOffer.signedForUserID.lowercased()
    {
      return .failed(.invalidOfferSignature)
    }
    let result = purchaseResults.count > 1 ? purchaseResults.removeFirst() : purchaseResults[0]
    // Verified or not, a bought transaction stays unfinished until the app finishes it.
    if case .purchased(let transaction) = result { queue.remember(unfinished: transaction) }
    return result
  }

  public func restore() async throws(PurchaseFailure) {
    calls.record("purchaser.restore")
    restoreCount += 1
    try restoreResult.get()
    onRestore?()
  }

  /// Hands a promoted purchase to the app, as the App Store does when the user buys a promoted
  /// product (kept until the app asks for the stream, like `PurchaseIntent.intents`).
  public func sendPromoted(_ productID: ProductID, offer: PromotedOffer? = nil) {
    let promoted = PromotedPurchase(productID: productID, offer: offer)
    if let promotedContinuation {
      promotedContinuation.yield(promoted)
    } else {
      promotedWaiting.append(promoted)
    }
  }

  /// Lets every held purchase answer.
  public func releaseHeldPurchases() {
    holdsPurchases = false
    let held = heldPurchases
    heldPurchases.removeAll()
    for purchase in held { purchase.resume() }
  }

  public func promotedPurchases() async -> AsyncStream<PromotedPurchase> {
    promotedRequestCount += 1
    let (stream, continuation) = AsyncStream.makeStream(of: PromotedPurchase.self)
    for promoted in promotedWaiting { continuation.yield(promoted) }
    promotedWaiting.removeAll()
    promotedContinuation = continuation
    return stream
  }

  public func transactionUpdates() async -> AsyncStream<VerificationResultSnapshot<TransactionSnapshot>> {
    updatesRequestCount += 1
    return queue.listen()
  }

  public func finish(transactionID: UInt64) async {
    calls.record("purchaser.finish")
    finishedTransactionIDs.append(transactionID)
    queue.finish(transactionID)
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
