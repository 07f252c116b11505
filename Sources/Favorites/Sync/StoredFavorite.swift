import Foundation
import NASA

/// The first stored shape of a favorite (SwiftData's `FavoritesSchemaV1`): every field required,
/// `date` the unique key. Frozen: stores written by earlier versions hold exactly this.
public struct StoredFavoriteV1: Sendable, Hashable, Codable {
  public var date: String
  public var title: String
  public var mediaType: String
  public var imageURL: String?
  public var hdImageURL: String?
  public var pageURL: String?
  public var copyright: String?
  public var altText: String?
  public var dateAdded: Date

  public init(
    date: String, title: String, mediaType: String, imageURL: String?, hdImageURL: String?,
    pageURL: String?, copyright: String?, altText: String?, dateAdded: Date
  ) {
    self.date = date
    self.title = title
    self.mediaType = mediaType
    self.imageURL = imageURL
    self.hdImageURL = hdImageURL
    self.pageURL = pageURL
    self.copyright = copyright
    self.altText = altText
    self.dateAdded = dateAdded
  }
}

/// The second stored shape (`FavoritesSchemaV2`), the one CloudKit can mirror: every field
/// optional or with a default, no unique key (CloudKit allows neither a required field without a
/// default nor a unique constraint). One day may therefore arrive twice, from two devices:
/// `FavoritesMerge` makes it one again.
///
/// Rules:
/// - Migrating from V1 keeps every field of every favorite as it was (`init(_ v1:)`).
/// - A record read back without its day (a partial record from another device) gives no favorite
///   and is kept, not deleted; a record without a title or kind reads with an empty title and
///   kind "other"; without `dateAdded`, the distant past (it sorts as the oldest saved).
public struct StoredFavoriteV2: Sendable, Hashable, Codable {
  public var date: String?
  public var title: String?
  public var mediaType: String?
  public var imageURL: String?
  public var hdImageURL: String?
  public var pageURL: String?
  public var copyright: String?
  public var altText: String?
  public var dateAdded: Date?

  public init(
    date: String?, title: String?, mediaType: String?, imageURL: String?, hdImageURL: String?,
    pageURL: String?, copyright: String?, altText: String?, dateAdded: Date?
  ) {
    self.date = date
    self.title = title
    self.mediaType = mediaType
    self.imageURL = imageURL
    self.hdImageURL = hdImageURL
    self.pageURL = pageURL
    self.copyright = copyright
    self.altText = altText
    self.dateAdded = dateAdded
  }

  /// The V2 record a V1 record migrates to: the same values, field by field.
  public init(_ v1: StoredFavoriteV1) {
    self.init(
      date: v1.date, title: v1.title, mediaType: v1.mediaType, imageURL: v1.imageURL,
      hdImageURL: v1.hdImageURL, pageURL: v1.pageURL, copyright: v1.copyright, altText: v1.altText,
      dateAdded: v1.dateAdded)
  }

  /// The record that stores `favorite`.
  public init(_ favorite: Favorite) {
    self.init(
      date: favorite.date.rawValue, title: favorite.title, mediaType: favorite.mediaType.rawValue,
      imageURL: favorite.imageURL?.absoluteString, hdImageURL: favorite.hdImageURL?.absoluteString,
      pageURL: favorite.pageURL?.absoluteString, copyright: favorite.copyright, altText: favorite.altText,
      dateAdded: favorite.dateAdded)
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

extension StoredFavoriteV1 {
  /// The favorite a V1 record stores (V1's own reading, before any migration), or nil when its
  /// key is not a day.
  public var favorite: Favorite? { StoredFavoriteV2(self).favorite }
}
