/// Spacer's App Store products: the one place their identifiers are written.
///
/// `Spacer/Spacer.storekit` must list exactly these; a Core test parses that file and the
/// project check compares it on every CI run. The UI never asks for product ids: it asks
/// whether a `Feature` is unlocked.
public enum ProductCatalog {
  /// The monthly auto-renewable subscription.
  public static let monthly = "spacer.premium.monthly"
  /// The annual auto-renewable subscription.
  public static let annual = "spacer.premium.annual"
  /// Every subscription that unlocks premium, in one StoreKit subscription group.
  public static let subscriptions: Set<String> = [monthly, annual]
  /// The StoreKit subscription group of the local `.storekit` configuration. In App Store
  /// Connect the group gets its own identifier, which the app reads from configuration.
  public static let localSubscriptionGroupID = "5AC3B001"
}
