import APODTestSupport
import Foundation
import TestSupport
import Testing

@testable import APODSearch
@testable import NASA
@testable import Networking

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Search: the index file")
struct SearchIndexFileTests {
  static let queries = ["galaxy", "androm gal", "étoile", "m31", "c", "2026-11-03", "comet tail"]

  static func sampleContents() -> SearchIndexFile.Contents {
    let apods = [
      sampleAPOD(day("2026-11-01"), title: "Andromeda Galaxy"),
      sampleAPOD(day("2026-11-02"), title: "Étoile filante over M31"),
      sampleAPOD(day("2026-11-03"), title: "Comet tail"),
    ]
    var index = APODSearchIndex(apods)
    // A replaced day and a removed one leave holes in the ids: stored in day order all the same.
    index.insert([sampleAPOD(day("2026-11-01"), title: "Andromeda Galaxy and a comet")])
    index.insert([sampleAPOD(day("2026-11-04"), title: "Gone")])
    index.remove([day("2026-11-04")])
    return SearchIndexFile.Contents(
      index: index,
      fingerprints: [
        day("2026-11-01"): 11, day("2026-11-02"): 12, day("2026-11-03"): 13, day("2026-11-05"): 15,
      ])
  }

  @Test func readsBackTheIndexItWrote() throws {
    let contents = Self.sampleContents()
    let read = try SearchIndexFile.decode(SearchIndexFile.encode(contents))
    #expect(read.fingerprints == contents.fingerprints)
    #expect(read.index.count == 3)
    for query in Self.queries {
      #expect(read.index.search(query) == contents.index.search(query), "\(query)")
    }
  }

  @Test func aFileCutShortAtAnyLengthIsDamaged() throws {
    let data = SearchIndexFile.encode(Self.sampleContents())
    for length in 0..<data.count {
      #expect(throws: SearchIndexFile.Problem.damaged, "cut to \(length) bytes") {
        try SearchIndexFile.decode(data.prefix(length))
      }
    }
  }

  @Test func anyChangedByteIsNoticed() throws {
    let data = SearchIndexFile.encode(Self.sampleContents())
    for position in 0..<data.count {
      var changed = data
      changed[position] ^= 0x5A
      #expect(throws: (any Error).self, "byte \(position)") { try SearchIndexFile.decode(changed) }
    }
  }

  @Test func anotherVersionIsNamed() throws {
    var data = SearchIndexFile.encode(Self.sampleContents())
    data[8] = UInt8(truncatingIfNeeded: SearchIndexFile.version + 1)
    #expect(throws: SearchIndexFile.Problem.otherVersion(SearchIndexFile.version + 1)) {
      try SearchIndexFile.decode(data)
    }
  }

  @Test func aMissingFileIsMissing() throws {
    let folder = try TemporaryDirectory()
    guard case .failure(.missing) = SearchIndexFile(folder: folder.url).read() else {
      Issue.record("a folder without an index read as one")
      return
    }
  }
}

@Suite("Search: a launch reads the index kept beside the day files")
struct SearchIndexLaunchTests {
  /// A repository and a library over `folder`, as one launch of the app makes them.
  static func launch(_ harness: RepositoryHarness) -> APODSearchLibrary {
    APODSearchLibrary(
      repository: APODRepository(
        source: harness.source, cache: JSONDiskCache(directory: harness.folder.url, clock: harness.clock),
        clock: harness.clock))
  }

  static func rewriteKeepingIdentity(_ file: URL, _ text: String) throws {
    var before = stat()
    #expect(stat(file.path, &before) == 0)
    let data = try Data(contentsOf: file)
    var replaced = Data(text.utf8)
    replaced += Data(repeating: UInt8(ascii: " "), count: data.count - replaced.count)
    let handle = try FileHandle(forWritingTo: file)
    try handle.write(contentsOf: replaced)
    try handle.close()
    #if canImport(Darwin)
      let times = [before.st_atimespec, before.st_mtimespec]
    #else
      let times = [before.st_atim, before.st_mtim]
    #endif
    #expect(utimensat(AT_FDCWD, file.path, times, 0) == 0)
  }

  @Test func theNextLaunchAnswersFromTheIndexWithoutReadingTheDays() async throws {
    let harness = try RepositoryHarness { .success(sampleAPOD($0, title: "Crab nebula")) }
    _ = try await harness.repository.apod(for: day("2026-11-01"))
    let first = APODSearchLibrary(repository: harness.repository)
    #expect(await first.search("crab").map(\.day) == [day("2026-11-01")])
    await first.waitUntilIndexed()

    // The day file's text changes in place, same inode, size and time: only a launch that read
    // the file would see it. (The app never writes in place: a save renames a new file.)
    let file = JSONDiskCache(directory: harness.folder.url, clock: harness.clock).fileURL(
      for: "apod-day-2026-11-01")
    let original = try String(contentsOf: file, encoding: .utf8)
    try Self.rewriteKeepingIdentity(
      file, original.replacingOccurrences(of: "Crab nebula", with: "Veil nebula"))
    let next = Self.launch(harness)
    #expect(await next.search("crab").map(\.day) == [day("2026-11-01")])
    #expect(await next.search("veil").isEmpty)
    #expect(await next.storedIndexProblem == nil)
  }

