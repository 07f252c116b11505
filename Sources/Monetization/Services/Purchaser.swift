import Foundation
import Localization

/// Where the App Store shows a purchase's confirmation: the paywall that asked for it, as the
/// adapter knows it (its view controller in the app). The adapter creates it in the purchase
/// interceptor and gets it back in `Purchaser.purchase(…confirmIn:)`; Core carries it untouched,
/// so no shared state stands between the two.
public protocol PurchaseConfirmationSite: AnyObject, Sendable {}

/// Observer-mode buying with StoreKit 2, used only when Spacer (not the SDK) makes purchases.
///
/// Each requirement maps one StoreKit call: `purchase(productID:)` →
/// `Product.products(for:)` + `product.purchase()`, `restore()` → `AppStore.sync()`,
/// `transactionUpdates()` → `Transaction.updates`, `finish(transactionID:)` →
/// `transaction.finish()`. Every decision about the results (grant, sync, finish, messages) is made
/// in Core; in Full mode the SDK buys and finishes, so Core never calls `purchase`, `restore` or
/// `finish`.
public protocol Purchaser: Sendable {
  /// `Product.products(for:)` for the product about to be bought, kept by the adapter for the
  /// `purchase` that follows (which looks it up again when none is kept). A network read: Core
  /// bounds it on the injected clock, as it does every other.
  func loadProduct(_ productID: ProductID) async -> Result<Void, PurchaseFailure>

  /// Buys `productID` and returns StoreKit's answer unchanged, unverified results included.
  /// With `promotionalOffer`, the purchase applies that signed offer
  /// (`Product.PurchaseOption.promotionalOffer(offerID:keyID:nonce:signature:timestamp:)`); with
  /// `appAccountToken`, it carries that token (`Product.PurchaseOption.appAccountToken(_:)`), which
  /// an offer's signature covers. The adapter confirms where `site` says (the paywall that asked,
  /// `purchase(confirmIn:options:)`), or in the foreground scene without one.
  func purchase(
    productID: ProductID, promotionalOffer: PromotionalOfferSignature?, appAccountToken: UUID?,
    confirmIn site: (any PurchaseConfirmationSite)?
  ) async -> PurchaseResult

  /// The App Store's promoted in-app purchases (`PurchaseIntent.intents`, iOS 16.4): the product
  /// the user chose on the App Store, for the app to complete. Called once per launch; what an
  /// intent leads to is the running mode's decision (`RunningModeStrategy.promotedPurchase`).
  func promotedPurchases() async -> AsyncStream<ProductID>

  /// `AppStore.sync()`. Only on an explicit user action: it shows a system sign-in prompt.
  func restore() async throws(PurchaseFailure)

  /// `Transaction.updates`: renewals, Ask to Buy approvals, purchases from other devices,
  /// revocations, and every unfinished transaction right after launch. Called once per launch.
  func transactionUpdates() async -> AsyncStream<VerificationResultSnapshot<TransactionSnapshot>>

  /// Finishes the transaction with this id. The adapter keeps the `Transaction` values it handed
  /// out, keyed by id, so that it can call `finish()` on the right one.
  func finish(transactionID: UInt64) async
}

/// A promotional offer signed for this user (by the subscription SDK's server), ready to apply.
public struct PromotionalOfferSignature: Sendable, Equatable {
  /// The App Store offer identifier (`storeOfferId`).
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

  /// The signature's timestamp as StoreKit takes it, from the `Double` the SDK reports
  /// (`PLYOfferSignature.timestamp`), or `nil` when it is not a finite number of milliseconds
  /// that fits in an `Int`: `Int(_:)` would trap on NaN or infinity.
  public static func timestamp(milliseconds: Double) -> Int? {
    Int(exactly: milliseconds.rounded())
  }
}

/// The app account token a purchase carries (`Product.PurchaseOption.appAccountToken(_:)`).
///
/// Purchasely signs promotional offers for its user, and Apple's offer signature includes the
/// purchase's app account token: a purchase without the same token fails with
/// `invalidOfferSignature`. Purchasely's rule: the token is its anonymous user id, lowercased,
/// read as a UUID.
public enum AppAccountToken {
  /// The token for a purchase made for `userID`, or `nil` when the id is not a UUID (then a
  /// signed offer cannot be applied).
  public static func forUser(_ userID: String) -> UUID? {
    UUID(uuidString: userID.lowercased())
  }
}

/// The offer the paywall showed with the plan, as the adapter prepared it.
public enum PromotionalOfferRequest: Sendable, Equatable {
  /// Signed and ready: the purchase must apply it.
  case signed(PromotionalOfferSignature)
  /// The paywall showed an offer but it could not be signed.
  case signingFailed(detail: String)
}

/// Mirror of `Product.PurchaseResult`, with thrown errors folded into `.failed`.
public enum PurchaseResult: Sendable, Equatable {
  /// `.success(VerificationResult<Transaction>)`: verification is checked in Core, and an
  /// unverified purchase grants nothing.
  case purchased(VerificationResultSnapshot<TransactionSnapshot>)
  /// `.pending`: Ask to Buy or a required action; approval arrives later as an update.
  case pending
  /// `.userCancelled`.
  case cancelled
  /// `Product.products(for:)` or `purchase()` threw.
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
  /// `Product.products(for:)` returned no product for the id.
  case productNotFound

  /// The message shown to the user, or `nil` when nothing is shown (a cancel, a pending
  /// approval).
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
    case .ineligibleForOffer:
      Localized.text(
        "This offer isn't available for your account. You can still subscribe at the standard price.")
    case .invalidOfferIdentifier, .invalidOfferPrice, .invalidOfferSignature, .missingOfferParameters,
      .invalidQuantity:
      Localized.text("The purchase couldn't be completed. Try again later.")
    }
  }
}
