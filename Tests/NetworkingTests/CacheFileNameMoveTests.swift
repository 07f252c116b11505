import Foundation
import TestSupport
import Testing

@testable import Networking

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

private struct Note: Codable, Sendable, Hashable {
  var text: String
}

private let savedAt = Date(timeIntervalSince1970: 1_790_000_000)

/// A folder as the builds before the SHA-256 names wrote it: the same envelope, each file named
/// `<key>-<16 hex digits of FNV-1a>.json`.
private func writtenByAnEarlierBuild(_ keys: [String], in folder: TemporaryDirectory, schema: Int = 1) throws
{
  for key in keys {
    let envelope = #"{"savedAt":1790000000,"schema":\#(schema),"value":{"text":"\#(key)"}}"#
    try Data(envelope.utf8).write(to: folder.url.appending(path: JSONDiskCache.legacyFileName(for: key)))
  }
}

private func dayKeys(_ count: Int) -> [String] {
  (0..<count).map { "apod-day-2026-\(String(format: "%02d-%02d", 1 + $0 / 28 % 12, 1 + $0 % 28))" }
}

@Suite("JSON disk cache: file names move from FNV-1a to SHA-256, losing nothing")
struct CacheFileNameMoveTests {
  @Test func theEarlierNameIsTheOneThoseBuildsWrote() {
    // Computed outside Swift (FNV-1a 64 and SHA-256 of the key's UTF-8).
    #expect(
      JSONDiskCache.legacyFileName(for: "apod-day-2026-11-01") == "apod-day-2026-11-01-d590b1734d193446.json")
    #expect(
      JSONDiskCache.fileName(for: "apod-day-2026-11-01")
        == "apod-day-2026-11-01-e0c5d6f6a8db0446b2e6eadc1d4d049b3d64805ab8922552b597a7aede6b4a42.json")
  }

  @Test func everyDayAnEarlierBuildSavedIsListedAndReadUnderItsNewNameAsTheSameFile() async throws {
    let folder = try TemporaryDirectory()
    let keys = dayKeys(60)
    try writtenByAnEarlierBuild(keys + ["apod-today"], in: folder)
    var before: [String: CacheFileIdentity] = [:]
    for key in keys {
      before[key] = JSONDiskCache.identity(
        atPath: folder.url.appending(path: JSONDiskCache.legacyFileName(for: key)).path)
    }
    let cache = JSONDiskCache(directory: folder.url, clock: TestClock(savedAt))
    let listed = cache.savedFiles(withPrefix: "apod-day-")
    #expect(listed.map(\.key).sorted() == keys.sorted())
    for (key, file) in listed {
      #expect(file == before[key], "\(key): the move must keep the file (the search index's fingerprint)")
      #expect(await cache.value(Note.self, for: key) == CachedValue(value: Note(text: key), savedAt: savedAt))
    }
    // Not listed by its prefix, read by its key.
    #expect(await cache.value(Note.self, for: "apod-today")?.value == Note(text: "apod-today"))
    #expect(
      try folder.entries().sorted() == (keys + ["apod-today"]).map(JSONDiskCache.fileName(for:)).sorted())
    // Listed again: nothing left to move, the same files.
    let again: Set<UInt64> = Set(cache.savedFiles(withPrefix: "apod-day-").map(\.file.fingerprint))
    let first: Set<UInt64> = Set(listed.map(\.file.fingerprint))
    #expect(again == first)
  }

  /// What a crash can leave at any point of the move: some files moved, one linked under both names
  /// (the unlink not done), the rest not moved; and a day saved since under the new name while its
  /// old file was still there. The next launch finishes the move and loses nothing.
  @Test func aMoveCutShortAnywhereIsFinishedByTheNextLaunch() async throws {
    let folder = try TemporaryDirectory()
    let keys = dayKeys(12)
    try writtenByAnEarlierBuild(keys, in: folder)
    func path(_ name: String) -> String { folder.url.appending(path: name).path }
    for key in keys.prefix(4) {
      #expect(
        rename(path(JSONDiskCache.legacyFileName(for: key)), path(JSONDiskCache.fileName(for: key))) == 0)
    }
    #expect(
      link(path(JSONDiskCache.legacyFileName(for: keys[4])), path(JSONDiskCache.fileName(for: keys[4]))) == 0)
    let earlier = JSONDiskCache(directory: folder.url, clock: TestClock(savedAt))
    try await earlier.save(Note(text: "saved since"), for: keys[5])
    #expect(try folder.entries().count == keys.count + 2)

    let cache = JSONDiskCache(directory: folder.url, clock: TestClock(savedAt))
    #expect(cache.savedKeys(withPrefix: "apod-day-").sorted() == keys.sorted())
    for key in keys {
      #expect(
        await cache.value(Note.self, for: key)?.value == Note(text: key == keys[5] ? "saved since" : key))
    }
    #expect(try folder.entries().sorted() == keys.map(JSONDiskCache.fileName(for:)).sorted())
  }

  @Test func aReadMovesTheDaysFileFirstAndARemovalTakesTheEarlierNameToo() async throws {
    let folder = try TemporaryDirectory()
    try writtenByAnEarlierBuild(["apod-day-2026-11-01", "apod-day-2026-11-02"], in: folder)
    let cache = JSONDiskCache(directory: folder.url, clock: TestClock(savedAt))
    #expect(
      await cache.value(Note.self, for: "apod-day-2026-11-01")?.value == Note(text: "apod-day-2026-11-01"))
    await cache.removeValue(for: "apod-day-2026-11-02")
    #expect(try folder.entries() == [JSONDiskCache.fileName(for: "apod-day-2026-11-01")])
    #expect(cache.savedKeys(withPrefix: "apod-day-") == ["apod-day-2026-11-01"])
  }

  @Test func aStrayFileNamedLikeAKeysIsNoKeysFileUnderEitherScheme() throws {
    let folder = try TemporaryDirectory()
    for name in [
      "apod-day-2020-01-01-0000000000000000.json",
      "apod-day-2020-01-02-" + String(repeating: "0", count: 64) + ".json",
    ] {
      try Data("{}".utf8).write(to: folder.url.appending(path: name))
    }
    let cache = JSONDiskCache(directory: folder.url, clock: TestClock(savedAt))
    #expect(cache.savedKeys(withPrefix: "apod-day-").isEmpty)
    #expect(try folder.entries().count == 2)
  }

  @Test func anOlderEnvelopeStillReadableIsReadAndSaysItsVersionOlderStillIsRemoved() async throws {
    let folder = try TemporaryDirectory()
    try writtenByAnEarlierBuild(["one"], in: folder, schema: 1)
    try writtenByAnEarlierBuild(["zero"], in: folder, schema: 0)
    let cache = JSONDiskCache(
      directory: folder.url, schemaVersion: 2, oldestReadableSchema: 1, clock: TestClock(savedAt))
    let entry = try #require(await cache.entry(Note.self, for: "one"))
    #expect(entry.schema == 1)
    #expect(await cache.value(Note.self, for: "zero") == nil)
    #expect(
      cache.takeReadProblems() == [JSONDiskCacheReadProblem(key: "zero", kind: .olderVersion(schema: 0))])
    try await cache.save(Note(text: "again"), for: "one")
    #expect(try #require(await cache.entry(Note.self, for: "one")).schema == 2)
  }
}
