import Basics
import Foundation
import Monetization

/// What `AppModel` needs from outside: monetization's services, which start before anything local
/// opens (`AppMonetization.beginLaunch()`), and the content's.
public struct Dependencies {
  public var monetization: MonetizationDependencies
  public var content: ContentDependencies

  public init(monetization: MonetizationDependencies, content: ContentDependencies) {
    self.monetization = monetization
    self.content = content
  }
}

/// What monetization needs from outside: nothing here waits for local storage, so the launch can
/// start the transaction listener and the SDK before the favorites store opens.
public struct MonetizationDependencies {
  /// Settings and the last-known entitlement snapshot (`UserDefaults.standard`).
  public var keyValueStore: any KeyValueStore
  public var subscriptionBackend: any SubscriptionBackend
  public var storeEntitlements: any StoreEntitlementsSource
  /// Only needed when grandfathering is configured.
  public var appTransactions: (any AppTransactionSource)?
  public var paywallPresenter: any PaywallPresenting
  /// StoreKit buying, used in Observer mode only.
  public var purchaser: any Purchaser
  public var subscriptionManagement: any SubscriptionManagementPresenting
  public var monetizationLogger: any MonetizationLogging
  public var configuration: MonetizationConfiguration
  /// `false` when the build has no Purchasely key: the app runs, and Profile says subscriptions
  /// are unavailable instead of offering Restore.
  public var monetizationEnabled: Bool
  /// The process's one clock, which every model reads and waits on.
  public var clock: any Clocking
  /// App Store and TestFlight builds: no Observer mode without StoreKit products (`RunningModeRules`).
  public var isReleaseBuild: Bool
  /// The StoreKit products Observer mode buys exist only when the build names its group.
  public var storeKitProductsConfigured: Bool
  /// The SDK adapter, built first, was given the same relay; `AppMonetization` answers it.
  public var paywallEvents: PaywallEventsRelay

  public init(
    keyValueStore: any KeyValueStore, subscriptionBackend: any SubscriptionBackend,
    storeEntitlements: any StoreEntitlementsSource, appTransactions: (any AppTransactionSource)? = nil,
    paywallPresenter: any PaywallPresenting, purchaser: any Purchaser,
    subscriptionManagement: any SubscriptionManagementPresenting,
    monetizationLogger: any MonetizationLogging, configuration: MonetizationConfiguration,
    monetizationEnabled: Bool = true, clock: any Clocking, isReleaseBuild: Bool = false,
    storeKitProductsConfigured: Bool = true, paywallEvents: PaywallEventsRelay = PaywallEventsRelay()
  ) {
    self.paywallEvents = paywallEvents
    self.keyValueStore = keyValueStore
    self.subscriptionBackend = subscriptionBackend
    self.storeEntitlements = storeEntitlements
    self.appTransactions = appTransactions
    self.paywallPresenter = paywallPresenter
    self.purchaser = purchaser
    self.subscriptionManagement = subscriptionManagement
    self.monetizationLogger = monetizationLogger
    self.configuration = configuration
    self.monetizationEnabled = monetizationEnabled
    self.clock = clock
    self.isReleaseBuild = isReleaseBuild
    self.storeKitProductsConfigured = storeKitProductsConfigured
  }
}

extension MonetizationDependencies {
  /// The services monetization runs on, for `MonetizationGraph(services:configuration:)` with
  /// `configuration`.
  public var monetizationServices: MonetizationServices {
    MonetizationServices(
      store: keyValueStore, backend: subscriptionBackend, storeKit: storeEntitlements,
      appTransactions: appTransactions, paywalls: paywallPresenter, purchaser: purchaser,
      logger: monetizationLogger, clock: clock)
  }
}
