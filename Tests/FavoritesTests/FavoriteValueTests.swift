import Favorites
import Foundation
import NASA
import Testing

@Suite("Favorite date")
struct FavoriteDateTests {
  @Test func parsesTheArchiveForm() throws {
    let parsed = try #require(FavoriteDate(rawValue: "1995-06-16"))
    #expect(parsed.year == 1995)
    #expect(parsed.month == 6)
    #expect(parsed.day == 16)
    #expect(parsed.rawValue == "1995-06-16")
  }

  @Test func acceptsLeapDayOnlyInLeapYears() {
    #expect(FavoriteDate(rawValue: "2024-02-29") != nil)
    #expect(FavoriteDate(rawValue: "2000-02-29") != nil)
    #expect(FavoriteDate(rawValue: "2023-02-29") == nil)
    #expect(FavoriteDate(rawValue: "2100-02-29") == nil)
  }

  @Test(arguments: [
    "2024-1-05", "20240105", "2024-01-05T00:00", "2024/01/05", "2024-13-01", "2024-04-31",
    "2024-00-10", "2024-01-00", "abcd-ef-gh", "", "２０２４-01-05",
  ])
  func rejectsAnythingButAValidPaddedDate(_ text: String) {
    #expect(FavoriteDate(rawValue: text) == nil)
  }

  @Test func ordersChronologically() throws {
    let dates = try ["2024-01-05", "1999-12-31", "2024-01-04", "2023-11-30"].map(date)
    #expect(dates.sorted().map(\.rawValue) == ["1999-12-31", "2023-11-30", "2024-01-04", "2024-01-05"])
  }

  @Test func padsSmallYearsSoStringOrderIsDateOrder() throws {
    let early = try #require(FavoriteDate(year: 987, month: 3, day: 4))
    #expect(early.rawValue == "0987-03-04")
  }

  @Test func encodesAsThePlainString() throws {
    let data = try JSONEncoder().encode([try date("2024-01-05")])
    #expect(String(decoding: data, as: UTF8.self) == #"["2024-01-05"]"#)
  }

  @Test func decodingAnImpossibleDateFails() {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([FavoriteDate].self, from: Data(#"["2024-02-30"]"#.utf8))
    }
  }
}

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
    #expect(![FavoriteMediaType.image, .video, .other].contains(decoded[0]))
  }
}

@Suite("Favorite dates in words")
struct FavoriteDateDisplayTests {
  @Test func favoritesWriteTheDateAsExploreDoesInEveryLocale() throws {
    let favorite = try date("2024-01-15")
    for identifier in ["en_US", "fr_FR", "ja_JP"] {
      let locale = Locale(identifier: identifier)
      let explore = try APODDay(year: 2024, month: 1, day: 15).displayText(locale: locale)
      #expect(favorite.displayText(locale: locale) == explore)
    }
    #expect(favorite.displayText(locale: Locale(identifier: "en_US")) == "January 15, 2024")
  }
}
