import Monetization

/// Observer mode's answers to the paywall's purchase and restore buttons (the SDK asks the app,
/// which buys with StoreKit). Full mode has none: the SDK buys and restores by itself.
public struct PaywallInterceptor: Sendable {
  /// The `.purchase` interceptor's decision for the plan the paywall offered, with the
  /// promotional offer it showed, if any.
  public let purchase: @Sendable (PaywallPlan?, PromotionalOfferRequest?) async -> InterceptorResponse
  /// The `.restore` interceptor's decision.
  public let restore: @Sendable () async -> InterceptorResponse
}
