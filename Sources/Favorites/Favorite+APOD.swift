import Foundation
import ImageCache
import NASA

extension Favorite {
  /// The favorite for `apod`: what the Favorites screen needs to show it offline, without the
  /// explanation text (the APOD cache keeps that).
  public init(apod: APOD, dateAdded: Date) {
    self.init(
      date: FavoriteDate(apod.date), title: apod.title,
      mediaType: FavoriteMediaType(rawValue: apod.mediaType.rawValue),
      imageURL: apod.imageURL, hdImageURL: apod.hdImageURL, pageURL: apod.pageURL,
      copyright: apod.copyright, altText: apod.alt, dateAdded: dateAdded)
  }
}

extension FavoriteDate {
  /// The favorite date of an APOD day (always a valid calendar day from 1995-06-16 on).
  public init(_ day: APODDay) {
    self.init(validYear: day.year, month: day.month, day: day.day)
  }
}

/// The image pipeline pins exactly as Favorites needs: pinned files are never evicted, and a
/// pinned URL not yet on disk is downloaded in the background.
extension ImagePipeline: ImagePinning {}

extension FavoriteDate {
  /// The day as Explore and the detail screen write it, in `locale`'s long date style ("January
  /// 15, 2024"): what the Favorites list shows and VoiceOver reads, never the `2024-01-15` key.
  public func displayText(locale: Locale) -> String {
    guard let day = try? APODDay(year: year, month: month, day: day) else { return rawValue }
    return day.displayText(locale: locale)
  }
}
