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

  /// The first search of a launch over a cache of 11,000 saved day files whose search index is
  /// on disk, each run in a new process (`--first-search-child`, this same program), from a new
  /// cache, repository and search library to the answer (the index file read, the folder listed
  /// and every file's fingerprint checked, the query answered); the system's file cache is warm.
  /// - `search_first_11000_days_ms`, `search_first_11000_days_cpu_ms` (every thread's processor
  ///   time, which a busy machine does not inflate): medians of five processes.
  /// - `search_index_bytes`: the index file; `search_index_resident_bytes`: the anonymous memory
  ///   the child holds after its first search above what it held before (`RssAnon`), beside
  ///   `search_indexed_text_bytes`, the UTF-8 of the indexed fields (title, explanation, credit).
  /// - `search_index_rebuild_11000_ms`: the same folder without an index file (the first launch
  ///   of this version): every day read and indexed, and the index written.
  static func firstSearch(
    over archive: [APOD], clock wallClock: any Clocking
  ) async throws -> [String: Double] {
    let folder = try TemporaryDirectory(prefix: "spacer-bench-search")
    defer { folder.remove() }
    let writer = JSONDiskCache(directory: folder.url, clock: wallClock)
    for apod in archive { try await writer.save(apod, for: "apod-day-" + apod.date.iso) }
    let rebuild = try await Benchmarks.medianMilliseconds(runs: 3) {
      try? FileManager.default.removeItem(at: folder.url.appending(path: "search-index.bin"))
      let library = APODSearchLibrary(
        repository: APODRepository(
          source: UnusedSource(), cache: JSONDiskCache(directory: folder.url, clock: wallClock),
          clock: wallClock))
      await library.waitUntilIndexed()
      guard await library.count == archive.count else { throw BenchmarkError("the rebuild missed days") }
    }
    let indexBytes =
      try FileManager.default.attributesOfItem(
        atPath: folder.url.appending(path: "search-index.bin").path)[.size] as? Int ?? 0
    var children: [ChildFigures] = []
    for _ in 0..<5 { children.append(try runChild(folder: folder.url)) }
    guard children.allSatisfy({ $0.found > 0 && $0.unindexed == 0 }) else {
      throw BenchmarkError("a first search missed the saved days")
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    let textBytes = archive.reduce(0) { total, apod in
      total + apod.title.utf8.count + apod.explanationText.utf8.count
        + (apod.credit ?? apod.copyright ?? "").utf8.count
    }
    return [
      "search_first_11000_days_ms": median(children.map(\.milliseconds)),
      "search_first_11000_days_cpu_ms": median(children.map(\.processorMilliseconds)),
      "search_index_resident_bytes": median(children.map(\.residentBytes)),
      "search_index_bytes": Double(indexBytes),
      "search_indexed_text_bytes": Double(textBytes),
      "search_index_rebuild_11000_ms": rebuild,
    ]
  }

  struct ChildFigures: Codable {
    var milliseconds: Double
    var processorMilliseconds: Double
    var residentBytes: Double
    var found: Int
    var unindexed: Int
  }

  static let childArgument = "--first-search-child"

  private static func runChild(folder: URL) throws -> ChildFigures {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
    if !FileManager.default.fileExists(atPath: "/proc/self/exe") {
      child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    }
    child.arguments = [childArgument, folder.path]
    let output = Pipe()
    child.standardOutput = output
    try child.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    guard child.terminationStatus == 0 else { throw BenchmarkError("the first-search child failed") }
    return try JSONDecoder().decode(ChildFigures.self, from: data)
  }

  /// The child's side: one first search over `folder`, its figures printed as JSON.
  static func childFirstSearch(folder: URL, clock wallClock: any Clocking) async throws {
    _ = WidgetMemoryBenchmark.fixMallocMapThreshold()
    let residentBefore = WidgetMemoryBenchmark.anonymousResidentBytes() ?? 0
    let processorBefore = clock()
    let stopwatch = ContinuousClock()
    let started = stopwatch.now
    let library = APODSearchLibrary(
      repository: APODRepository(
        source: UnusedSource(), cache: JSONDiskCache(directory: folder, clock: wallClock), clock: wallClock))
    let answer = await library.answer("galaxy")
    let elapsed = started.duration(to: stopwatch.now)
    let processor = Double(clock() - processorBefore) * 1000 / Double(CLOCKS_PER_SEC)
    let residentAfter = WidgetMemoryBenchmark.anonymousResidentBytes() ?? 0
    let figures = ChildFigures(
      milliseconds: Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3,
      processorMilliseconds: processor, residentBytes: Double(residentAfter - residentBefore),
      found: answer.hits.count, unindexed: answer.unindexedDays)
    print(String(decoding: try JSONEncoder().encode(figures), as: UTF8.self))
    withExtendedLifetime(library) {}
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
