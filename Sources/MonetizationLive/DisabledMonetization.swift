import Monetization

/// The subscription backend used when the build has no Purchasely API key (or the SDK cannot be
/// linked on this platform): monetization is switched off, not broken.
///
/// `start(options:)` reports `.notConfigured`, which `EntitlementProvider.backendDidStart(_:)` turns
/// into "this source is not consulted": the app stays usable, StoreKit still grants what the user
/// owns, and nothing here ever touches the SDK.
public struct DisabledSubscriptionBackend: SubscriptionBackend {
  public init() {}

  public func start(options: SDKStartOptions) async throws(SubscriptionBackendError) {
    throw SubscriptionBackendError.notConfigured
  }

  public func activeSubscriptions(
    invalidateCache: Bool
  ) async throws(SubscriptionBackendError) -> [SubscriptionSnapshot] {
    throw SubscriptionBackendError.notConfigured
  }

  /// Nothing to synchronize without an SDK; Core treats a synchronize as best effort.
  public func synchronize() async {}

  public func syncPurchase(transactionID: UInt64, productID: ProductID) async throws(SubscriptionBackendError)
  {
    throw SubscriptionBackendError.notConfigured
  }

  public func appUserID() async -> String? { nil }

  public func restore() async throws(SubscriptionBackendError) -> BackendRestoreResult {
    throw SubscriptionBackendError.notConfigured
  }
}

/// The paywall presenter used when monetization is switched off: every placement is unavailable
/// with `.notConfigured`, so a gated tap resolves at once with "Premium isn't available right now."
public struct DisabledPaywallPresenter: PaywallPresenting {
  public init() {}

  public func load(placement: Placement) async -> PaywallLoadResult {
    .failed(.notConfigured)
  }

  /// Never reached (nothing loads), but it still resolves at once, as the protocol requires.
  public func display(
    _ presentation: PaywallPresentation, onShown: @escaping @MainActor @Sendable () -> Void
  ) async -> PaywallOutcome {
    PaywallOutcome(
      purchaseResult: .none, closeReason: .none, error: "Monetization is disabled in this build.")
  }

  public func closeAll() async {}

  public func isOnScreen(_ presentation: PaywallPresentation) async -> Bool { false }

  public func isPaywallOpenedBySDKOnScreen() async -> Bool { false }
}
