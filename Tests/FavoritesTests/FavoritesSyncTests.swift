import Basics
import Favorites
import FavoritesTestSupport
import Foundation
import NASA
import TestSupport
import Testing

@Suite("Favorites on every device: the stored form, V1 to V2")
struct StoredFavoriteMigrationTests {
  /// V1 records as earlier versions wrote them: every kind, with and without optional fields,
  /// an old feed's kind ("other"), a kind added later, and a key that is not a day.
  private let v1Records: [StoredFavoriteV1] = [
    StoredFavoriteV1(
      date: "2024-01-05", title: "Moonrise", mediaType: "image",
      imageURL: "https://apod.nasa.gov/apod/image/2401/moon.jpg",
      hdImageURL: "https://apod.nasa.gov/apod/image/2401/moon_big.jpg",
      pageURL: "https://apod.nasa.gov/apod/ap240105.html", copyright: "Someone", altText: "The Moon",
      dateAdded: Date(timeIntervalSince1970: 1_705_314_600)),
    StoredFavoriteV1(
      date: "1995-06-16", title: "Neutron Star Earth", mediaType: "image", imageURL: nil, hdImageURL: nil,
      pageURL: nil, copyright: nil, altText: nil, dateAdded: Date(timeIntervalSince1970: 0)),
    StoredFavoriteV1(
      date: "2021-02-18", title: "Perseverance Landing", mediaType: "video",
      imageURL: "https://img.youtube.com/vi/4czjS9h4Fpg/0.jpg", hdImageURL: nil,
      pageURL: "https://apod.nasa.gov/apod/ap210218.html", copyright: nil, altText: nil,
      dateAdded: Date(timeIntervalSince1970: 1_613_700_000.5)),
    StoredFavoriteV1(
      date: "2010-12-26", title: "Interactive", mediaType: "other", imageURL: nil, hdImageURL: nil,
      pageURL: nil, copyright: nil, altText: nil, dateAdded: Date(timeIntervalSince1970: 1)),
    StoredFavoriteV1(
      date: "2025-03-01", title: "Page", mediaType: "iframe", imageURL: nil, hdImageURL: nil, pageURL: nil,
      copyright: nil, altText: nil, dateAdded: Date(timeIntervalSince1970: 2)),
  ]

  @Test func migratingKeepsEveryFavoriteFieldByField() throws {
    for v1 in v1Records {
      let v2 = StoredFavoriteV2(v1)
      #expect(v2.date == v1.date)
      #expect(v2.title == v1.title)
      #expect(v2.mediaType == v1.mediaType)
      #expect(v2.imageURL == v1.imageURL)
      #expect(v2.hdImageURL == v1.hdImageURL)
      #expect(v2.pageURL == v1.pageURL)
      #expect(v2.copyright == v1.copyright)
      #expect(v2.altText == v1.altText)
      #expect(v2.dateAdded == v1.dateAdded)
      let favorite = try #require(v2.favorite, "\(v1.date)")
      #expect(favorite == v1.favorite)
      // And back: what V2 stores for that favorite is the migrated record.
      #expect(StoredFavoriteV2(favorite) == v2)
    }
    #expect(v1Records.compactMap(\.favorite).count == v1Records.count)
  }

  @Test func aKeyThatIsNotADayIsKeptButGivesNoFavorite() {
    let odd = StoredFavoriteV1(
      date: "yesterday", title: "x", mediaType: "image", imageURL: nil, hdImageURL: nil, pageURL: nil,
      copyright: nil, altText: nil, dateAdded: Date(timeIntervalSince1970: 0))
    let v2 = StoredFavoriteV2(odd)
    #expect(v2.date == "yesterday")
    #expect(v2.favorite == nil)
  }

  @Test func aPartialRecordFromAnotherDeviceReadsWithDefaults() throws {
    let partial = StoredFavoriteV2(
      date: "2024-01-05", title: nil, mediaType: nil, imageURL: nil, hdImageURL: nil, pageURL: nil,
      copyright: nil, altText: nil, dateAdded: nil)
    let favorite = try #require(partial.favorite)
    #expect(favorite.title.isEmpty)
    #expect(favorite.mediaType == .other)
    #expect(favorite.dateAdded == .distantPast)
    let dayless = StoredFavoriteV2(
      date: nil, title: "x", mediaType: "image", imageURL: nil, hdImageURL: nil, pageURL: nil, copyright: nil,
      altText: nil, dateAdded: nil)
    #expect(dayless.favorite == nil)
  }
}

@Suite("Favorites on every device: one favorite per day")
struct FavoritesMergeTests {
  @Test func twoDevicesSavingOneDayGiveOneFavoriteWithTheFirstSaveDate() throws {
    let phone = try favorite("2024-01-05", title: "Moonrise", added: Date(timeIntervalSince1970: 2_000))
    let pad = try favorite(
      "2024-01-05", title: "Moonrise (corrected)", added: Date(timeIntervalSince1970: 3_000))
    let other = try favorite("2024-01-06")
    let merged = FavoritesMerge.merge([phone, other, pad])
    #expect(merged.count == 2)
    let day = try #require(merged.first { $0.date == phone.date })
    #expect(day.dateAdded == Date(timeIntervalSince1970: 2_000))
    #expect(day.title == "Moonrise (corrected)")
    #expect(merged.contains(other))
  }

