import Foundation
import NASA

/// A favorite as the store keeps it (SwiftData's `FavoritesSchemaV2.FavoriteRecord` conforms):
/// every field optional, the day and the links as text, no unique key (CloudKit allows neither a
/// required field without a default nor a unique constraint). One day may therefore arrive twice,
/// from two devices: `FavoritesMerge` makes it one again. The V1 record (every field required,
/// `date` unique) has the same names, so the lightweight migration keeps every value.
///
/// Rules:
/// - A record read back without its day (a partial record from another device) gives no favorite
///   and is kept, not deleted; a record without a title or kind reads with an empty title and
///   kind "other"; without `dateAdded`, the distant past (it sorts as the oldest saved).
public protocol StoredFavorite: AnyObject {
  var date: String? { get set }
  var title: String? { get set }
  var mediaType: String? { get set }
  var imageURL: String? { get set }
  var hdImageURL: String? { get set }
  var pageURL: String? { get set }
  var copyright: String? { get set }
  var altText: String? { get set }
  var dateAdded: Date? { get set }
}

extension StoredFavorite {
  /// Overwrites every field with `favorite`'s.
  public func store(_ favorite: Favorite) {
    date = favorite.date.rawValue
    title = favorite.title
    mediaType = favorite.mediaType.rawValue
    imageURL = favorite.imageURL?.absoluteString
    hdImageURL = favorite.hdImageURL?.absoluteString
    pageURL = favorite.pageURL?.absoluteString
    copyright = favorite.copyright
    altText = favorite.altText
    dateAdded = favorite.dateAdded
  }

  /// The favorite this record stores, or nil when it has no readable day.
  public var favorite: Favorite? {
    guard let date, let day = APODDay(rawValue: date) else { return nil }
    return Favorite(
      date: day, title: title ?? "", mediaType: FavoriteMediaType(rawValue: mediaType ?? "other"),
      imageURL: imageURL.flatMap(URL.init(string:)), hdImageURL: hdImageURL.flatMap(URL.init(string:)),
      pageURL: pageURL.flatMap(URL.init(string:)), copyright: copyright, altText: altText,
      dateAdded: dateAdded ?? .distantPast)
  }
}
