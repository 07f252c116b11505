#if canImport(os)
  import Foundation
  import Monetization

  /// The Purchasely SDK as one app launch uses it: the API key, whether `start` has settled, and
  /// where the Observer-mode interceptors send their actions.
  ///
  /// `PurchaselyBackend` and `PurchaselyPaywallPresenter` share one session, so a paywall load can
  /// wait for the start that `AppModel.launch()` awaits (the SDK must not be used before it has
  /// started), and the interceptors registered at start can reach handlers that only exist once
  /// `AppModel` has been built.
  public final class PurchaselySession: Sendable {
    /// Never logged or shown.
    let apiKey: String
    let startGate = SDKStartGate()
    let actionRouter = ObserverActionRouter()

    /// A session for `apiKey`, or `nil` when there is no usable key: empty, only whitespace, or an
    /// unexpanded `$(PURCHASELY_API_KEY)` left in Info.plist because the build setting is missing.
    /// Without a key the app runs with monetization disabled (`DisabledSubscriptionBackend`).
    public init?(apiKey: String) {
      let key = apiKey.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !key.isEmpty, !key.hasPrefix("$(") else { return nil }
      self.apiKey = key
    }

    /// Sends the paywall's purchase and restore actions to `handlers` from now on. Call it once the
    /// object graph exists (after `AppModel.init`), before the first paywall can be shown.
    public func routeObserverActions(to handlers: ObserverActionHandlers) {
      actionRouter.route(to: handlers)
    }
  }
#endif
