import Foundation
import NASA

/// CloudKit has no unique key, so the same day saved on two devices arrives as two records. The rank
/// reads the fields alone, never `dateAdded` (which a merge rewrites) nor the fetch order (which
/// differs between devices), so every device deletes the same records; exact copies are all kept, or
/// deleting "the other one" on each device would delete them all once iCloud spreads the deletions.
public enum FavoritesMerge {
  public struct Plan: Sendable, Equatable {
    public let merged: Favorite
    public let keep: [Int]
    public let delete: [Int]
  }

  public static func merge(_ favorites: [Favorite]) -> [Favorite] {
    Dictionary(grouping: favorites, by: \.date).values.compactMap(merged)
  }

  public static func merged(_ group: [Favorite]) -> Favorite? {
    guard let best = group.max(by: ranksBelow) else { return nil }
    var result = best
    result.dateAdded = group.map(\.dateAdded).min() ?? best.dateAdded
    return result
  }

  /// Readable records only. Nil when there is nothing to write.
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
