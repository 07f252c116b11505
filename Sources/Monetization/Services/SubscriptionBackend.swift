import Foundation
import Localization

/// The subscription SDK as Core sees it (Purchasely in the app, a fake in tests and the simulator).
///
/// Each requirement maps one SDK call, so the adapter only converts types:
/// `start(options:)` → `Purchasely.apiKey(_:)…runningMode(_:).start()`,
/// `activeSubscriptions(invalidateCache:)` → `Purchasely.userSubscriptions(_:success:failure:)`,
/// `synchronize()` → `Purchasely.synchronize(success:failure:)`,
/// `syncPurchase(transactionID:productID:)` → `Purchasely.syncPurchase(with:)`,
/// `restore()` → `Purchasely.restoreAllProducts(success:failure:)`.
public protocol SubscriptionBackend: Sendable {
  /// Starts the SDK with `options` (the running mode strategy's) and returns once it is ready.
  /// Nothing else may be called before. An empty API key is reported as `.notConfigured`.
  func start(options: SDKStartOptions) async throws(SubscriptionBackendError)

  /// The user's **active** subscriptions. An empty list from a successful call is a definitive
  /// "no active subscription"; a thrown error is "unknown" and must never downgrade a subscriber.
  /// `invalidateCache` bypasses the SDK's cache (after a known purchase, restore or dismissal).
  func activeSubscriptions(
    invalidateCache: Bool
  ) async throws(SubscriptionBackendError)
    -> [SubscriptionSnapshot]

  /// Sends the device's purchases to the backend (Observer mode). The SDK's "failure" only means
  /// nothing was synced, never "not entitled", so there is nothing to report.
  func synchronize() async

  /// Tells the backend of one App Store purchase the app made outside any interceptor (Observer
  /// mode), before its transaction is finished. rc.1: `syncPurchase(with: Product.PurchaseResult)`
  /// "must be called right after a purchase is made using StoreKit2".
  func syncPurchase(transactionID: UInt64, productID: ProductID) async throws(SubscriptionBackendError)

  /// The SDK's user (`Purchasely.anonymousUserId`) once it has started, else `nil`: the id whose
  /// app account token every Observer purchase carries (Purchasely's own StoreKit 2 sample sets it).
  func appUserID() async -> String?

  /// Full-mode restore. The SDK reports "nothing to restore" through its failure callback
  /// (`PLYError.noProductsToRestore`): the adapter returns `.nothingToRestore` for it and throws
  /// only for real failures.
  func restore() async throws(SubscriptionBackendError) -> BackendRestoreResult
}

/// What the SDK's restore call answered.
public enum BackendRestoreResult: String, Sendable, Equatable, Codable {
  /// At least one item was restored (`restoreAllProducts` success).
  case restored
  /// The store had nothing to restore.
  case nothingToRestore
}

/// Spacer's own error for subscription SDK failures; the raw SDK text is never shown.
public enum SubscriptionBackendError: Error, Sendable, Equatable {
  /// No API key: the SDK is unavailable, the app stays usable and shows no paywall.
  case notConfigured
  /// Offline or a network failure (`PLYError.network`).
  case network
  /// The backend throttled the app (`PLYError.tooManyRequests`).
  case tooManyRequests
  /// Another restore is already running (`PLYError.restorationAlreadyRunning`).
  case alreadyRunning
  /// Anything else; `detail` is for the log, not for the user.
  case other(detail: String)

  /// The message shown to the user.
  public var userMessage: String {
    switch self {
    case .notConfigured: Localized.text("Subscriptions aren't available in this build.")
    case .network: Localized.text("You're offline. Check your connection and try again.")
    case .tooManyRequests: Localized.text("The subscription service is busy. Try again in a minute.")
    case .alreadyRunning: Localized.text("A restore is already in progress.")
    case .other: Localized.text("Something went wrong while checking your subscription. Try again later.")
    }
  }
}

