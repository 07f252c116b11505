import APODSearch
import Basics
import Foundation
import NASA
import Networking
import TestSupport

/// Keyword search over an archive as large as APOD's (about 11,100 days by 2026).
@MainActor enum SearchBenchmarks {
  static let archiveDays = 11_000

  /// `search_index_build_11000_ms` (every day inserted in one batch, as the app does after
  /// reading its cache) and `search_11000_days_ms` (the median of a mix of one-, two- and
  /// three-word queries, prefixes included, over that index).
  static func run(clock wallClock: any Clocking) async throws -> [String: Double] {
    let archive = syntheticArchive(days: archiveDays)
    var index = APODSearchIndex()
    let build = await Benchmarks.medianMilliseconds(runs: 5) {
      index = APODSearchIndex(archive)
    }
    let queries = [
      "galaxy", "andromeda nebula", "comet tail", "saturn rings cassini", "m3", "eclipse", "aurora",
    ]
    var found = 0
    let search = await Benchmarks.medianMilliseconds(runs: 200) {
      for query in queries { found += index.search(query).count }
    }
    precondition(found > 0, "the synthetic archive must give the queries something to find")
    return [
      "search_index_build_11000_ms": build,
      "search_11000_days_ms": search / Double(queries.count),
    ].merging(try await firstSearch(over: archive, clock: wallClock)) { _, new in new }
  }

  /// `search_first_11000_days_ms`: the first search of a fresh app over a cache of 11,000 saved
  /// day files: a new cache, repository and search library, from `search` to its answer (finding
  /// the saved days, reading and checking every file, indexing them, answering). The files were
  /// written once beforehand, as the app writes them; the system's file cache is warm.
  /// Also `search_first_11000_days_cpu_ms`: the processor time the process spent on the same work
  /// (every thread added up), which a machine shared with other jobs does not inflate.
  static func firstSearch(
    over archive: [APOD], clock wallClock: any Clocking
  ) async throws -> [String: Double] {
    let folder = try TemporaryDirectory(prefix: "spacer-bench-search")
    defer { folder.remove() }
    let writer = JSONDiskCache(directory: folder.url, clock: wallClock)
    for apod in archive { try await writer.save(apod, for: "apod-day-" + apod.date.iso) }
    var found = 0
    var processorTimes: [Double] = []
    let first = await Benchmarks.medianMilliseconds(runs: 5) {
      let processorBefore = clock()
      let repository = APODRepository(
        source: UnusedSource(), cache: JSONDiskCache(directory: folder.url, clock: wallClock),
        clock: wallClock)
      let library = APODSearchLibrary(repository: repository)
      found = await library.search("galaxy").count
      processorTimes.append(Double(clock() - processorBefore) * 1000 / Double(CLOCKS_PER_SEC))
    }
    precondition(found > 0, "the first search must find the saved days")
    return [
      "search_first_11000_days_ms": first,
      "search_first_11000_days_cpu_ms": processorTimes.sorted()[processorTimes.count / 2],
    ]
  }

  /// Days shaped like APOD's: a title of a few words, an explanation of about 150 words drawn
  /// from an astronomy vocabulary plus rarer words and catalogue numbers, and a credit.
  /// Deterministic, so every run searches the same text.
  static func syntheticArchive(days: Int) -> [APOD] {
    var generator = SeededRandom(seed: 0x5EED)
    let common = """
      the of and a in to is this from its as near star stars galaxy galaxies nebula light dust gas \
      cloud clouds image telescope night sky planet moon sun solar space cosmic bright dark across \
      seen view field center region spiral cluster distant years light-years millions billion \
      red blue glowing emission hydrogen core arms edge disk young old massive small large
      """.split(separator: " ").map(String.init)
    let rare = """
      andromeda orion pleiades saturn rings cassini jupiter juno comet tail aurora borealis eclipse \
      totality corona meteor perseid leonid supernova remnant pulsar quasar lensing hubble webb \
      chandra spitzer magellanic carina eagle pillars horsehead crab veil rosette lagoon trifid
      """.split(separator: " ").map(String.init)
    var archive: [APOD] = []
    archive.reserveCapacity(days)
    var day = APODDay.first
    for _ in 0..<days {
      func word() -> String {
        generator.next() % 5 == 0
          ? rare[Int(generator.next() % UInt64(rare.count))]
          : common[Int(generator.next() % UInt64(common.count))]
      }
      let title = (0..<(2 + Int(generator.next() % 4))).map { _ in word().capitalized }.joined(separator: " ")
      var explanation = (0..<150).map { _ in word() }
      explanation.append("M\(generator.next() % 110 + 1)")
      archive.append(
        APOD(
          date: day, title: title, explanation: explanation.joined(separator: " ") + ".", mediaType: .image,
          url: URL(string: "https://apod.nasa.gov/apod/image/\(day.yymmdd).jpg"),
          credit: "Observer \(generator.next() % 500)", pageURL: APOD.legacyPageURL(for: day), source: .v1))
      day = day.next
    }
    return archive
  }
}

/// A source the search benchmark must never reach: search reads the cache alone.
private struct UnusedSource: APODSource {
  func apod(for day: APODDay) async throws(APODError) -> APOD { throw .notCached }
  func apods(from start: APODDay, through end: APODDay) async throws(APODError) -> APODList {
    throw .notCached
  }
}
