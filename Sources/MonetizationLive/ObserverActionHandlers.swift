import Monetization

/// The Observer-mode decisions the paywall's `.purchase` and `.restore` interceptors ask for.
///
/// Plain `@Sendable` closures keep this module dependent on `Monetization` alone: the app builds
/// them from its `ObserverPurchaseCoordinator` (or `AppModel`) once the object graph exists, and
/// hands them to `LiveMonetization.routeObserverActions(to:)`. The interceptors only translate: every
/// decision (buy, grant, finish, what the paywall does next) is made by these closures in Core.
public struct ObserverActionHandlers: Sendable {
  /// The `.purchase` interceptor's decision for the plan the paywall offered, with the
  /// promotional offer it showed (signed, or not signable), if any.
  public var purchase: @Sendable (PaywallPlan?, PromotionalOfferRequest?) async -> InterceptorResponse
  /// The `.restore` interceptor's decision.
  public var restore: @Sendable () async -> InterceptorResponse
  /// Shows `InterceptorResponse.message` (for example "Waiting for approval"). Called on the main
  /// actor after the interceptor has returned and, when asked, after the paywall was closed.
  public var showMessage: (@MainActor @Sendable (String) -> Void)?

  public init(
    purchase: @escaping @Sendable (PaywallPlan?, PromotionalOfferRequest?) async -> InterceptorResponse,
    restore: @escaping @Sendable () async -> InterceptorResponse,
    showMessage: (@MainActor @Sendable (String) -> Void)? = nil
  ) {
    self.purchase = purchase
    self.restore = restore
    self.showMessage = showMessage
  }

  /// Routes both interceptors to Core's coordinator.
  public init(
    coordinator: ObserverPurchaseCoordinator, showMessage: (@MainActor @Sendable (String) -> Void)? = nil
  ) {
    self.init(
      purchase: { plan, offer in await coordinator.handlePurchase(plan: plan, offer: offer) },
      restore: { await coordinator.handleRestore() },
      showMessage: showMessage)
  }
}
