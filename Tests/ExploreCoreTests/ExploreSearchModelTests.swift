import APODSearch
import APODTestSupport
import ExploreCore
import Foundation
import NASA
import Networking
import TestSupport
import Testing

private func isoDay(_ iso: String) -> APODDay { try! APODDay(iso: iso) }

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

  /// Issue 22.14: the picker's binding sets `filter`; the value shows before any search runs
  /// (no task of the screen's in between), and the results follow once the search answers.
  @Test func aChosenFilterShowsAtOnceAndTheResultsFollow() async throws {
    let gate = AsyncGate()
    let search = model(gate: gate)
    let first = Task { await search.search("comet") }
    try await eventually { await gate.waiting == 1 }

    search.filter = .videos

    // No suspension since the set: the picker already reads the new value.
    #expect(search.filter == .videos)
    #expect(search.visible(Self.list).map(\.title) == ["Comet in motion"])
    await gate.open()
    try await bounded("the first search") { await first.value }
    let update = try #require(search.pendingUpdate)
    try await bounded("the filter's search") { await update.value }
    #expect(titles(search) == ["Comet in motion"])
    #expect(search.filter == .videos)
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
    try await eventually { await gate.waiting == 1 }
    #expect(search.results == .searching)
    let newer = Task { await search.search("orion") }
    await gate.open()
    try await bounded("the older task") { await older.value }
    try await bounded("the newer task") { await newer.value }
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

  /// More saved days than a launch reads before answering, and no index yet: the first results say
  /// how many days they could not look through, and follow once the index has read them.
  @Test func aPartialAnswerSaysHowManyDaysAreNotSearchedYetAndTheResultsFollow() async throws {
    let harness = try RepositoryHarness()
    let writer = JSONDiskCache(directory: harness.folder.url, clock: harness.clock)
    let count = 600
    for offset in 0..<count {
      let saved = APODDay.first.advanced(by: offset)
      try await writer.save(sampleAPOD(saved, title: "Galaxy \(offset)"), for: "apod-day-" + saved.iso)
    }
    let search = ExploreSearchModel(repository: harness.repository)
    await search.search("galaxy")
    let first = try #require(titles(search))
    #expect(search.unindexedDays > 0)
    #expect(first.count + search.unindexedDays == count)
    let notice = try #require(search.indexingNotice)
    #expect(notice.contains("\(search.unindexedDays) saved days are not searched yet"))
    await search.catchingUp?.value
    #expect(titles(search)?.count == count)
    #expect(search.unindexedDays == 0)
    #expect(search.indexingNotice == nil)
  }

  /// The titles found, or nil when the results are not a finished search.
  private func titles(_ search: ExploreSearchModel) -> [String]? {
    guard case .found(let hits) = search.results else { return nil }
    return hits.map(\.title)
  }
}
