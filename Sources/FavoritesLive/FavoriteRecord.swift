#if canImport(SwiftData)
  import Favorites
  import Foundation
  import NASA
  import SwiftData

  /// The stored form of a `Favorite`: one flat SwiftData record per APOD date.
  ///
  /// Each property maps one-to-one onto a `Favorite` property. URLs are kept as their absolute
  /// strings, a primitive every store version reads the same way; `date` is the APOD date's
  /// `YYYY-MM-DD` form and the unique key, so one day is never stored twice. The record never
  /// leaves `FavoriteRecordStore`: callers only ever see `Favorite` values.
  @Model
  final class FavoriteRecord {
    @Attribute(.unique) var date: String
    var title: String
    var mediaType: String
    var imageURL: String?
    var hdImageURL: String?
    var pageURL: String?
    var copyright: String?
    var altText: String?
    var dateAdded: Date

    init(_ favorite: Favorite) {
      self.date = favorite.date.rawValue
      self.title = favorite.title
      self.mediaType = favorite.mediaType.rawValue
      self.imageURL = favorite.imageURL?.absoluteString
      self.hdImageURL = favorite.hdImageURL?.absoluteString
      self.pageURL = favorite.pageURL?.absoluteString
      self.copyright = favorite.copyright
      self.altText = favorite.altText
      self.dateAdded = favorite.dateAdded
    }

    /// Overwrites every field except the key with `favorite`'s (saving a day again updates it).
    func update(from favorite: Favorite) {
      title = favorite.title
      mediaType = favorite.mediaType.rawValue
      imageURL = favorite.imageURL?.absoluteString
      hdImageURL = favorite.hdImageURL?.absoluteString
      pageURL = favorite.pageURL?.absoluteString
      copyright = favorite.copyright
      altText = favorite.altText
      dateAdded = favorite.dateAdded
    }

    /// The value this record stores, or `nil` when its key is not a `YYYY-MM-DD` date (only a
    /// record this code did not write could hold one).
    var favorite: Favorite? {
      guard let favoriteDate = APODDay(rawValue: date) else { return nil }
      return Favorite(
        date: favoriteDate,
        title: title,
        mediaType: FavoriteMediaType(rawValue: mediaType),
        imageURL: imageURL.flatMap { URL(string: $0) },
        hdImageURL: hdImageURL.flatMap { URL(string: $0) },
        pageURL: pageURL.flatMap { URL(string: $0) },
        copyright: copyright,
        altText: altText,
        dateAdded: dateAdded
      )
    }
  }
#endif
