/// `Spacer/Spacer.storekit` must list exactly these (a Core test and the project check compare them).
/// The UI never asks for product ids, only whether a `Feature` is unlocked.
public enum ProductCatalog {
  public static let monthly: ProductID = "spacer.premium.monthly"
  public static let annual: ProductID = "spacer.premium.annual"
  public static let subscriptions: Set<ProductID> = [monthly, annual]
  /// In App Store Connect the group gets its own identifier, which the app reads from configuration.
  public static let localSubscriptionGroupID = "5AC3B001"
}

/// Typed, so a product is never confused with a plan's vendor id, a group or a transaction.
public struct ProductID: TextIdentifier {
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }
}

public protocol TextIdentifier: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
  CustomStringConvertible
where RawValue == String {
  init(rawValue: String)
}

extension TextIdentifier {
  public init(stringLiteral value: String) { self.init(rawValue: value) }

  public var description: String { rawValue }
}
