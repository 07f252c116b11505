import Foundation
import Localization

/// Core carries it untouched from the purchase interceptor to `Purchaser.purchase(…confirmIn:)`, so
/// no shared state stands between the two.
public protocol PurchaseConfirmationSite: AnyObject, Sendable {}

/// Each requirement maps one StoreKit 2 call; every decision about the results is made in Core. In
/// Full mode the SDK buys and finishes, so Core never calls `purchase`, `restore` or `finish`.
public protocol Purchaser: Sendable {
  /// Kept by the adapter for the `purchase` that follows, which buys only a kept product
  /// (`productNotLoaded` otherwise). A network read: Core bounds it on the injected clock.
  func loadProduct(_ productID: ProductID) async -> Result<Void, PurchaseFailure>

  /// Returns StoreKit's answer unchanged, unverified results included. Options:
  /// `Product.PurchaseOption.promotionalOffer(…)`, `.winBackOffer(_:)` (iOS 18, a promoted
  /// purchase's offer) and `.appAccountToken(_:)`, which an offer's signature covers. Confirms
  /// where `site` says, or in the foreground scene without one.
  func purchase(
    productID: ProductID, promotionalOffer: PromotionalOfferSignature?, winBackOfferID: String?,
    appAccountToken: UUID?, confirmIn site: (any PurchaseConfirmationSite)?
  ) async -> PurchaseResult

  /// `PurchaseIntent.intents` (iOS 16.4), with each intent's offer. Called once per launch.
  func promotedPurchases() async -> AsyncStream<PromotedPurchase>

  /// `AppStore.sync()`. Only on an explicit user action: it shows a system sign-in prompt.
  func restore() async throws(PurchaseFailure)

  /// `Transaction.updates`: renewals, Ask to Buy approvals, purchases from other devices,
  /// revocations, and every unfinished transaction right after launch. Called once per launch.
  func transactionUpdates() async -> AsyncStream<VerificationResultSnapshot<TransactionSnapshot>>

  /// Finishes the transaction with this id. The adapter keeps the `Transaction` values it handed
  /// out, keyed by id, so that it can call `finish()` on the right one.
  func finish(transactionID: UInt64) async
}

/// An App Store promoted purchase (`PurchaseIntent`): the product, and the offer the App Store page
/// showed with it (`PurchaseIntent.offer`, iOS 18), if any.
public struct PromotedPurchase: Sendable, Equatable {
  public var productID: ProductID
  public var offer: PromotedOffer?

  public init(productID: ProductID, offer: PromotedOffer? = nil) {
    self.productID = productID
    self.offer = offer
  }
}

/// The offer of a promoted purchase (`Product.SubscriptionOffer.OfferType`).
public enum PromotedOffer: Sendable, Equatable {
  /// A win-back offer: applied with its id.
  case winBack(id: String)
  /// An introductory offer: StoreKit applies it by itself to an eligible buyer.
  case introductory
  /// Any other offer (a promotional one needs a signature no App Store page provides).
  case notApplicable(detail: String)
}

public struct PromotionalOfferSignature: Sendable, Equatable {
  /// The App Store offer identifier (`PLYOfferSignature.identifier`).
  public var offerID: String
  public var keyID: String
  public var nonce: UUID
  /// Base64, as signed.
  public var signature: String
  /// UNIX time in milliseconds.
  public var timestamp: Int
  /// The subscription SDK's user the offer was signed for (`Purchasely.anonymousUserId`): Apple's
  /// signature covers the purchase's app account token, which Core derives from it
  /// (`AppAccountToken`).
  public var signedForUserID: String

  public init(
    offerID: String, keyID: String, nonce: UUID, signature: String, timestamp: Int, signedForUserID: String
  ) {
    self.offerID = offerID
    self.keyID = keyID
    self.nonce = nonce
    self.signature = signature
    self.timestamp = timestamp
    self.signedForUserID = signedForUserID
  }

  /// `Int(_:)` would trap on NaN or infinity.
  public static func timestamp(milliseconds: Double) -> Int? {
    Int(exactly: milliseconds.rounded())
  }
}

/// Apple's offer signature covers the purchase's app account token, so a purchase without
/// Purchasely's (its anonymous user id, lowercased, as a UUID) fails with `invalidOfferSignature`.
public enum AppAccountToken {
  /// `nil` when the id is not a UUID: then a signed offer cannot be applied.
  public static func forUser(_ userID: String) -> UUID? {
    UUID(uuidString: userID.lowercased())
  }
}

public enum PromotionalOfferRequest: Sendable, Equatable {
  case signed(PromotionalOfferSignature)
  case signingFailed(detail: String)
}

/// Mirror of `Product.PurchaseResult`, with thrown errors folded into `.failed`.
public enum PurchaseResult: Sendable, Equatable {
  /// `.success(VerificationResult<Transaction>)`: verification is checked in Core, and an
  /// unverified purchase grants nothing.
  case purchased(VerificationResultSnapshot<TransactionSnapshot>)
  /// `.pending`: Ask to Buy or a required action; approval arrives later as an update.
  case pending
  case cancelled
  case failed(PurchaseFailure)
}

/// Mirror of the `StoreKitError` and `Product.PurchaseError` cases, plus a missing product.
public enum PurchaseFailure: Error, Sendable, Equatable {
  case networkError
  case systemError
  case unknown
  case notEntitled
  case notAvailableInStorefront
  /// `StoreKitError.userCancelled`: silent, like `.cancelled` (cancelling is never an error).
  case userCancelled
  case purchaseNotAllowed
  case productUnavailable
  case ineligibleForOffer
  case invalidOfferIdentifier
  case invalidOfferPrice
  case invalidOfferSignature
  case missingOfferParameters
  case invalidQuantity
  case productNotFound
  /// The paywall's plan bills in a way StoreKit cannot be told in this SDK (`BillingPlanType`):
  /// refused before the App Store is asked.
  case billingPlanNotSupported
  /// `purchase` found no product kept by `loadProduct` (another purchase of it took it): the adapter
  /// never looks one up itself, since only Core bounds that read.
  case productNotLoaded

  public var userMessage: String? {
    switch self {
    case .userCancelled: nil
    case .networkError: Localized.text("You're offline. Check your connection and try again.")
    case .systemError, .unknown, .notEntitled:
      Localized.text(
        "The App Store couldn't complete the purchase. You may not have been charged; try again or restore.")
    case .purchaseNotAllowed: Localized.text("Purchases are disabled on this device (Screen Time).")
    case .productUnavailable, .notAvailableInStorefront, .productNotFound:
      Localized.text("This plan isn't available in your region right now.")
    case .billingPlanNotSupported:
      Localized.text(
        "This plan can't be bought in this version of Spacer. Choose another plan; you were not "
          + "charged.")
    case .ineligibleForOffer:
      Localized.text(
        "This offer isn't available for your account. You can still subscribe at the standard price.")
    case .invalidOfferIdentifier, .invalidOfferPrice, .invalidOfferSignature, .missingOfferParameters,
      .invalidQuantity, .productNotLoaded:
      Localized.text("The purchase couldn't be completed. Try again later.")
    }
  }
}
