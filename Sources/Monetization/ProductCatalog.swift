/// Spacer's App Store products: the one place their identifiers are written.
///
/// `Spacer/Spacer.storekit` must list exactly these; a Core test parses that file and the
/// project check compares it on every CI run. The UI never asks for product ids: it asks
/// whether a `Feature` is unlocked.
public enum ProductCatalog {
  /// The monthly auto-renewable subscription.
  public static let monthly: ProductID = "spacer.premium.monthly"
  /// The annual auto-renewable subscription.
  public static let annual: ProductID = "spacer.premium.annual"
  /// Every subscription that unlocks premium, in one StoreKit subscription group.
  public static let subscriptions: Set<ProductID> = [monthly, annual]
  /// The StoreKit subscription group of the local `.storekit` configuration. In App Store
  /// Connect the group gets its own identifier, which the app reads from configuration.
  public static let localSubscriptionGroupID = "5AC3B001"
}

/// An App Store product identifier, such as `spacer.premium.monthly`.
///
/// Typed so a product is never confused with the other identifiers around it (a plan's vendor id,
/// a subscription group, a transaction); the raw value is the exact text StoreKit and App Store
/// Connect use, and it is stored as that text (the entitlement snapshot keeps one).
public struct ProductID: TextIdentifier {
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }
}

/// An identifier that is text underneath (a product, a placement): written as a string literal,
/// printed and encoded as its plain text, so logs and stored data read as before it was typed.
public protocol TextIdentifier: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
  CustomStringConvertible
where RawValue == String {
  init(rawValue: String)
}

extension TextIdentifier {
  public init(stringLiteral value: String) { self.init(rawValue: value) }

  public var description: String { rawValue }
}
