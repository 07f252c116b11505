#if canImport(StoreKit)
  import Foundation
  import Monetization
  import StoreKit

  #if canImport(UIKit)
    import UIKit
  #endif

  /// Reports StoreKit's answers unchanged and decides nothing. Finishing needs the `Transaction` value,
  /// so the actor keeps the transaction of each purchase it made until Core finishes it; an update's
  /// (Full mode finishes none) is looked up in `Transaction.unfinished` then, so none is kept for ever.
  public actor StoreKitPurchaser: Purchaser {
    private var unfinished: [UInt64: Transaction] = [:]
    private var listener: Task<Void, Never>?
    private var promotedListener: Task<Void, Never>?
    private let purchaseResults: PurchaseResultsForSync
    /// Products looked up for the purchase that follows (`loadProduct`).
    private var loadedProducts: [String: Product] = [:]

    /// - Parameter purchaseResults: where each purchase's StoreKit answer waits for the backend
    ///   adapter's `syncPurchase`, until its transaction is finished.
    public init(purchaseResults: PurchaseResultsForSync) {
      self.purchaseResults = purchaseResults
    }

    /// `Product.products(for:)` (a network read; Core bounds it), kept for `purchase`.
    public func loadProduct(_ productID: ProductID) async -> Result<Void, PurchaseFailure> {
      let id = productID.rawValue
      do {
        guard let found = try await Product.products(for: [id]).first(where: { $0.id == id })
        else { return .failure(.productNotFound) }
        loadedProducts[id] = found
        return .success(())
      } catch {
        return .failure(StoreKitMapping.purchaseFailure(from: error))
      }
    }

    /// Confirms in the paywall's scene (the `PaywallConfirmationSite` Core hands back). The offer uses
    /// `promotionalOffer(offerID:keyID:nonce:signature:timestamp:)` (deprecated in iOS 26): its
    /// replacement `promotionalOffer(_:compactJWS:)` needs a JWS, which Purchasely 6.0.0-rc.1's
    /// `PLYOfferSignature` does not carry.
    public func purchase(
      productID: ProductID, promotionalOffer: PromotionalOfferSignature?, winBackOfferID: String?,
      appAccountToken: UUID?, confirmIn site: (any PurchaseConfirmationSite)?
    ) async -> PurchaseResult {
      guard let product = loadedProducts.removeValue(forKey: productID.rawValue) else {
        return .failed(.productNotLoaded)
      }
      var options: Set<Product.PurchaseOption> = []
      // The token Core decided (the one the offer was signed for): `appAccountToken(_:)`, iOS 15.
      if let appAccountToken { options.insert(.appAccountToken(appAccountToken)) }
      if let offer = promotionalOffer {
        guard let signature = Data(base64Encoded: offer.signature) else {
          return .failed(.invalidOfferSignature)
        }
        options.insert(
          .promotionalOffer(
            offerID: offer.offerID, keyID: offer.keyID, nonce: offer.nonce, signature: signature,
            timestamp: offer.timestamp))
      }
      if let winBackOfferID {
        // `winBackOffer(_:)` and `SubscriptionInfo.winBackOffers`: iOS 18 (the app targets 17).
        guard #available(iOS 18.0, macOS 15.0, *),
          let offer = product.subscription?.winBackOffers.first(where: { $0.id == winBackOfferID })
        else { return .failed(.invalidOfferIdentifier) }
        options.insert(.winBackOffer(offer))
      }
      let result: Product.PurchaseResult
      do {
        result = try await Self.purchase(product, options: options, site: site)
      } catch {
        return .failed(StoreKitMapping.purchaseFailure(from: error))
      }
      switch result {
      case .success(let verification):
        if case .verified(let transaction) = verification {
          unfinished[transaction.id] = transaction
          await purchaseResults.keep(result, for: transaction.id)
        }
        return .purchased(StoreKitMapping.snapshot(verification))
      case .userCancelled:
        return .cancelled
      case .pending:
        return .pending
      @unknown default:
        return .failed(.unknown)
      }
    }

    /// `AppStore.sync()`: only on an explicit tap, it may show a sign-in prompt, and normal
    /// operation never needs it.
    public func restore() async throws(PurchaseFailure) {
      do {
        try await AppStore.sync()
      } catch {
        throw StoreKitMapping.purchaseFailure(from: error)
      }
    }

    /// One listener task, started at launch before the UI; a second call replaces the first.
    public func transactionUpdates() async -> AsyncStream<VerificationResultSnapshot<TransactionSnapshot>> {
      listener?.cancel()
      let (stream, continuation) = AsyncStream.makeStream(
        of: VerificationResultSnapshot<TransactionSnapshot>.self)
      let task = Task {
        // `Transaction.Transactions` and `VerificationResult<Transaction>` are `Sendable`.
        for await update in Transaction.updates {
          continuation.yield(StoreKitMapping.snapshot(update))
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
      listener = task
      return stream
    }

    /// `PurchaseIntent.intents` (iOS 16.4) with each intent's offer; a second call replaces the first
    /// listener.
    public func promotedPurchases() async -> AsyncStream<PromotedPurchase> {
      promotedListener?.cancel()
      let (stream, continuation) = AsyncStream.makeStream(of: PromotedPurchase.self)
      let task = Task {
        if #available(macOS 14.4, *) {
          for await intent in PurchaseIntent.intents {
            continuation.yield(
              PromotedPurchase(
                productID: ProductID(rawValue: intent.product.id), offer: Self.offer(of: intent)))
          }
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
      promotedListener = task
      return stream
    }

    /// Unverified transactions are never handed to Core as finishable.
    public func finish(transactionID: UInt64) async {
      _ = await purchaseResults.take(transactionID)
      if let transaction = unfinished.removeValue(forKey: transactionID) {
        await transaction.finish()
        return
      }
      for await result in Transaction.unfinished {
        if case .verified(let transaction) = result, transaction.id == transactionID {
          await transaction.finish()
          return
        }
      }
    }

    /// `PurchaseIntent.offer` (iOS 18: `public let offer: StoreKit.Product.SubscriptionOffer?`).
    @available(macOS 14.4, *)
    private static func offer(of intent: PurchaseIntent) -> PromotedOffer? {
      guard #available(iOS 18.0, macOS 15.0, *), let offer = intent.offer else { return nil }
      switch offer.type {
      case .winBack:
        guard let id = offer.id else { return .notApplicable(detail: "a win-back offer without an id") }
        return .winBack(id: id)
      case .introductory: return .introductory
      default: return .notApplicable(detail: offer.type.rawValue)
      }
    }

    /// UIKit apps must confirm in a scene: `purchase(confirmIn:options:)` with the paywall's view
    /// controller from iOS 18.2, its scene from iOS 17; the plain `purchase(options:)` only where
    /// there is no UIKit (a macOS build of the package). `Product` and its options are `Sendable`.
    @MainActor
    private static func purchase(
      _ product: Product, options: Set<Product.PurchaseOption>, site: (any PurchaseConfirmationSite)?
    ) async throws -> Product.PurchaseResult {
      #if canImport(UIKit)
        let controller = (site as? PaywallConfirmationSite)?.controller
        if #available(iOS 18.2, *), let controller {
          return try await product.purchase(confirmIn: controller, options: options)
        }
        if let scene = controller?.view.window?.windowScene ?? WindowScenes.foregroundActiveOrFirst() {
          return try await product.purchase(confirmIn: scene, options: options)
        }
      #endif
      return try await product.purchase(options: options)
    }
  }

  /// The StoreKit answers of the purchases the app made, by transaction id, for the backend
  /// adapter: Purchasely rc.1 `public static func syncPurchase(with purchaseResult:
  /// StoreKit.Product.PurchaseResult) async throws` takes StoreKit's own value, which Core cannot
  /// carry. Each is dropped when its transaction is finished.
  public actor PurchaseResultsForSync {
    private var results: [UInt64: Product.PurchaseResult] = [:]

    public init() {}

    func keep(_ result: Product.PurchaseResult, for transactionID: UInt64) {
      results[transactionID] = result
    }

    func take(_ transactionID: UInt64) -> Product.PurchaseResult? {
      results.removeValue(forKey: transactionID)
    }
  }

  #if canImport(UIKit)
    /// Held weakly: the paywall may be gone by the time Core hands it back.
    @MainActor
    final class PaywallConfirmationSite: PurchaseConfirmationSite {
      private(set) weak var controller: UIViewController?

      init(controller: UIViewController?) {
        self.controller = controller
      }
    }
  #endif
#endif
