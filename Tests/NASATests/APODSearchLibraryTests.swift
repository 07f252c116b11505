import Foundation
import NASA
import TestSupport
import Testing

/// Counts the reads of the saved days and can hold them until the test opens the gate.
private final class SavedDaysReader: @unchecked Sendable {
  // @unchecked: `reads` is read and written under `lock` only.
  private let lock = NSLock()
  private var _reads = 0
  var reads: Int { lock.withLock { _reads } }
  let gate: AsyncGate?
  let days: [APOD]

  init(_ days: [APOD], gate: AsyncGate? = nil) {
    self.days = days
    self.gate = gate
  }

  var load: @Sendable () async -> [APOD] {
    {
      self.lock.withLock { self._reads += 1 }
      await self.gate?.wait()
      return self.days
    }
  }
}

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
    #expect(await eventually { await gate.waiting == 1 })
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
    #expect(await eventually { await gate.waiting == 1 })
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
    weak var released = library
    #expect(feed.observerCount == 1)
    library = nil
    #expect(released == nil)
    // The next save finds the library gone and drops its observer.
    feed.publish(sampleAPOD(isoDay("2026-10-03")))
    #expect(feed.observerCount == 0)
  }
}

@Suite("Explore search: query, filter and late answers")
@MainActor
struct ExploreSearchModelTests {
  private static let list = [
    sampleAPOD(isoDay("2026-11-03"), title: "Comet Tail"),
    APOD(
      date: isoDay("2026-11-02"), title: "Comet in motion", explanation: "", mediaType: .video,
      url: URL(string: "https://www.youtube.com/embed/BX3vVBCcpN0"),
      videoURL: URL(string: "https://www.youtube.com/embed/BX3vVBCcpN0"),
      pageURL: APOD.legacyPageURL(for: isoDay("2026-11-02")), source: .v1),
    sampleAPOD(isoDay("2026-11-01"), title: "Orion"),
  ]

  private func model(gate: AsyncGate? = nil) -> ExploreSearchModel {
    let reader = SavedDaysReader(Self.list, gate: gate)
    let days = Dictionary(uniqueKeysWithValues: Self.list.map { ($0.date, $0) })
    return ExploreSearchModel(
      library: APODSearchLibrary(saves: APODSaveFeed(), loadSaved: reader.load), loadDay: { days[$0] })
  }

  @Test func theFilterNarrowsTheListAndTheResults() async throws {
    let search = model()
    #expect(search.visible(Self.list).count == 3)
    await search.setFilter(.videos)
    #expect(search.visible(Self.list).map(\.title) == ["Comet in motion"])
    await search.search("comet")
    #expect(titles(search) == ["Comet in motion"])
    await search.setFilter(.images)
    #expect(titles(search) == ["Comet Tail"])
    await search.setFilter(.all)
    #expect(titles(search) == ["Comet Tail", "Comet in motion"])
  }

  @Test func aQueryWithoutWordsShowsTheListAgain() async {
    let search = model()
    await search.search("orion")
    #expect(search.isSearching)
    await search.search("  ?! ")
    #expect(!search.isSearching)
    #expect(search.results == .inactive)
  }

  @Test func noMatchSaysSoAndWhatSearchCovers() async {
    let search = model()
    await search.search("andromeda ")
    #expect(search.results == .found([]))
    let message = search.noResultsMessage ?? ""
    #expect(message.contains("“andromeda”"))
    #expect(message.contains("saved"))
    await search.search("orion")
    #expect(search.noResultsMessage == nil)
  }

  @Test func onlyTheLatestQueryIsShownWhateverOrderTheAnswersCome() async throws {
    let gate = AsyncGate()
    let search = model(gate: gate)
    // Both queries wait for the first read of the saved days; then both answers arrive.
    let older = Task { await search.search("comet") }
    #expect(await eventually { await gate.waiting == 1 })
    #expect(search.results == .searching)
    let newer = Task { await search.search("orion") }
    await gate.open()
    await older.value
    await newer.value
    guard case .found(let hits) = search.results else {
      Issue.record("expected results, got \(search.results)")
      return
    }
    #expect(hits.map(\.title) == ["Orion"])
    #expect(search.query == "orion")
  }

  @Test func aFoundDayOpensFromTheCache() async {
    let search = model()
    #expect(await search.apod(for: isoDay("2026-11-01"))?.title == "Orion")
    #expect(await search.apod(for: isoDay("2020-01-01")) == nil)
  }

  /// The titles found, or nil when the results are not a finished search.
  private func titles(_ search: ExploreSearchModel) -> [String]? {
    guard case .found(let hits) = search.results else { return nil }
    return hits.map(\.title)
  }
}
