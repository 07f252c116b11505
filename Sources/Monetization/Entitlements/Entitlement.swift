import Foundation
import Localization

/// Whether the user has Premium right now.
public enum AccessLevel: String, Sendable, Equatable, Codable {
  case premium
  case free
  /// No snapshot and no check has answered yet: neither locked screens nor onboarding are shown
  /// automatically, but a tap on a gated button may still open the paywall.
  case unknown
}

/// Why the user has (or lacks) Premium, kept for the Profile screen and the log.
public enum EntitlementReason: String, Sendable, Equatable, Codable, CaseIterable {
  /// An active, renewing subscription (`subscribed` / `autoRenewing`).
  case subscribed
  /// Auto-renew is off but the paid period has not ended: entitled until it does.
  case cancelledBeforeExpiry
  /// A renewal failed and the billing grace period still runs: entitled (Apple).
  case gracePeriod
  /// A family member's purchase shared through Family Sharing: entitled, labelled as shared.
  case familyShared
  /// Bought the paid app before the configured build.
  case grandfathered
  /// A successful check found no subscription.
  case noSubscription
  /// The subscription ended.
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
  /// Only unverified transactions were found; they never grant.
  case unverified
  /// No snapshot and the check failed.
  case checkFailed

  /// Whether this reason grants Premium.
  public var grantsPremium: Bool {
    switch self {
    case .subscribed, .cancelledBeforeExpiry, .gracePeriod, .familyShared, .grandfathered: true
    default: false
    }
  }

  /// The line the Profile screen shows under the plan, or `nil` when there is nothing to say.
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

/// Where an entitlement came from.
public enum EntitlementSource: String, Sendable, Equatable, Codable {
  case storeKit, purchasely, grandfathering, none
}

/// The entitlement the app acts on: the single answer the UI reads (through capabilities).
public struct Entitlement: Sendable, Equatable {
  public var access: AccessLevel
  public var reason: EntitlementReason
  public var source: EntitlementSource
  /// The product that grants (or last granted) Premium.
  public var productID: ProductID?
  /// End of the paid period; `nil` for non-expiring grants.
  public var expirationDate: Date?
  /// End of the billing grace period, when in grace.
  public var graceExpirationDate: Date?
  /// `true` when a store or backend environment was the sandbox (shorter refresh intervals).
  public var isSandbox: Bool
  /// When the decision was computed from live answers; for a cached value, the snapshot's time.
  public var computedAt: Date?
  /// `true` when this value comes from the persisted snapshot rather than from a live check.
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

  /// The state before anything is known: no snapshot, no answer.
  public static let unknown = Entitlement(access: .unknown, reason: .checkFailed)

  /// `true` when Premium is granted.
  public var isPremium: Bool { access == .premium }
}
