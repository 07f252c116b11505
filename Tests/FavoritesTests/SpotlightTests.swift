import Favorites
import FavoritesTestSupport
import Foundation
import ImageCache
import NASA
import TestSupport
import Testing
import WidgetCore

private func indexer(
  _ index: RecordingSpotlightIndex, thumbnails: [URL: URL] = [:]
) -> SpotlightFavoritesIndexer {
  SpotlightFavoritesIndexer(
    index: index,
    explanation: { day in day.iso == "2024-01-05" ? "The Moon rises. Then it sets." : nil },
    thumbnail: { thumbnails[$0] })
}

@Suite("Spotlight: what is indexed for favorites")
struct SpotlightItemTests {
  @Test func anItemCarriesTheTitleDayCreditFirstSentenceAndThumbnail() async throws {
    let index = RecordingSpotlightIndex()
    let saved = try favorite("2024-01-05", title: "Moonrise")
    let file = URL(fileURLWithPath: "/tmp/images/abc.jpg")
    let indexer = indexer(index, thumbnails: [try #require(saved.imageURL): file])
    await indexer.favoritesDidChange([saved], isUnlocked: true)
    let item = try #require(await index.items["spacer://day/2024-01-05"])
    #expect(item.title == "Moonrise")
    #expect(item.day == (try date("2024-01-05")))
    #expect(item.credit == "Someone")
    #expect(item.summary == "The Moon rises.")
    #expect(item.thumbnailFile == file)
    #expect(item.domain == "favorites")
    #expect(item.resultText == "The Moon rises.\nSomeone")
    let bare = SpotlightItem(day: item.day, title: "x", credit: nil, summary: nil, thumbnailFile: nil)
    #expect(bare.resultText == nil)
  }

  @Test func theIdentifierIsTheDaysLinkAndOnlyADayLinkOpens() throws {
    let day = try date("2024-01-05")
    #expect(SpotlightItem.identifier(for: day) == "spacer://day/2024-01-05")
    #expect(SpotlightItem.link(forIdentifier: "spacer://day/2024-01-05") == SpacerLink.day(day))
    #expect(SpotlightItem.link(forIdentifier: "spacer://day/2024-02-30") == nil)
    #expect(SpotlightItem.link(forIdentifier: "spacer://today") == nil)
    #expect(SpotlightItem.link(forIdentifier: "https://apod.nasa.gov/apod/ap240105.html") == nil)
    #expect(SpotlightItem.link(forIdentifier: "") == nil)
  }

  @Test func theFirstSentenceSkipsInitialsAndAbbreviations() {
    // Real APOD openings (2024-10-11, 2023-12-04 and others), shortened after the first sentence.
    #expect(
      SpotlightItem.firstSentence(
        of: "Few cosmic vistas excite the imagination like the Orion Nebula. Also known as M42, it …")
        == "Few cosmic vistas excite the imagination like the Orion Nebula.")
    #expect(
      SpotlightItem.firstSentence(of: "What's happening to M. 31? The Andromeda Galaxy is close.")
        == "What's happening to M. 31?")
    #expect(
      SpotlightItem.firstSentence(of: "Seen from the U.S. East Coast, the eclipse was deep. Then …")
        == "Seen from the U.S. East Coast, the eclipse was deep.")
    #expect(
      SpotlightItem.firstSentence(of: "Dr. Vera Rubin measured it. Later work agreed.")
        == "Dr. Vera Rubin measured it.")
    #expect(SpotlightItem.firstSentence(of: "  One sentence\nonly  ") == "One sentence only")
    #expect(SpotlightItem.firstSentence(of: " \n ") == nil)
    let long = String(repeating: "star ", count: 100) + "end."
    let cut = SpotlightItem.firstSentence(of: long) ?? ""
    #expect(cut.count <= SpotlightItem.summaryLimit + 1)
    #expect(cut.hasSuffix("star…"))
  }
}

@Suite("Spotlight: when items are added and removed")
struct SpotlightIndexerTests {
  @Test func theFirstHearingReplacesTheDomainThenOnlyDifferencesAreSent() async throws {
    let stale = SpotlightItem(
      day: try date("2019-01-01"), title: "Removed on another device", credit: nil, summary: nil,
      thumbnailFile: nil)
    let index = RecordingSpotlightIndex(items: [stale])
    let indexer = indexer(index)
    let first = try favorite("2024-01-05")
    let second = try favorite("2024-01-06")

    await indexer.favoritesDidChange([second, first], isUnlocked: true)
    #expect(
      await index.calls == [
        .deleteAll("favorites"), .index(["spacer://day/2024-01-05", "spacer://day/2024-01-06"]),
      ])
    #expect(await index.items[stale.identifier] == nil)

