import Foundation
import ImageCache
import NASA

extension Favorite {
  /// The favorite for `apod`: what the Favorites screen needs to show it offline, without the
  /// explanation text (the APOD cache keeps that).
  public init(apod: APOD, dateAdded: Date) {
    self.init(
      date: apod.date, title: apod.title,
      mediaType: FavoriteMediaType(rawValue: apod.mediaType.rawValue),
      imageURL: apod.imageURL, hdImageURL: apod.hdImageURL, pageURL: apod.pageURL,
      copyright: apod.copyright, altText: apod.alt, dateAdded: dateAdded)
  }
}

/// The image pipeline pins exactly as Favorites needs: pinned files are never evicted, and a
/// pinned URL not yet on disk is downloaded in the background.
extension ImagePipeline: ImagePinning {}

extension Favorite {
  /// The day as Explore and the detail screen write it, in `locale`'s long date style ("July 4,
  /// 2024"): what the Favorites list and a favorite's page show and VoiceOver reads, never the
  /// stored `2024-07-04` key.
  public func dayText(locale: Locale) -> String { date.displayText(locale: locale) }
}
