import Foundation
import NASA

/// One favorite per day, whatever arrives: the same day saved on two devices reaches each of them
/// as two records (CloudKit has no unique key), and they are merged into one.
///
/// Rules:
/// - The merged favorite keeps the earliest `dateAdded`: when the user first saved the day.
/// - Its other fields come from the fullest record (the most fields present: a record with its
///   pictures beats one without); between equally full ones, the one saved last, so a corrected
///   title or picture from a later save wins; then the greatest in a fixed order, so every device
///   picks the same one.
/// - Merging never drops a day: every day present in the records is present once afterwards.
public enum FavoritesMerge {
  /// What to do with the records stored for one day.
  public struct Plan: Sendable, Equatable {
    /// The favorite to keep.
    public let merged: Favorite
    /// Indexes (into the records given) of the records that are duplicates, to delete once the
    /// one at `keep` holds `merged`.
    public let keep: Int
    public let delete: [Int]
  }

  /// One favorite per day, in no particular order.
  public static func merge(_ favorites: [Favorite]) -> [Favorite] {
    Dictionary(grouping: favorites, by: \.date).values.compactMap(merged)
  }

  /// The favorite for the records of one day; nil for no records.
  public static func merged(_ group: [Favorite]) -> Favorite? {
    guard let best = group.max(by: isLessPreferred) else { return nil }
    var result = best
    result.dateAdded = group.map(\.dateAdded).min() ?? best.dateAdded
    return result
  }

  /// For the stored records of one day (readable ones only): which to keep, holding `merged`, and
  /// which to delete. Nil when there is nothing to do (no record, or exactly one).
  public static func plan(_ group: [Favorite]) -> Plan? {
    guard group.count > 1, let merged = merged(group),
      let keep = group.indices.max(by: { isLessPreferred(group[$0], group[$1]) })
    else { return nil }
    return Plan(merged: merged, keep: keep, delete: group.indices.filter { $0 != keep })
  }

  private static func fullness(_ favorite: Favorite) -> Int {
    [
      favorite.imageURL != nil, favorite.hdImageURL != nil, favorite.pageURL != nil,
      favorite.copyright != nil, favorite.altText != nil, !favorite.title.isEmpty,
      favorite.mediaType != .other,
    ].filter { $0 }.count
  }

  private static func isLessPreferred(_ lhs: Favorite, _ rhs: Favorite) -> Bool {
    let left = (fullness(lhs), lhs.dateAdded)
    let right = (fullness(rhs), rhs.dateAdded)
    if left != right { return left < right }
    return order(lhs) < order(rhs)
  }

  /// A fixed order over every field, so ties break the same way on every device.
  private static func order(_ favorite: Favorite) -> String {
    [
      favorite.title, favorite.mediaType.rawValue, favorite.imageURL?.absoluteString ?? "",
      favorite.hdImageURL?.absoluteString ?? "", favorite.pageURL?.absoluteString ?? "",
      favorite.copyright ?? "", favorite.altText ?? "",
    ].joined(separator: "\u{1F}")
  }
}