  /// Day files an earlier build named by FNV-1a are moved to their SHA-256 names at the first
  /// listing; the move keeps each file (inode, size, time), so the index stays in step and no day
  /// is read again (proven as above: one file's text changed in place is not seen).
  @Test func theDaysFilesMovingToTheirNewNamesLeaveTheIndexInStep() async throws {
    let harness = try RepositoryHarness { .success(sampleAPOD($0, title: "Crab nebula")) }
    let days = [day("2026-11-01"), day("2026-11-02"), day("2026-11-03")]
    for day in days { _ = try await harness.repository.apod(for: day) }
    let first = APODSearchLibrary(repository: harness.repository)
    await first.waitUntilIndexed()
    let cache = JSONDiskCache(directory: harness.folder.url, clock: harness.clock)
    for day in days {
      let key = "apod-day-" + day.iso
      let earlier = harness.folder.url.appending(path: JSONDiskCache.legacyFileName(for: key))
      #expect(rename(cache.fileURL(for: key).path, earlier.path) == 0)
    }
    let renamed = harness.folder.url.appending(path: JSONDiskCache.legacyFileName(for: "apod-day-2026-11-02"))
    let original = try String(contentsOf: renamed, encoding: .utf8)
    try Self.rewriteKeepingIdentity(
      renamed, original.replacingOccurrences(of: "Crab nebula", with: "Veil nebula"))

    let next = Self.launch(harness)
    #expect(await next.search("crab").map(\.day) == days.reversed())
    #expect(await next.search("veil").isEmpty)
    #expect(await next.storedIndexProblem == nil)
    #expect(
      try harness.folder.entries().filter { $0.hasPrefix("apod-day-") }.sorted()
        == days.map { JSONDiskCache.fileName(for: "apod-day-" + $0.iso) }.sorted())
  }

  @Test func aDayFileNewerThanTheIndexIsReadBeforeTheFirstAnswer() async throws {
    let harness = try RepositoryHarness { .success(sampleAPOD($0, title: "Crab nebula")) }
    _ = try await harness.repository.apod(for: day("2026-11-01"))
    let first = APODSearchLibrary(repository: harness.repository)
    await first.waitUntilIndexed()
    // Another process replaces the day and saves another one; the index is not told.
    let other = JSONDiskCache(directory: harness.folder.url, clock: harness.clock)
    try await other.save(sampleAPOD(day("2026-11-01"), title: "Veil nebula"), for: "apod-day-2026-11-01")
    try await other.save(sampleAPOD(day("2026-11-02"), title: "Rosette nebula"), for: "apod-day-2026-11-02")

    let next = Self.launch(harness)
    let answer = await next.answer("nebula")
    #expect(answer.unindexedDays == 0)
    #expect(answer.hits.map(\.title) == ["Rosette nebula", "Veil nebula"])
    #expect(await next.search("crab").isEmpty)
  }

  /// "previousVersion": an index written before the explanation lost its page header and footer.
  @Test(arguments: ["cut", "otherVersion", "previousVersion", "text"])
  func aDamagedIndexIsRebuiltFromTheDayFiles(_ damage: String) async throws {
    let harness = try RepositoryHarness { .success(sampleAPOD($0, title: "Crab nebula")) }
    _ = try await harness.repository.apod(for: day("2026-11-01"))
    _ = try await harness.repository.apod(for: day("2026-11-02"))
    let first = APODSearchLibrary(repository: harness.repository)
    await first.waitUntilIndexed()
    let indexFile = harness.folder.url.appending(path: SearchIndexFile.name)
    var bytes = try Data(contentsOf: indexFile)
    switch damage {
    case "cut": bytes = bytes.prefix(bytes.count / 2)
    case "otherVersion": bytes[8] &+= 1
    case "previousVersion": bytes[8] &-= 1
    default: bytes = Data("not an index".utf8)
    }
    try bytes.write(to: indexFile)

    let next = Self.launch(harness)
    #expect(await next.search("crab").map(\.day) == [day("2026-11-02"), day("2026-11-01")])
    #expect(await next.storedIndexProblem != nil)
    await next.waitUntilIndexed()
    guard case .success(let stored) = SearchIndexFile(folder: harness.folder.url).read() else {
      Issue.record("the rebuilt index was not written")
      return
    }
    #expect(stored.index.count == 2)
  }

  @Test func manyDaysToReadAreReadInTheBackgroundAndTheAnswerSaysSo() async throws {
    let harness = try RepositoryHarness()
    let writer = JSONDiskCache(directory: harness.folder.url, clock: harness.clock)
    let count = APODSearchLibrary.daysReadBeforeAnswering + 100
    for offset in 0..<count {
      let saved = APODDay.first.advanced(by: offset)
      try await writer.save(sampleAPOD(saved, title: "Galaxy \(offset)"), for: "apod-day-" + saved.iso)
    }
    let library = Self.launch(harness)
    let first = await library.answer("galaxy")
    #expect(first.unindexedDays > 0)
    #expect(first.hits.count + first.unindexedDays == count)
    await library.waitUntilIndexed()
    let last = await library.answer("galaxy")
    #expect(last.unindexedDays == 0)
    #expect(last.hits.count == count)
  }

  @Test func aDayRemovedAsDamageLeavesTheIndexAndItsFile() async throws {
    let harness = try RepositoryHarness { .success(sampleAPOD($0, title: "Crab nebula")) }
    _ = try await harness.repository.apod(for: day("2026-11-01"))
    let library = APODSearchLibrary(repository: harness.repository)
    #expect(await library.search("crab").count == 1)
    let file = JSONDiskCache(directory: harness.folder.url, clock: harness.clock).fileURL(
      for: "apod-day-2026-11-01")
    try Data("{".utf8).write(to: file)
    _ = try? await harness.repository.apod(for: day("2026-11-01"), policy: .cacheOnly)
    #expect(await library.search("crab").isEmpty)
    await library.waitUntilIndexed()
    guard case .success(let stored) = SearchIndexFile(folder: harness.folder.url).read() else {
      Issue.record("no index written")
      return
    }
    #expect(stored.index.count == 0)
    #expect(stored.fingerprints.isEmpty)
  }
}
