import Foundation
import ImageCache
import NASA

extension Favorite {
  /// Without the explanation text: the APOD cache keeps that.
  public init(apod: APOD, dateAdded: Date) {
    self.init(
      date: apod.date, title: apod.title,
      mediaType: FavoriteMediaType(rawValue: apod.mediaType.rawValue),
      imageURL: apod.imageURL, hdImageURL: apod.hdImageURL, pageURL: apod.pageURL,
      copyright: apod.copyright, altText: apod.alt, dateAdded: dateAdded)
  }
}

extension ImagePipeline: ImagePinning {}

extension Favorite {
  /// Never the stored `2024-07-04` key.
  public func dayText(locale: Locale) -> String { date.displayText(locale: locale) }
}
