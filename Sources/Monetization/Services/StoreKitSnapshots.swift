import Foundation

/// Only `.verified` values may grant anything.
public enum VerificationResultSnapshot<SignedType: Sendable & Equatable>: Sendable, Equatable {
  case unverified(SignedType, VerificationFailure)
  case verified(SignedType)

  /// The payload whether or not it was verified (StoreKit's `unsafePayloadValue`).
  public var unsafePayloadValue: SignedType {
    switch self {
    case .verified(let value), .unverified(let value, _): value
    }
  }

  public var verifiedValue: SignedType? {
    if case .verified(let value) = self { value } else { nil }
  }
}

/// Mirror of `VerificationResult.VerificationError`.
public enum VerificationFailure: String, Sendable, Equatable, Codable {
  case revokedCertificate, invalidCertificateChain, invalidDeviceVerification
  case invalidEncoding, invalidSignature, missingRequiredProperties
  case unknown
}

/// Mirror of `AppStore.Environment` (a RawRepresentable struct in StoreKit).
public enum StoreEnvironment: String, Sendable, Equatable, Codable {
  case production, sandbox, xcode
}

/// Mirror of `Transaction.OwnershipType`.
public enum OwnershipType: String, Sendable, Equatable, Codable {
  case purchased, familyShared
}

/// Mirror of `Transaction.RevocationReason`.
public enum RevocationReason: String, Sendable, Equatable, Codable {
  case developerIssue, other
}

public struct TransactionSnapshot: Sendable, Equatable, Codable {
  public var id: UInt64
  public var originalID: UInt64
  public var productID: ProductID
  public var subscriptionGroupID: String?
  public var purchaseDate: Date
  public var expirationDate: Date?
  /// `true` when a higher level of service in the same group replaced this one.
  public var isUpgraded: Bool
  /// Set for refunds and for removal from Family Sharing; always in the past.
  public var revocationDate: Date?
  public var revocationReason: RevocationReason?
  public var ownershipType: OwnershipType
  public var environment: StoreEnvironment

  public init(
    id: UInt64, originalID: UInt64? = nil, productID: ProductID, subscriptionGroupID: String? = nil,
    purchaseDate: Date, expirationDate: Date?, isUpgraded: Bool = false, revocationDate: Date? = nil,
    revocationReason: RevocationReason? = nil, ownershipType: OwnershipType = .purchased,
    environment: StoreEnvironment = .production
  ) {
    self.id = id
    self.originalID = originalID ?? id
    self.productID = productID
    self.subscriptionGroupID = subscriptionGroupID
    self.purchaseDate = purchaseDate
    self.expirationDate = expirationDate
    self.isUpgraded = isUpgraded
    self.revocationDate = revocationDate
    self.revocationReason = revocationReason
    self.ownershipType = ownershipType
    self.environment = environment
  }
}

/// Mirror of `Product.SubscriptionInfo.RenewalState`, which is a RawRepresentable **struct** in
/// StoreKit: values this build does not know must survive (an unknown state never grants by itself).
public struct RenewalState: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
  public var rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  public static let subscribed = RenewalState(rawValue: 1)
  public static let expired = RenewalState(rawValue: 2)
  public static let inBillingRetryPeriod = RenewalState(rawValue: 3)
  public static let inGracePeriod = RenewalState(rawValue: 4)
  public static let revoked = RenewalState(rawValue: 5)

  public var description: String {
    switch self {
    case .subscribed: "subscribed"
    case .expired: "expired"
    case .inBillingRetryPeriod: "inBillingRetryPeriod"
    case .inGracePeriod: "inGracePeriod"
    case .revoked: "revoked"
    default: "unknown(\(rawValue))"
    }
  }
}

public struct RenewalInfoSnapshot: Sendable, Equatable, Codable {
  public var originalTransactionID: UInt64
  public var currentProductID: ProductID
  public var willAutoRenew: Bool
  public var isInBillingRetry: Bool
  public var gracePeriodExpirationDate: Date?

  public init(
    originalTransactionID: UInt64, currentProductID: ProductID, willAutoRenew: Bool,
    isInBillingRetry: Bool = false, gracePeriodExpirationDate: Date? = nil
  ) {
    self.originalTransactionID = originalTransactionID
    self.currentProductID = currentProductID
    self.willAutoRenew = willAutoRenew
    self.isInBillingRetry = isInBillingRetry
    self.gracePeriodExpirationDate = gracePeriodExpirationDate
  }
}

/// One `Product.SubscriptionInfo.Status`, plus the level of service of its product
/// (`SubscriptionInfo.groupLevel`, 1 = highest) so that, when one group has several statuses
/// (family members, upgrades), the highest level of service wins.
public struct SubscriptionStatusSnapshot: Sendable, Equatable {
  public var state: RenewalState
  public var transaction: VerificationResultSnapshot<TransactionSnapshot>
  public var renewalInfo: VerificationResultSnapshot<RenewalInfoSnapshot>
  public var groupLevel: Int?

  public init(
    state: RenewalState, transaction: VerificationResultSnapshot<TransactionSnapshot>,
    renewalInfo: VerificationResultSnapshot<RenewalInfoSnapshot>, groupLevel: Int? = nil
  ) {
    self.state = state
    self.transaction = transaction
    self.renewalInfo = renewalInfo
    self.groupLevel = groupLevel
  }
}

/// The fields of StoreKit's `AppTransaction` that grandfathering reads.
public struct AppTransactionSnapshot: Sendable, Equatable, Codable {
  /// On iOS, the **build number** (`CFBundleVersion`) the user first bought; "1.0" in the sandbox.
  public var originalAppVersion: String
  public var originalPurchaseDate: Date
  public var environment: StoreEnvironment

  public init(originalAppVersion: String, originalPurchaseDate: Date, environment: StoreEnvironment) {
    self.originalAppVersion = originalAppVersion
    self.originalPurchaseDate = originalPurchaseDate
    self.environment = environment
  }
}

public enum StoreReadError: Error, Sendable, Equatable {
  case network
  case other(detail: String)
}
