import Foundation
import NASA

/// An open set: the feeds add kinds over time ("other" appeared years after "image" and "video"), so
/// an unknown value is kept as written rather than rejected.
public struct FavoriteMediaType: RawRepresentable, Hashable, Sendable, Codable,
  ExpressibleByStringLiteral
{
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  public init(stringLiteral value: String) { self.rawValue = value }

  public static let image: FavoriteMediaType = "image"
  /// `imageURL` then holds its thumbnail when there is one.
  public static let video: FavoriteMediaType = "video"
  public static let other: FavoriteMediaType = "other"
  public static let iframe: FavoriteMediaType = "iframe"
}

/// Its own copy of the APOD fields rather than the NASA type, so a favorite saved today still reads
/// after the feed format changes.
public struct Favorite: Identifiable, Hashable, Sendable, Codable {
  /// Unique among favorites.
  public var date: APODDay
  public var title: String
  public var mediaType: FavoriteMediaType
  public var imageURL: URL?
  public var hdImageURL: URL?
  public var pageURL: URL?
  public var copyright: String?
  public var altText: String?
  /// The JSON file keeps it to the second, in ISO 8601.
  public var dateAdded: Date

  public init(
    date: APODDay,
    title: String,
    mediaType: FavoriteMediaType,
    imageURL: URL?,
    hdImageURL: URL?,
    pageURL: URL?,
    copyright: String?,
    altText: String?,
    dateAdded: Date
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

  public var id: APODDay { date }

  public var imageURLs: [URL] {
    var urls: [URL] = []
    for url in [imageURL, hdImageURL].compactMap({ $0 }) where !urls.contains(url) {
      urls.append(url)
    }
    return urls
  }
}
