#if canImport(StoreKit)
  import Foundation
  import Monetization
  import StoreKit

  /// StoreKit 2 values converted to Core's snapshots, field by field. StoreKit's `RawRepresentable`
  /// structs (`OwnershipType`, `RevocationReason`, `AppStore.Environment`, `RenewalState`) can carry
  /// values this build does not know, so every switch over them has a `default`.
  enum StoreKitMapping {
    // MARK: Verification

    static func snapshot<Signed, Snapshot: Sendable & Equatable>(
      _ result: VerificationResult<Signed>, _ transform: (Signed) -> Snapshot
    ) -> VerificationResultSnapshot<Snapshot> {
      switch result {
      case .verified(let value): .verified(transform(value))
      case .unverified(let value, let error): .unverified(transform(value), verificationFailure(error))
      }
    }

    static func snapshot(
      _ result: VerificationResult<Transaction>
    ) -> VerificationResultSnapshot<TransactionSnapshot> {
      snapshot(result, snapshot(of:))
    }

    static func verificationFailure<Signed>(
      _ error: VerificationResult<Signed>.VerificationError
    ) -> VerificationFailure {
      switch error {
      case .revokedCertificate: .revokedCertificate
      case .invalidCertificateChain: .invalidCertificateChain
      case .invalidDeviceVerification: .invalidDeviceVerification
      case .invalidEncoding: .invalidEncoding
      case .invalidSignature: .invalidSignature
      case .missingRequiredProperties: .missingRequiredProperties
      @unknown default: .unknown
      }
    }

    // MARK: Transactions

    static func snapshot(of transaction: Transaction) -> TransactionSnapshot {
      TransactionSnapshot(
        id: transaction.id,
        originalID: transaction.originalID,
        productID: ProductID(rawValue: transaction.productID),
        subscriptionGroupID: transaction.subscriptionGroupID,
        purchaseDate: transaction.purchaseDate,
        expirationDate: transaction.expirationDate,
        isUpgraded: transaction.isUpgraded,
        revocationDate: transaction.revocationDate,
        revocationReason: transaction.revocationReason.map(revocationReason),
        ownershipType: ownershipType(transaction.ownershipType),
        environment: environment(transaction.environment))
    }

    static func revocationReason(_ reason: Transaction.RevocationReason) -> RevocationReason {
      switch reason {
      case .developerIssue: .developerIssue
      default: .other
      }
    }

    static func ownershipType(_ type: Transaction.OwnershipType) -> OwnershipType {
      switch type {
      case .familyShared: .familyShared
      default: .purchased
      }
    }

    /// An environment this build does not know is treated as a test one: it is never grandfathered
    /// and its cache stays short-lived, which are the safe sides.
    static func environment(_ environment: AppStore.Environment) -> StoreEnvironment {
      switch environment {
      case .production: .production
      case .xcode: .xcode
      default: .sandbox
      }
    }

    // MARK: Subscription status

    static func renewalState(_ state: Product.SubscriptionInfo.RenewalState) -> RenewalState {
      switch state {
      case .subscribed: .subscribed
      case .expired: .expired
      case .inBillingRetryPeriod: .inBillingRetryPeriod
      case .inGracePeriod: .inGracePeriod
      case .revoked: .revoked
      default: RenewalState(rawValue: state.rawValue)
      }
    }

    static func snapshot(of renewalInfo: Product.SubscriptionInfo.RenewalInfo) -> RenewalInfoSnapshot {
      RenewalInfoSnapshot(
        originalTransactionID: renewalInfo.originalTransactionID,
        currentProductID: ProductID(rawValue: renewalInfo.currentProductID),
        willAutoRenew: renewalInfo.willAutoRenew,
        isInBillingRetry: renewalInfo.isInBillingRetry,
        gracePeriodExpirationDate: renewalInfo.gracePeriodExpirationDate)
    }

    static func snapshot(
      of status: Product.SubscriptionInfo.Status, groupLevel: Int?
    ) -> SubscriptionStatusSnapshot {
      SubscriptionStatusSnapshot(
        state: renewalState(status.state),
        transaction: snapshot(status.transaction),
        renewalInfo: snapshot(status.renewalInfo, snapshot(of:)),
        groupLevel: groupLevel)
    }

    // MARK: App transaction

    static func snapshot(of appTransaction: AppTransaction) -> AppTransactionSnapshot {
      AppTransactionSnapshot(
        originalAppVersion: appTransaction.originalAppVersion,
        originalPurchaseDate: appTransaction.originalPurchaseDate,
        environment: environment(appTransaction.environment))
    }

    // MARK: Errors

    static func purchaseFailure(from error: any Error) -> PurchaseFailure {
      if let storeKitError = error as? StoreKitError {
        switch storeKitError {
        case .userCancelled: return .userCancelled
        case .networkError: return .networkError
        case .systemError: return .systemError
        case .notAvailableInStorefront: return .notAvailableInStorefront
        case .notEntitled: return .notEntitled
        case .unknown: return .unknown
        // Cases added by later SDKs (`unsupported`, iOS 18.4).
        default: return .unknown
        }
      }
      if let purchaseError = error as? Product.PurchaseError {
        switch purchaseError {
        case .invalidQuantity: return .invalidQuantity
        case .productUnavailable: return .productUnavailable
        case .purchaseNotAllowed: return .purchaseNotAllowed
        case .ineligibleForOffer: return .ineligibleForOffer
        case .invalidOfferIdentifier: return .invalidOfferIdentifier
        case .invalidOfferPrice: return .invalidOfferPrice
        case .invalidOfferSignature: return .invalidOfferSignature
        case .missingOfferParameters: return .missingOfferParameters
        @unknown default: return .unknown
        }
      }
      if error is URLError { return .networkError }
      return .unknown
    }

    static func readError(from error: any Error) -> StoreReadError {
      if error is URLError { return .network }
      if let storeKitError = error as? StoreKitError {
        if case .networkError = storeKitError { return .network }
        return .other(detail: "StoreKitError.\(caseName(of: storeKitError))")
      }
      return .other(detail: String(describing: type(of: error)))
    }

    static func caseName(of error: StoreKitError) -> String {
      Mirror(reflecting: error).children.first?.label ?? String(describing: error)
    }
  }
#endif