/// One active subscription as the SDK reports it (`PLYSubscription`), reduced to what Core needs.
public struct SubscriptionSnapshot: Sendable, Equatable, Codable {
  /// `PLYSubscription.plan.vendorId`.
  public var planVendorID: String
  /// `PLYSubscription.plan.appleProductId`.
  public var appleProductID: ProductID?
  /// `PLYSubscription.status`.
  public var status: SubscriptionStatus
  /// `PLYSubscription.isFamilyShared`.
  public var isFamilyShared: Bool
  /// `PLYSubscription.nextRenewalDate`: when the paid period ends.
  public var nextRenewalDate: Date?
  /// `PLYSubscription.cancelledDate`.
  public var cancelledDate: Date?
  /// `PLYSubscription.environment`.
  public var environment: SubscriptionEnvironment

  /// Creates a snapshot; the adapter fills every field from one `PLYSubscription`.
  public init(
    planVendorID: String, appleProductID: ProductID?, status: SubscriptionStatus,
    isFamilyShared: Bool = false, nextRenewalDate: Date? = nil, cancelledDate: Date? = nil,
    environment: SubscriptionEnvironment = .production
  ) {
    self.planVendorID = planVendorID
    self.appleProductID = appleProductID
    self.status = status
    self.isFamilyShared = isFamilyShared
    self.nextRenewalDate = nextRenewalDate
    self.cancelledDate = cancelledDate
    self.environment = environment
  }
}

/// Mirror of `PLYSubscriptionStatus` (same cases, same order, same raw values 0…8), so the adapter
/// can write `SubscriptionStatus(rawValue: status.rawValue) ?? .unknown`.
public enum SubscriptionStatus: Int, Sendable, Equatable, Codable, CaseIterable {
  case autoRenewing = 0
  case onHold = 1
  case inGracePeriod = 2
  case autoRenewingCanceled = 3
  case deactivated = 4
  case revoked = 5
  case paused = 6
  case unpaid = 7
  case unknown = 8
}

/// Mirror of `PLYSubscriptionEnvironment`.
public enum SubscriptionEnvironment: String, Sendable, Equatable, Codable {
  case sandbox, production, unknown
}

/// When to try a failed SDK start again: on the next foreground or before a paywall loads, but
/// not more often than the backoff allows (30 s, doubling up to 15 minutes). A missing
/// API key is not a failure to retry.
public struct BackendStartRetry: Sendable, Equatable {
  public static let firstDelay: TimeInterval = 30
  public static let longestDelay: TimeInterval = 15 * 60

  public private(set) var failures = 0
  public private(set) var lastFailure: Date?

  public init() {}

  /// Records a failed start at `date`.
  public mutating func failed(at date: Date) {
    failures += 1
    lastFailure = date
  }

  /// How long to wait after the last failure before trying again.
  public var delay: TimeInterval {
    min(Self.firstDelay * pow(2, Double(max(failures - 1, 0))), Self.longestDelay)
  }

  /// Whether a new attempt may start at `now`.
  public func isDue(at now: Date) -> Bool {
    guard let lastFailure else { return false }
    return now.timeIntervalSince(lastFailure) >= delay
  }
}

/// What Spacer tells the subscription SDK at start, decided by the running mode's strategy so
/// the adapter only maps it (`PurchaselyBuilder.runningMode(_:)`, `.allowCampaigns(_:)`,
/// `.showsPromotedInAppPurchasePaywall(_:)`, and whether it registers the interceptors).
public struct SDKStartOptions: Sendable, Equatable {
  /// The SDK's running mode, always explicit (its default changed between major versions).
  public var mode: RunningMode
  /// Campaign paywalls open on their own, outside the one-paywall-at-a-time flow; Spacer runs no
  /// campaigns, so they stay off.
  public var allowCampaigns: Bool
  /// A purchase started from the App Store's promoted in-app purchases shows the SDK's paywall.
  /// Only in Full mode, where the SDK buys; its dismissal reaches the same outcome path (log and
  /// re-check) through the default presentation result handler.
  public var showsPromotedPurchasePaywall: Bool
  /// The purchase and restore interceptors are registered (before the first start): without them
  /// an Observer-mode purchase tap does nothing.
  public var interceptsPaywallActions: Bool

  public init(
    mode: RunningMode, allowCampaigns: Bool, showsPromotedPurchasePaywall: Bool,
    interceptsPaywallActions: Bool
  ) {
    self.mode = mode
    self.allowCampaigns = allowCampaigns
    self.showsPromotedPurchasePaywall = showsPromotedPurchasePaywall
    self.interceptsPaywallActions = interceptsPaywallActions
  }
}
