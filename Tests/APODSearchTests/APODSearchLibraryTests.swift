import APODSearch
import APODTestSupport
import Foundation
import NASA
import TestSupport
import Testing

private func isoDay(_ iso: String) -> APODDay { try! APODDay(iso: iso) }

@Suite("Search: the index follows the cache")
struct APODSearchLibraryTests {
  @Test func findsTheDaysSavedBeforeTheFirstSearchAndEachDaySavedAfter() async throws {
    let harness = try RepositoryHarness()
    _ = try await harness.repository.apod(for: isoDay("2026-11-01"))
    let library = APODSearchLibrary(repository: harness.repository)
    #expect(await library.search("sample").map(\.day) == [isoDay("2026-11-01")])

    await harness.answer { .success(sampleAPOD($0, title: "Comet over \($0.iso)")) }
    _ = try await harness.repository.apod(for: isoDay("2026-11-02"))
    #expect(await library.search("comet").map(\.day) == [isoDay("2026-11-02")])
    #expect(await library.count == 2)
  }

  @Test func theSavedDaysAreReadOnceEvenByConcurrentSearches() async throws {
    let gate = AsyncGate()
    let reader = SavedDaysReader([sampleAPOD(isoDay("2026-10-01"))], gate: gate)
    let library = APODSearchLibrary(saves: APODSaveFeed(), loadSaved: reader.load)
    async let first = library.search("sample")
    async let second = library.search("sample")
    try await eventually { await gate.waiting == 1 }
    await gate.open()
    #expect(await first.count == 1)
    #expect(await second.count == 1)
    _ = await library.search("explanation")
    #expect(reader.reads == 1)
  }

  @Test func aDaySavedDuringTheFirstReadKeepsTheTextJustSaved() async throws {
    let gate = AsyncGate()
    let feed = APODSaveFeed()
    // The read returns the copy that was on disk when it started: the old title.
    let reader = SavedDaysReader([sampleAPOD(isoDay("2026-10-02"), title: "Wrong title")], gate: gate)
    let library = APODSearchLibrary(saves: feed, loadSaved: reader.load)
    async let searched = library.search("pleiades")
    try await eventually { await gate.waiting == 1 }
    feed.publish(sampleAPOD(isoDay("2026-10-02"), title: "Pleiades"))
    await gate.open()
    #expect(await searched.map(\.day) == [isoDay("2026-10-02")])
    #expect(await library.search("wrong").isEmpty)
    #expect(await library.count == 1)
  }

  @Test func aDayTheRepositoryRefusesToSaveIsNotSearchable() async throws {
    // The service answers the picture of another day: nothing is saved, so nothing is indexed.
    let harness = try RepositoryHarness(answer: { _ in .success(sampleAPOD(isoDay("2026-11-05"))) })
    let library = APODSearchLibrary(repository: harness.repository)
    await library.prepare()
    _ = try? await harness.repository.apod(for: isoDay("2026-11-04"))
    #expect(await library.search("sample").isEmpty)
  }

  @Test func aReleasedLibraryStopsListening() async throws {
    let feed = APODSaveFeed()
    var library: APODSearchLibrary? = APODSearchLibrary(saves: feed, loadSaved: { [] })
    weak let released = library
    #expect(feed.observerCount == 1)
    library = nil
    #expect(released == nil)
    // The next save finds the library gone and drops its observer.
    feed.publish(sampleAPOD(isoDay("2026-10-03")))
    #expect(feed.observerCount == 0)
  }
}
