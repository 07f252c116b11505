import Foundation
import Localization

public enum AccessLevel: String, Sendable, Equatable, Codable {
  case premium
  case free
  /// No snapshot and no check has answered yet: neither locked screens nor onboarding are shown
  /// automatically, but a tap on a gated button may still open the paywall.
  case unknown
}

public enum EntitlementReason: String, Sendable, Equatable, Codable, CaseIterable {
  /// An active, renewing subscription (`subscribed` / `autoRenewing`).
  case subscribed
  case cancelledBeforeExpiry
  /// A renewal failed and the billing grace period still runs: entitled (Apple).
  case gracePeriod
  case familyShared
  case grandfathered
  case noSubscription
  case expired
  /// Billing retry without (or after) grace: paid service pauses (`inBillingRetryPeriod`, `onHold`).
  case billingRetry
  /// Refunded, or removed from Family Sharing: never entitled.
  case revoked
  /// Purchasely `paused`.
  case paused
  /// Purchasely `unpaid`.
  case unpaid
  /// Purchasely `deactivated`.
  case deactivated
  case unverified
  case checkFailed

  public var grantsPremium: Bool {
    switch self {
    case .subscribed, .cancelledBeforeExpiry, .gracePeriod, .familyShared, .grandfathered: true
    default: false
    }
  }

  public var profileMessage: String? {
    switch self {
    case .gracePeriod: Localized.text("There's a problem with your payment — update it to keep Premium.")
    case .billingRetry: Localized.text("Update your payment method to restore Premium.")
    case .familyShared: Localized.text("Shared by your family.")
    case .cancelledBeforeExpiry:
      Localized.text("Premium won't renew; it stays active until the end of the period.")
    case .grandfathered: Localized.text("Included with your original purchase of Spacer.")
    case .revoked: Localized.text("This purchase was refunded or is no longer shared with you.")
    case .unverified: Localized.text("We couldn't verify your purchase with the App Store.")
    case .checkFailed: Localized.text("We couldn't check your subscription. Spacer will try again.")
    case .subscribed, .noSubscription, .expired, .paused, .unpaid, .deactivated: nil
    }
  }
}

public enum EntitlementSource: String, Sendable, Equatable, Codable {
  case storeKit, purchasely, grandfathering, none
}

public struct Entitlement: Sendable, Equatable {
  public var access: AccessLevel
  public var reason: EntitlementReason
  public var source: EntitlementSource
  public var productID: ProductID?
  public var expirationDate: Date?
  public var graceExpirationDate: Date?
  /// `true` when a store or backend environment was the sandbox (shorter refresh intervals).
  public var isSandbox: Bool
  public var computedAt: Date?
  public var isFromCache: Bool
  /// Shared by a family member: this Apple Account neither pays for it nor can manage it.
  public var isFamilyShared: Bool

  public init(
    access: AccessLevel, reason: EntitlementReason, source: EntitlementSource = .none,
    productID: ProductID? = nil, expirationDate: Date? = nil, graceExpirationDate: Date? = nil,
    isSandbox: Bool = false, computedAt: Date? = nil, isFromCache: Bool = false, isFamilyShared: Bool = false
  ) {
    self.isFamilyShared = isFamilyShared
    self.access = access
    self.reason = reason
    self.source = source
    self.productID = productID
    self.expirationDate = expirationDate
    self.graceExpirationDate = graceExpirationDate
    self.isSandbox = isSandbox
    self.computedAt = computedAt
    self.isFromCache = isFromCache
  }

  public static let unknown = Entitlement(access: .unknown, reason: .checkFailed)

  public var isPremium: Bool { access == .premium }
}
