import AppCore
import Monetization
import TestSupport

/// The app's monetization over one `MonetizationFakeSet`: every app-level test wires the same
/// fakes, logger, clock and subscription group, and differs only in the running mode, the build
/// (Release without StoreKit products) and the paywall-events relay it hands in.
extension MonetizationFakeSet {
  /// `MonetizationDependencies` over these fakes; `mode` is the running mode when none is stored.
  func dependencies(
    mode: RunningMode,
    subscriptionManagement: FakeSubscriptionManagement = FakeSubscriptionManagement(),
    releaseWithoutProducts: Bool = false, paywallEvents: PaywallEventsRelay = PaywallEventsRelay()
  ) -> MonetizationDependencies {
    MonetizationDependencies(
      keyValueStore: store, subscriptionBackend: backend, storeEntitlements: storeKit,
      paywallPresenter: presenter, purchaser: purchaser, subscriptionManagement: subscriptionManagement,
      monetizationLogger: logger,
      configuration: MonetizationConfiguration(
        subscriptionGroupID: MonetizationFixtures.groupID, defaultRunningMode: mode),
      clock: clock, isReleaseBuild: releaseWithoutProducts,
      storeKitProductsConfigured: !releaseWithoutProducts, paywallEvents: paywallEvents)
  }

  /// The app's `AppMonetization` over these fakes, built before any app model (as at launch).
  func appMonetization(
    mode: RunningMode, paywallEvents: PaywallEventsRelay = PaywallEventsRelay()
  ) -> AppMonetization {
    AppMonetization(dependencies(mode: mode, paywallEvents: paywallEvents))
  }
}