    // Read again unchanged: nothing sent.
    await indexer.favoritesDidChange([first, second], isUnlocked: true)
    #expect(await index.calls.count == 2)

    // A new favorite: indexed alone. A removed one: its item deleted.
    let third = try favorite("2024-01-07")
    await indexer.favoritesDidChange([first, second, third], isUnlocked: true)
    await indexer.favoritesDidChange([second, third], isUnlocked: true)
    #expect(
      Array(await index.calls.dropFirst(2)) == [
        .index(["spacer://day/2024-01-07"]), .delete(["spacer://day/2024-01-05"]),
      ])
    #expect(Set(await index.items.keys) == ["spacer://day/2024-01-06", "spacer://day/2024-01-07"])

    // Saved again with a corrected title: indexed again.
    await indexer.favoritesDidChange(
      [second, try favorite("2024-01-07", title: "Corrected")], isUnlocked: true)
    #expect(await index.items["spacer://day/2024-01-07"]?.title == "Corrected")
  }

  @Test func losingPremiumRemovesNothing() async throws {
    let index = RecordingSpotlightIndex()
    let indexer = indexer(index)
    await indexer.favoritesDidChange([try favorite("2024-01-05")], isUnlocked: true)
    await indexer.favoritesDidChange([try favorite("2024-01-05")], isUnlocked: false)
    #expect(await index.items.count == 1)
    #expect(await index.calls.count == 2)
  }

  @Test func aRefusedCallIsTriedAgainWithTheNextChange() async throws {
    let index = RecordingSpotlightIndex()
    let indexer = indexer(index)
    await indexer.favoritesDidChange([try favorite("2024-01-05")], isUnlocked: true)
    await index.refuseNextCall()
    await indexer.favoritesDidChange([], isUnlocked: true)
    #expect(await index.items.count == 1)
    // The next hearing compares with what the index accepted: the removal is sent again.
    await indexer.favoritesDidChange([try favorite("2024-01-06")], isUnlocked: true)
    #expect(Set(await index.items.keys) == ["spacer://day/2024-01-06"])
  }

  @Test func aRefusedFirstIndexIsDoneWholeAtTheNextHearing() async throws {
    let index = RecordingSpotlightIndex()
    await index.refuseNextCall()
    let indexer = indexer(index)
    await indexer.favoritesDidChange([try favorite("2024-01-05")], isUnlocked: true)
    #expect(await index.items.isEmpty)
    await indexer.favoritesDidChange([try favorite("2024-01-05")], isUnlocked: true)
    #expect(await index.calls == [.deleteAll("favorites"), .index(["spacer://day/2024-01-05"])])
  }

  @Test func aPictureNotInTheDiskTierGivesNoThumbnailAndIsNotDownloaded() async throws {
    let folder = try TemporaryDirectory()
    let pipeline = ImagePipeline(
      directory: folder.url.appendingPathComponent("images"),
      pinnedDirectory: folder.url.appendingPathComponent("pinned"),
      downloader: OfflineImageDownloader(), decoder: FakeImageDecoder(), clock: TestClock())
    let thumbnail = SpotlightFavoritesIndexer.diskTierThumbnail(pipeline)
    let moon = try #require(URL(string: "https://apod.nasa.gov/apod/image/2401/moon.jpg"))
    #expect(await thumbnail(moon) == nil)
    #expect(try folder.entries().allSatisfy { !$0.hasSuffix(".jpg") })
  }

  @Test func aPictureTheDiskTierHoldsGivesItsFile() async throws {
    let folder = try TemporaryDirectory()
    let pipeline = ImagePipeline(
      directory: folder.url.appendingPathComponent("images"), downloader: OfflineImageDownloader(),
      decoder: FakeImageDecoder(), clock: TestClock())
    let moon = try #require(URL(string: "https://apod.nasa.gov/apod/image/2401/moon.jpg"))
    // Written as the other process (the widget, an earlier run) writes the tier's files.
    let file = try #require(await pipeline.cacheFileURL(for: moon))
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try ImageFixtures.png(width: 4, height: 4).write(to: file)
    let thumbnail = SpotlightFavoritesIndexer.diskTierThumbnail(pipeline)
    #expect(await thumbnail(moon) == file)
  }
}
