import Foundation
import NASA

/// What kind of APOD a favorite is. An open set: the feeds add kinds over time ("other" appeared
/// years after "image" and "video"), so an unknown value is kept as written rather than rejected.
public struct FavoriteMediaType: RawRepresentable, Hashable, Sendable, Codable,
  ExpressibleByStringLiteral
{
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  public init(stringLiteral value: String) { self.rawValue = value }

  /// A still picture.
  public static let image: FavoriteMediaType = "image"
  /// A video (YouTube, Vimeo or a file); `imageURL` then holds its thumbnail when there is one.
  public static let video: FavoriteMediaType = "video"
  /// Interactive or otherwise unusual content (v1's word).
  public static let other: FavoriteMediaType = "other"
  /// An embedded page (apod-basic's word for interactive days).
  public static let iframe: FavoriteMediaType = "iframe"
}

/// A saved APOD, with everything needed to show it again offline.
///
/// It carries its own copy of the APOD fields rather than the NASA type, so a favorite saved today
/// still reads after the feed format changes. The stored properties are flat and map one-to-one
/// onto the SwiftData model that replaces the JSON file on Apple platforms.
public struct Favorite: Identifiable, Hashable, Sendable, Codable {
  /// The APOD date; unique among favorites.
  public var date: APODDay
  public var title: String
  public var mediaType: FavoriteMediaType
  /// The picture shown in lists and detail (a video's thumbnail for videos).
  public var imageURL: URL?
  /// The full-resolution picture, when the APOD has one.
  public var hdImageURL: URL?
  /// The APOD web page for this date.
  public var pageURL: URL?
  public var copyright: String?
  /// Text describing the picture for VoiceOver.
  public var altText: String?
  /// When the user saved it (the JSON file keeps it to the second, in ISO 8601).
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

  /// The images to keep pinned in the image cache so the favorite browses offline, each once.
  public var imageURLs: [URL] {
    var urls: [URL] = []
    for url in [imageURL, hdImageURL].compactMap({ $0 }) where !urls.contains(url) {
      urls.append(url)
    }
    return urls
  }
}
