import Foundation
import NASA

/// One favorite per day, whatever arrives: the same day saved on two devices reaches each of them
/// as two records (CloudKit has no unique key), and they are merged into one.
///
/// Rules:
/// - The merged favorite keeps the earliest `dateAdded`: when the user first saved the day.
/// - Its other fields come from the fullest record (the most fields present: a record with its
///   pictures beats one without), then the greatest in a fixed order of the fields.
/// - A record is deleted only when another one ranks above it, and the rank reads the fields
///   alone, never `dateAdded` (which a merge rewrites) nor the fetch order (which differs between
///   devices). So every device deletes the same records, a record a merge kept never ranks lower
///   afterwards, and exact copies are all kept: the devices cannot tell them apart, and deleting
///   "the other one" on each would delete them all once iCloud spreads the deletions.
/// - Merging never drops a day: every day present in the records is present once afterwards.
public enum FavoritesMerge {
  /// What to do with the records stored for one day.
  public struct Plan: Sendable, Equatable {
    /// The favorite every kept record holds.
    public let merged: Favorite
    /// Indexes (into the records given) of the records to keep, to hold `merged`, and of those to
    /// delete.
    public let keep: [Int]
    public let delete: [Int]
  }

  /// One favorite per day, in no particular order.
  public static func merge(_ favorites: [Favorite]) -> [Favorite] {
    Dictionary(grouping: favorites, by: \.date).values.compactMap(merged)
  }

  /// The favorite for the records of one day; nil for no records.
  public static func merged(_ group: [Favorite]) -> Favorite? {
    guard let best = group.max(by: ranksBelow) else { return nil }
    var result = best
    result.dateAdded = group.map(\.dateAdded).min() ?? best.dateAdded
    return result
  }

  /// For the stored records of one day (readable ones only): which to keep, holding `merged`, and
  /// which to delete. Nil when there is nothing to write.
  public static func plan(_ group: [Favorite]) -> Plan? {
    guard group.count > 1, let merged = merged(group) else { return nil }
    let keep = group.indices.filter { !ranksBelow(group[$0], merged) }
    let delete = group.indices.filter { ranksBelow(group[$0], merged) }
    guard !delete.isEmpty || keep.contains(where: { group[$0] != merged }) else { return nil }
    return Plan(merged: merged, keep: keep, delete: delete)
  }

  private static func ranksBelow(_ lhs: Favorite, _ rhs: Favorite) -> Bool {
    let (left, right) = (fullness(lhs), fullness(rhs))
    if left != right { return left < right }
    return fields(lhs).lexicographicallyPrecedes(fields(rhs)) { a, b in
      switch (a, b) {
      case (nil, .some): true
      case (.some(let a), .some(let b)): a < b
      default: false
      }
    }
  }

  private static func fields(_ favorite: Favorite) -> [String?] {
    [
      favorite.title, favorite.mediaType.rawValue, favorite.imageURL?.absoluteString,
      favorite.hdImageURL?.absoluteString, favorite.pageURL?.absoluteString, favorite.copyright,
      favorite.altText,
    ]
  }

  private static func fullness(_ favorite: Favorite) -> Int {
    [
      favorite.imageURL != nil, favorite.hdImageURL != nil, favorite.pageURL != nil,
      favorite.copyright != nil, favorite.altText != nil, !favorite.title.isEmpty,
      favorite.mediaType != .other,
    ].filter { $0 }.count
  }
}
