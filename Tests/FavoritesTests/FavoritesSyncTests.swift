import Basics
import Favorites
import FavoritesTestSupport
import Foundation
import NASA
import TestSupport
import Testing

/// A record as SwiftData's V2 model holds it (fields only; the model's macro is Apple-only).
private final class Record: StoredFavorite {
  var date: String?
  var title: String?
  var mediaType: String?
  var imageURL: String?
  var hdImageURL: String?
  var pageURL: String?
  var copyright: String?
  var altText: String?
  var dateAdded: Date?
}

@Suite("Favorites on every device: the stored form")
struct StoredFavoriteTests {
  @Test func everyKindOfFavoriteReadsBackFieldByField() throws {
    var bare = try favorite("1995-06-16", added: Date(timeIntervalSince1970: 1_613_700_000.5))
    (bare.imageURL, bare.hdImageURL, bare.pageURL, bare.copyright, bare.altText) = (nil, nil, nil, nil, nil)
    var video = try favorite("2021-02-18", image: "https://img.youtube.com/vi/4czjS9h4Fpg/0.jpg")
    video.mediaType = .video
    var page = try favorite("2025-03-01")
    page.mediaType = "iframe"
    for saved in [try favorite("2024-01-05"), bare, video, page] {
      let record = Record()
      record.store(saved)
      #expect(record.favorite == saved)
      #expect(record.date == saved.date.rawValue)
      #expect(record.mediaType == saved.mediaType.rawValue)
      #expect(record.hdImageURL == saved.hdImageURL?.absoluteString)
    }
  }

  @Test func aKeyThatIsNotADayIsKeptButGivesNoFavorite() throws {
    let record = Record()
    record.store(try favorite("2024-01-05"))
    record.date = "yesterday"
    #expect(record.favorite == nil)
    #expect(record.date == "yesterday")
  }

  @Test func aPartialRecordFromAnotherDeviceReadsWithDefaults() throws {
    let partial = Record()
    partial.date = "2024-01-05"
    let favorite = try #require(partial.favorite)
    #expect(favorite.title.isEmpty)
    #expect(favorite.mediaType == .other)
    #expect(favorite.dateAdded == .distantPast)
    let dayless = Record()
    dayless.title = "x"
    dayless.mediaType = "image"
    #expect(dayless.favorite == nil)
  }
}

@Suite("Favorites on every device: one favorite per day")
struct FavoritesMergeTests {
  @Test func twoDevicesSavingOneDayGiveOneFavoriteWithTheFirstSaveDate() throws {
    // Equally full: the fields that come first in the fixed order win, whichever was saved last.
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

  @Test func thePlanDeletesTheRecordsRankedBelowAndKeepsEveryExactCopy() throws {
    var withoutPage = try favorite("2024-01-05", title: "full", added: Date(timeIntervalSince1970: 1))
    withoutPage.pageURL = nil
    let group = [
      withoutPage,
      try favorite("2024-01-05", title: "full", added: Date(timeIntervalSince1970: 2)),
      try favorite("2024-01-05", title: "full", added: Date(timeIntervalSince1970: 2)),
    ]
    let plan = try #require(FavoritesMerge.plan(group))
    #expect(plan.keep == [1, 2])
    #expect(plan.delete == [0])
    #expect(plan.merged.pageURL != nil)
    #expect(plan.merged.dateAdded == Date(timeIntervalSince1970: 1))
    // Once every copy holds the merged favorite there is nothing left to write.
    #expect(FavoritesMerge.plan([plan.merged, plan.merged]) == nil)
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

/// iCloud as two devices see it: each merges the records it has fetched, in its own fetch order,
/// and every device's deletions and updates reach the shared records.
@Suite("Favorites on every device: merging never deletes the day everywhere")
struct FavoritesMergeAcrossDevicesTests {
  private struct Cloud {
    var records: [String: Favorite]

    /// What one device writes after merging `ids` (fetched in that order) as it saw them.
    func merge(
      _ ids: [String], seen: [String: Favorite]
    ) -> (updates: [String: Favorite], deletes: Set<String>) {
      guard let plan = FavoritesMerge.plan(ids.map { seen[$0]! }) else { return ([:], []) }
      let deletes = Set(plan.delete.map { ids[$0] })
      var updates: [String: Favorite] = [:]
      for id in ids where !deletes.contains(id) { updates[id] = plan.merged }
      return (updates, deletes)
    }

    mutating func apply(_ writes: (updates: [String: Favorite], deletes: Set<String>)) {
      for (id, favorite) in writes.updates where records[id] != nil { records[id] = favorite }
      for id in writes.deletes { records[id] = nil }
    }
  }

  @Test func theSameTwoCopiesInEitherFetchOrderOnTwoDevicesKeepOne() throws {
    let copy = try favorite("2024-01-05", added: Date(timeIntervalSince1970: 7))
    var cloud = Cloud(records: ["A": copy, "B": copy])
    let phone = cloud.merge(["A", "B"], seen: cloud.records)
    let pad = cloud.merge(["B", "A"], seen: cloud.records)
    cloud.apply(phone)
    cloud.apply(pad)
    #expect(!cloud.records.isEmpty)
    #expect(FavoritesMerge.merge(Array(cloud.records.values)) == [copy])
  }

  @Test func aKeptCopyEqualToTheDeletedOneIsNeverDeletedByAnotherDevice() throws {
    // The phone merges first: A (saved later) is kept with B's earlier date, so it now equals B.
    let a = try favorite("2024-01-05", added: Date(timeIntervalSince1970: 20))
    let b = try favorite("2024-01-05", added: Date(timeIntervalSince1970: 10))
    for padOrder in [["A", "B"], ["B", "A"]] {
      var cloud = Cloud(records: ["A": a, "B": b])
      let phone = cloud.merge(["A", "B"], seen: cloud.records)
      // The pad has the phone's update of A but not yet its deletion of B.
      var padView = cloud
      padView.apply((phone.updates, []))
      let pad = padView.merge(padOrder, seen: padView.records)
      cloud.apply(phone)
      cloud.apply(pad)
      #expect(cloud.records.count >= 1, "pad fetched \(padOrder)")
      let day = try #require(FavoritesMerge.merge(Array(cloud.records.values)).first)
      #expect(day.dateAdded == Date(timeIntervalSince1970: 10))
    }
  }

  @Test func aMergeNeverLowersTheKeptRecordBelowOneAnotherDeviceDeletes() throws {
    // Equally full, different fields: the merge moves the kept record's date to the earliest.
    let a = try favorite("2024-01-05", title: "A", added: Date(timeIntervalSince1970: 30))
    let c = try favorite("2024-01-05", title: "C", added: Date(timeIntervalSince1970: 20))
    let b = try favorite("2024-01-05", title: "B", added: Date(timeIntervalSince1970: 10))
    let cloud = Cloud(records: ["A": a, "B": b, "C": c])
    let phone = cloud.merge(["A", "B", "C"], seen: cloud.records)
    // The pad has the phone's updates and only some of its deletions.
    for arrived in phone.deletes {
      var padView = cloud
      padView.apply((phone.updates, [arrived]))
      let pad = padView.merge(padView.records.keys.sorted(), seen: padView.records)
      var after = cloud
      after.apply(phone)
      after.apply(pad)
      #expect(after.records.count >= 1, "pad had the deletion of \(arrived) only")
    }
  }
}
