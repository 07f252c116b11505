/// In Full mode the SDK owns transactions: Spacer may read them, but never finishes or syncs one.
public protocol StoreEntitlementsSource: Sendable {
  /// Every element of `Transaction.currentEntitlements`, verified or not. Works offline.
  func currentEntitlements() async -> [VerificationResultSnapshot<TransactionSnapshot>]

  /// `Product.SubscriptionInfo.status(for: groupID)`, each status with its product's
  /// `groupLevel`. May need the network; a failure falls back to `currentEntitlements` alone.
  func subscriptionStatuses(groupID: String) async throws(StoreReadError) -> [SubscriptionStatusSnapshot]
}

/// StoreKit's `AppTransaction.shared`, the input of grandfathering.
public protocol AppTransactionSource: Sendable {
  /// The app transaction; may need a network fetch on first run. A failure means "unknown",
  /// never "not grandfathered".
  func appTransaction() async throws(StoreReadError) -> VerificationResultSnapshot<AppTransactionSnapshot>

  /// `AppTransaction.refresh()`: fetches a newly signed app transaction from the App Store. It
  /// shows an App Store sign-in, so Core calls it only on an explicit user action (Restore).
  func refreshAppTransaction() async throws(StoreReadError) -> VerificationResultSnapshot<
    AppTransactionSnapshot
  >
}