  @Test func theFullestRecordWinsOverALaterPartialOne() throws {
    let full = try favorite("2024-01-05", added: Date(timeIntervalSince1970: 1_000))
    var partial = try favorite("2024-01-05", added: Date(timeIntervalSince1970: 9_000))
    partial.imageURL = nil
    partial.hdImageURL = nil
    let merged = try #require(FavoritesMerge.merged([partial, full]))
    #expect(merged.imageURL == full.imageURL)
    #expect(merged.dateAdded == Date(timeIntervalSince1970: 1_000))
  }

  @Test func everyDevicePicksTheSameWhateverTheOrder() throws {
    let a = try favorite("2024-01-05", title: "A", added: Date(timeIntervalSince1970: 5))
    let b = try favorite("2024-01-05", title: "B", added: Date(timeIntervalSince1970: 5))
    let c = try favorite("2024-01-05", title: "C", added: Date(timeIntervalSince1970: 4))
    let orders = [[a, b, c], [c, b, a], [b, a, c], [c, a, b]]
    let results = Set(orders.compactMap { FavoritesMerge.merged($0) })
    #expect(results.count == 1)
    #expect(results.first?.dateAdded == Date(timeIntervalSince1970: 4))
  }

  @Test func thePlanKeepsOneRecordAndDeletesTheOthers() throws {
    let group = [
      try favorite("2024-01-05", title: "old", added: Date(timeIntervalSince1970: 1)),
      try favorite("2024-01-05", title: "new", added: Date(timeIntervalSince1970: 2)),
      try favorite("2024-01-05", title: "new", added: Date(timeIntervalSince1970: 2)),
    ]
    let plan = try #require(FavoritesMerge.plan(group))
    #expect(Set(plan.delete + [plan.keep]) == [0, 1, 2])
    #expect(plan.delete.count == 2)
    #expect(plan.merged.title == "new")
    #expect(plan.merged.dateAdded == Date(timeIntervalSince1970: 1))
    #expect(FavoritesMerge.plan([group[0]]) == nil)
    #expect(FavoritesMerge.plan([]) == nil)
  }

  @Test func mergingNeverDropsADay() throws {
    let days = ["2024-01-01", "2024-01-02", "2024-01-02", "2024-01-03", "2024-01-03", "2024-01-03"]
    let merged = FavoritesMerge.merge(try days.map { try favorite($0) })
    #expect(Set(merged.map(\.date)) == Set(try days.map(date)))
    #expect(merged.count == 3)
  }
}

@Suite("Favorites on every device: whether they sync")
struct FavoritesSyncDecisionTests {
  @Test func syncNeedsAContainerPremiumAndAnAccountInThatOrder() {
    let container = "iCloud.com.example.spacer"
    #expect(
      FavoritesSync.decide(container: container, isPremium: true, account: .available)
        == .on(container: container))
    #expect(
      FavoritesSync.decide(container: nil, isPremium: true, account: .available) == .off(.notConfigured))
    #expect(
      FavoritesSync.decide(container: " ", isPremium: true, account: .available) == .off(.notConfigured))
    #expect(
      FavoritesSync.decide(container: "$(SPACER_ICLOUD_CONTAINER)", isPremium: true, account: .available)
        == .off(.notConfigured))
    #expect(
      FavoritesSync.decide(container: container, isPremium: false, account: .available) == .off(.notPremium))
    #expect(
      FavoritesSync.decide(container: nil, isPremium: false, account: .noAccount) == .off(.notConfigured))
    for state in [CloudAccountState.noAccount, .restricted, .temporarilyUnavailable, .couldNotDetermine] {
      #expect(
        FavoritesSync.decide(container: container, isPremium: true, account: state) == .off(.account(state)))
    }
    #expect(
      FavoritesSync.decide(container: container, isPremium: true, account: .available).container == container)
    #expect(
      FavoritesSync.decide(container: container, isPremium: false, account: .available).container == nil)
  }

  @Test func theAccountIsAskedOnlyWithAContainerAndPremium() async {
    let asked = Locked(0)
    let ask: @Sendable () async -> CloudAccountState = {
      asked.withLock { $0 += 1 }
      return .noAccount
    }
    #expect(await FavoritesSync.decide(container: nil, isPremium: true, account: ask) == .off(.notConfigured))
    #expect(
      await FavoritesSync.decide(container: "iCloud.x", isPremium: false, account: ask) == .off(.notPremium))
    #expect(asked.withLock { $0 } == 0)
    #expect(
      await FavoritesSync.decide(container: "iCloud.x", isPremium: true, account: ask)
        == .off(.account(.noAccount)))
    #expect(asked.withLock { $0 } == 1)
  }

  @Test func profileSaysWhetherFavoritesSyncAndWhyNot() {
    let messages = [
      FavoritesSync.on(container: "iCloud.x"), .off(.notConfigured), .off(.notPremium),
      .off(.account(.noAccount)), .off(.account(.restricted)), .off(.account(.couldNotDetermine)),
    ].map(\.message)
    #expect(Set(messages).count == messages.count)
    #expect(messages[0].contains("sync with iCloud"))
    #expect(messages.dropFirst().allSatisfy { $0.hasPrefix("Favorites are kept on this iPhone") })
    #expect(messages[2].contains("Premium") && messages[2].contains("Nothing is deleted"))
    #expect(messages[3].contains("sign in to iCloud"))
  }
}
