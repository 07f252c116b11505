import Foundation
import Monetization

/// Builders for the vendor snapshots used across monetization tests.
public enum MonetizationFixtures {
  public static let monthly = ProductCatalog.monthly
  public static let annual = ProductCatalog.annual
  /// `ProductCatalog`'s subscription group, the one the app's transactions carry.
  public static let groupID = ProductCatalog.localSubscriptionGroupID
  public static let monthlyPlan = PaywallPlan(vendorID: "premium_monthly", appleProductID: monthly)
  public static let annualPlan = PaywallPlan(vendorID: "premium_annual", appleProductID: annual)

  /// A product the doubles sell: one of `ProductCatalog`'s, with its paywall plan and period.
  public struct Product: Sendable, Equatable {
    public var id: ProductID
    public var plan: PaywallPlan
    public var period: Calendar.Component
  }

  /// Every product of `ProductCatalog`, as the doubles (and the simulated store) sell them.
  public static let products = [
    Product(id: monthly, plan: monthlyPlan, period: .month),
    Product(id: annual, plan: annualPlan, period: .year),
  ]

  /// The product `id`, or nil when `ProductCatalog` has no such product.
  public static func product(_ id: ProductID) -> Product? {
    products.first { $0.id == id }
  }

  /// `date` plus one period of `product`, in UTC.
  public static func addPeriod(of product: Product, to date: Date) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    return calendar.date(byAdding: product.period, value: 1, to: date) ?? date.addingTimeInterval(30 * day)
  }

  public static let day: TimeInterval = 24 * 60 * 60

  /// A StoreKit transaction purchased at `purchased`, expiring at `expires`.
  public static func transaction(
    id: UInt64 = 1, product: ProductID = monthly, purchased: Date, expires: Date?,
    revoked: Date? = nil, upgraded: Bool = false, ownership: OwnershipType = .purchased,
    environment: StoreEnvironment = .production
  ) -> TransactionSnapshot {
    TransactionSnapshot(
      id: id, productID: product, subscriptionGroupID: groupID, purchaseDate: purchased,
      expirationDate: expires, isUpgraded: upgraded, revocationDate: revoked,
      revocationReason: revoked == nil ? nil : .other, ownershipType: ownership, environment: environment)
  }

  /// A verified subscription status for `transaction`.
  public static func status(
    _ state: RenewalState, transaction: TransactionSnapshot, willAutoRenew: Bool = true,
    graceEnds: Date? = nil, level: Int? = 1
  ) -> SubscriptionStatusSnapshot {
    SubscriptionStatusSnapshot(
      state: state, transaction: .verified(transaction),
      renewalInfo: .verified(
        RenewalInfoSnapshot(
          originalTransactionID: transaction.originalID, currentProductID: transaction.productID,
          willAutoRenew: willAutoRenew,
          isInBillingRetry: state == .inGracePeriod || state == .inBillingRetryPeriod,
          gracePeriodExpirationDate: graceEnds)),
      groupLevel: level)
  }

  /// A Purchasely subscription for `product` in `status`.
  public static func subscription(
    _ status: SubscriptionStatus, product: ProductID = monthly, familyShared: Bool = false,
    renews: Date? = nil, environment: SubscriptionEnvironment = .production
  ) -> SubscriptionSnapshot {
    SubscriptionSnapshot(
      planVendorID: self.product(product)?.plan.vendorID ?? "unknown", appleProductID: product,
      status: status, isFamilyShared: familyShared, nextRenewalDate: renews, environment: environment)
  }

  /// The configuration used by tests.
  public static func configuration(
    timeout: Duration = .seconds(10), grandfathering: GrandfatheringPolicy? = nil
  ) -> MonetizationConfiguration {
    MonetizationConfiguration(
      subscriptionGroupID: groupID, paywallLoadTimeout: timeout, grandfathering: grandfathering)
  }

  /// A paywall outcome.
  public static func outcome(
    _ result: PaywallPurchaseResult, plan: PaywallPlan? = nil, close: PaywallCloseReason = .button
  ) -> PaywallOutcome {
    PaywallOutcome(purchaseResult: result, plan: plan, closeReason: close)
  }
}
