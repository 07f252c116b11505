import Favorites
import FavoritesTestSupport
import Foundation
import NASA
import TestSupport
import Testing

@Suite("Favorite value")
struct FavoriteValueTests {
  @Test func imageURLsListsPreviewAndHDOnce() throws {
    let both = try favorite("2024-01-05", image: "https://a.test/p.jpg", hdImage: "https://a.test/hd.jpg")
    #expect(both.imageURLs.map(\.absoluteString) == ["https://a.test/p.jpg", "https://a.test/hd.jpg"])

    let same = try favorite("2024-01-05", image: "https://a.test/p.jpg", hdImage: "https://a.test/p.jpg")
    #expect(same.imageURLs.map(\.absoluteString) == ["https://a.test/p.jpg"])

    var video = try favorite("2024-01-05")
    video.imageURL = nil
    video.hdImageURL = nil
    #expect(video.imageURLs.isEmpty)
  }

  @Test func unknownMediaTypeIsKeptAsWritten() throws {
    let decoded = try JSONDecoder().decode([FavoriteMediaType].self, from: Data(#"["hologram"]"#.utf8))
    #expect(decoded == [FavoriteMediaType(rawValue: "hologram")])
    #expect(![FavoriteMediaType.image, .video, .other, .iframe].contains(decoded[0]))
  }

  /// Every kind the services name (`APODMediaType`) has a favorite kind of the same spelling, so a
  /// favorite of an apod-basic interactive day is `.iframe`, not an unknown value.
  @Test func everyMediaTypeTheServicesNameIsAFavoriteKind() throws {
    let services: [APODMediaType] = [.image, .video, .other, .iframe]
    let favorites: [FavoriteMediaType] = [.image, .video, .other, .iframe]
    #expect(services.map(\.rawValue) == favorites.map(\.rawValue))
    var apod = sampleAPOD(try APODDay(iso: "2024-01-05"))
    apod.mediaType = .iframe
    #expect(Favorite(apod: apod, dateAdded: TestClock.referenceDate).mediaType == .iframe)
  }
}

@Suite("Favorite dates in words")
struct FavoriteDayTextTests {
  @Test func favoritesWriteTheDayInTheSameWordsAsExploreNeverTheStoredKey() throws {
    let saved = try favorite("2024-07-04")
    #expect(saved.dayText(locale: Locale(identifier: "en_US")) == "July 4, 2024")
    for identifier in ["en_US", "fr_FR", "ja_JP"] {
      let locale = Locale(identifier: identifier)
      let explore = try APODDay(year: 2024, month: 7, day: 4).displayText(locale: locale)
      #expect(saved.dayText(locale: locale) == explore)
      #expect(saved.dayText(locale: locale) != "2024-07-04")
    }
  }
}
