/// Observer mode's answers to the paywall's purchase and restore buttons (the SDK asks the app,
/// which buys with StoreKit): one value from Core (`MonetizationGraph.paywallInterceptor`) to the
/// adapter, which registers the SDK's interceptors with it. Full mode has none: the SDK buys and
/// restores by itself.
public struct PaywallInterceptor: Sendable {
  /// The `.purchase` interceptor's decision for the plan the paywall offered, with the
  /// promotional offer it showed (signed, or not signable), if any, and where the App Store
  /// confirms the purchase (handed back to `Purchaser.purchase` unchanged).
  public var purchase:
    @Sendable (PaywallPlan?, PromotionalOfferRequest?, (any PurchaseConfirmationSite)?) async ->
      InterceptorResponse
  /// The `.restore` interceptor's decision.
  public var restore: @Sendable () async -> InterceptorResponse
  /// Shows `InterceptorResponse.message` over whatever is on top. Called on the main actor after
  /// the interceptor has returned and, when asked, after the paywall was closed; the adapter
  /// supplies its own alert when this is `nil`.
  public var showMessage: (@MainActor @Sendable (String) -> Void)?

  public init(
    purchase:
      @escaping @Sendable (PaywallPlan?, PromotionalOfferRequest?, (any PurchaseConfirmationSite)?) async ->
      InterceptorResponse,
    restore: @escaping @Sendable () async -> InterceptorResponse,
    showMessage: (@MainActor @Sendable (String) -> Void)? = nil
  ) {
    self.purchase = purchase
    self.restore = restore
    self.showMessage = showMessage
  }
}
