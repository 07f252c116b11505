#if canImport(Purchasely) && canImport(os)
  import Monetization

  /// Until `start(options:)` has succeeded no other call reaches the SDK: reads throw,
  /// `synchronize()` does nothing.
  public struct PurchaselyBackend: SubscriptionBackend {
    private let session: PurchaselySession
    private let purchaseResults: PurchaseResultsForSync

    public init(session: PurchaselySession, purchaseResults: PurchaseResultsForSync) {
      self.session = session
      self.purchaseResults = purchaseResults
    }

    public func start(options: SDKStartOptions) async throws(SubscriptionBackendError) {
      let session = session
      let result = await session.startGate.start(
        prepare: { await session.registerInterceptorsOnce(options: options) },
        attempt: { await PurchaselyBridge.start(apiKey: session.apiKey, options: options) })
      if case .failure(let error) = result { throw error }
    }

    public func activeSubscriptions(
      invalidateCache: Bool
    ) async throws(SubscriptionBackendError) -> [SubscriptionSnapshot] {
      try requireStarted()
      switch await PurchaselyBridge.activeSubscriptions(invalidateCache: invalidateCache) {
      case .success(let subscriptions): return subscriptions
      case .failure(let error): throw error
      }
    }

    public func synchronize() async {
      guard session.startGate.phase == .started else { return }
      await PurchaselyBridge.synchronize()
    }

    /// rc.1 `syncPurchase(with: Product.PurchaseResult) async throws` with the purchase's StoreKit
    /// answer; `syncPurchase(for productId: String) async throws` ("when you don't have direct
    /// access to Product.PurchaseResult") only if none was kept.
    public func syncPurchase(
      transactionID: UInt64, productID: ProductID
    ) async throws(SubscriptionBackendError) {
      try requireStarted()
      let result = await purchaseResults.take(transactionID)
      if let error = await PurchaselyBridge.syncPurchase(result, productID: productID.rawValue) {
        throw error
      }
    }

    /// rc.1 `@objc public static var anonymousUserId: Swift.String { get }`, once started.
    public func appUserID() async -> String? {
      guard session.startGate.phase == .started else { return nil }
      return await PurchaselyBridge.anonymousUserID()
    }

    public func restore() async throws(SubscriptionBackendError) -> BackendRestoreResult {
      try requireStarted()
      switch await PurchaselyBridge.restoreAllProducts() {
      case .success(let result): return result
      case .failure(let error): throw error
      }
    }

    private func requireStarted() throws(SubscriptionBackendError) {
      switch session.startGate.phase {
      case .started: return
      case .failed(let error): throw error
      case .pending: throw SubscriptionBackendError.other(detail: "Purchasely has not started yet")
      }
    }
  }
#endif
