/// Observer mode only: the SDK asks the app, which buys with StoreKit. Full mode has none.
public struct PaywallInterceptor: Sendable {
  public var purchase:
    @Sendable (PaywallPlan?, PromotionalOfferRequest?, (any PurchaseConfirmationSite)?) async ->
      InterceptorResponse
  public var restore: @Sendable () async -> InterceptorResponse
  /// Called on the main actor after the interceptor has returned (and the paywall closed, when
  /// asked); the adapter supplies its own alert when this is `nil`.
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
