import Foundation

/// The last successfully computed entitlement, persisted so an offline subscriber is Premium from
/// the first frame. Only successful computations are stored.
public struct EntitlementSnapshot: Sendable, Equatable, Codable {
  /// Bumped whenever the stored shape or meaning changes; other versions are discarded, never decoded loosely.
  public static let currentSchemaVersion = 1

  public var schemaVersion: Int
  public var isPremium: Bool
  public var reason: EntitlementReason
  public var source: EntitlementSource
  public var productID: ProductID?
  public var expirationDate: Date?
  public var graceExpirationDate: Date?
  public var isSandbox: Bool
  /// When the entitlement was computed: the reference date for expiry while it is recent.
  public var computedAt: Date
  /// Optional so snapshots written before it existed still load (absent means not shared).
  public var familyShared: Bool?

  public init(
    isPremium: Bool, reason: EntitlementReason, source: EntitlementSource, productID: ProductID? = nil,
    expirationDate: Date? = nil, graceExpirationDate: Date? = nil, isSandbox: Bool = false,
    computedAt: Date, schemaVersion: Int = EntitlementSnapshot.currentSchemaVersion, familyShared: Bool? = nil
  ) {
    self.familyShared = familyShared
    self.schemaVersion = schemaVersion
    self.isPremium = isPremium
    self.reason = reason
    self.source = source
    self.productID = productID
    self.expirationDate = expirationDate
    self.graceExpirationDate = graceExpirationDate
    self.isSandbox = isSandbox
    self.computedAt = computedAt
  }

  public init(entitlement: Entitlement, computedAt: Date) {
    self.init(
      isPremium: entitlement.isPremium, reason: entitlement.reason, source: entitlement.source,
      productID: entitlement.productID, expirationDate: entitlement.expirationDate,
      graceExpirationDate: entitlement.graceExpirationDate, isSandbox: entitlement.isSandbox,
      computedAt: computedAt, familyShared: entitlement.isFamilyShared ? true : nil)
  }
}

/// How long a persisted snapshot may be trusted offline (the same three days RevenueCat uses).
public enum SnapshotTrust {
  /// For this long after `computedAt`, expiry is measured against `computedAt`; afterwards against
  /// now, so an old snapshot cannot keep a subscription alive forever.
  public static let requestDateGracePeriod: TimeInterval = 3 * 24 * 60 * 60

  public static func referenceDate(for snapshot: EntitlementSnapshot, now: Date) -> Date {
    now.timeIntervalSince(snapshot.computedAt) <= requestDateGracePeriod ? snapshot.computedAt : now
  }

  /// What the snapshot says now. A stale snapshot never upgrades a free user, and a subscriber's
  /// expiry (or grace end) in it is honoured: once it has passed, the result is free.
  public static func entitlement(from snapshot: EntitlementSnapshot, now: Date) -> Entitlement {
    let cached = Entitlement(
      access: snapshot.isPremium ? .premium : .free, reason: snapshot.reason, source: snapshot.source,
      productID: snapshot.productID, expirationDate: snapshot.expirationDate,
      graceExpirationDate: snapshot.graceExpirationDate, isSandbox: snapshot.isSandbox,
      computedAt: snapshot.computedAt, isFromCache: true, isFamilyShared: snapshot.familyShared == true)
    guard snapshot.isPremium else { return cached }
    let reference = referenceDate(for: snapshot, now: now)
    // A grace period entitles until its own end; otherwise the paid period's end counts.
    let end = snapshot.reason == .gracePeriod ? snapshot.graceExpirationDate : snapshot.expirationDate
    // Equal counts as active (sandbox renewals end at the request date); no end date means a
    // non-expiring grant.
    if let end, end < reference {
      var expired = cached
      expired.access = .free
      expired.reason = snapshot.reason == .gracePeriod ? .billingRetry : .expired
      return expired
    }
    return cached
  }
}

@MainActor
public struct EntitlementSnapshotStore {
  public static let key = "spacer.entitlements.snapshot"

  private let store: any KeyValueStore

  public init(store: any KeyValueStore) {
    self.store = store
  }

  public func load() -> SnapshotLoadResult {
    guard let data = store.data(forKey: Self.key) else { return .missing }
    // Read the version first and refuse anything else before decoding the rest.
    guard let header = try? JSONDecoder().decode(SchemaHeader.self, from: data) else {
      return .discarded(.unreadable)
    }
    guard header.schemaVersion == EntitlementSnapshot.currentSchemaVersion else {
      return .discarded(.schemaMismatch(found: header.schemaVersion))
    }
    guard let snapshot = try? JSONDecoder().decode(EntitlementSnapshot.self, from: data) else {
      return .discarded(.unreadable)
    }
    return .loaded(snapshot)
  }

  public func save(_ snapshot: EntitlementSnapshot) {
    // Encoding plain value types cannot fail; if it ever did, the previous snapshot stays.
    guard let data = try? JSONEncoder().encode(snapshot) else { return }
    store.setData(data, forKey: Self.key)
  }

  private struct SchemaHeader: Decodable {
    var schemaVersion: Int
  }
}

public enum SnapshotLoadResult: Sendable, Equatable {
  case loaded(EntitlementSnapshot)
  case missing
  case discarded(SnapshotDiscardReason)
}

public enum SnapshotDiscardReason: Sendable, Equatable {
  case schemaMismatch(found: Int)
  case unreadable
}
