import Foundation

public enum SyncTrigger: String, Sendable, Equatable, Codable, CaseIterable {
  case launch, foreground, background, paywallClosed, purchase, restore, transactionUpdate
  case subscriptionManaged
}

/// What a sync does, decided before any call is made.
public struct SyncPlan: Sendable, Equatable {
  public var synchronizeFirst: Bool
  /// Ask the backend for active subscriptions (a network call). StoreKit is re-read every time.
  public var checkBackend: Bool
  public var invalidateCache: Bool

  public init(synchronizeFirst: Bool, checkBackend: Bool, invalidateCache: Bool) {
    self.synchronizeFirst = synchronizeFirst
    self.checkBackend = checkBackend
    self.invalidateCache = invalidateCache
  }
}

/// Network checks at most every 5 minutes in the foreground (25 hours in the background), always
/// after a purchase or a restore.
public enum SyncPolicy {
  /// Foreground freshness of a backend check (RevenueCat: 5 minutes).
  public static let foregroundFreshness: TimeInterval = 5 * 60
  /// Background freshness (RevenueCat: 25 hours).
  public static let backgroundFreshness: TimeInterval = 25 * 60 * 60
  public static let sandboxFreshness: TimeInterval = 5 * 60

  /// `lastBackendCheck` is the time of the last *successful* backend check.
  public static func plan(
    for trigger: SyncTrigger, synchronizesBeforeForegroundCheck: Bool, lastBackendCheck: Date?,
    isSandbox: Bool,
    now: Date
  ) -> SyncPlan {
    switch trigger {
    case .launch:
      // The SDK's start already syncs; the cached answer may be used.
      return SyncPlan(synchronizeFirst: false, checkBackend: true, invalidateCache: false)
    case .foreground, .background:
      let freshness =
        isSandbox ? sandboxFreshness : (trigger == .foreground ? foregroundFreshness : backgroundFreshness)
      let isStale = lastBackendCheck.map { now.timeIntervalSince($0) >= freshness } ?? true
      // The strategy's order: synchronize() then re-check (Observer), or re-check only (Full).
      return SyncPlan(
        synchronizeFirst: isStale && synchronizesBeforeForegroundCheck && trigger == .foreground,
        checkBackend: isStale,
        invalidateCache: false)
    case .paywallClosed, .purchase, .restore, .transactionUpdate, .subscriptionManaged:
      // A known purchase, restore, dismissal or plan change: always re-check, bypassing the cache.
      return SyncPlan(synchronizeFirst: false, checkBackend: true, invalidateCache: true)
    }
  }
}
