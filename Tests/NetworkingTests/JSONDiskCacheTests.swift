import Foundation
import Networking
import TestSupport
import Testing

private struct Note: Codable, Sendable, Hashable {
  var text: String
}

private struct Shelf: Codable, Sendable, EmptyCheckable {
  var notes: [Note]
  var isEmpty: Bool { notes.isEmpty }
}

/// A flag set once from any task.
private final class Flag: @unchecked Sendable {
  // @unchecked: `value` is only touched under `lock`.
  private let lock = NSLock()
  private var value = false

  var isSet: Bool { lock.withLock { value } }

  func set() { lock.withLock { value = true } }
}

private let fixedNow = Date(timeIntervalSince1970: 1_790_000_000)

@Suite("JSON disk cache")
struct JSONDiskCacheTests {
  @Test func savedValueReadsBackWithItsSaveTime() async throws {
    let folder = try TemporaryDirectory()
    let cache = JSONDiskCache(directory: folder.url, clock: TestClock(fixedNow))
    let savedAt = try await cache.save(Note(text: "Orion"), for: "note")
    #expect(savedAt == fixedNow)
    let entry = await cache.value(Note.self, for: "note")
    #expect(entry == CachedValue(value: Note(text: "Orion"), savedAt: fixedNow))
  }

  @Test func fileIsAVersionedEnvelope() async throws {
    let folder = try TemporaryDirectory()
    let cache = JSONDiskCache(directory: folder.url, schemaVersion: 3, clock: TestClock(fixedNow))
    try await cache.save(Note(text: "Vega"), for: "note")
    let data = try Data(contentsOf: cache.fileURL(for: "note"))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["schema"] as? Int == 3)
    #expect((object["savedAt"] as? NSNumber)?.doubleValue == fixedNow.timeIntervalSince1970)
    #expect((object["value"] as? [String: Any])?["text"] as? String == "Vega")
  }

  @Test func missingEntryIsAMiss() async throws {
    let folder = try TemporaryDirectory()
    let cache = JSONDiskCache(directory: folder.url, clock: TestClock())
    #expect(await cache.value(Note.self, for: "nothing") == nil)
  }

  @Test func corruptFileIsAMissAndIsRemoved() async throws {
    let folder = try TemporaryDirectory()
    let cache = JSONDiskCache(directory: folder.url, clock: TestClock())
    let file = cache.fileURL(for: "note")
    try Data(#"{"schema":1,"savedAt":17"#.utf8).write(to: file)
    #expect(await cache.value(Note.self, for: "note") == nil)
    #expect(!FileManager.default.fileExists(atPath: file.path))
  }

  @Test func fileFromAnotherSchemaVersionIsAMissAndIsRemoved() async throws {
    let folder = try TemporaryDirectory()
    let old = JSONDiskCache(directory: folder.url, schemaVersion: 1, clock: TestClock(fixedNow))
    try await old.save(Note(text: "Deneb"), for: "note")
    let new = JSONDiskCache(directory: folder.url, schemaVersion: 2, clock: TestClock(fixedNow))
    #expect(await new.value(Note.self, for: "note") == nil)
    #expect(try folder.entries().isEmpty)
  }

  @Test func valueOfAnotherTypeIsAMissAndIsKept() async throws {
    let folder = try TemporaryDirectory()
    let cache = JSONDiskCache(directory: folder.url, clock: TestClock(fixedNow))
    try await cache.save(["a": 1], for: "note")
    #expect(await cache.value(Note.self, for: "note") == nil)
    #expect(await cache.value([String: Int].self, for: "note")?.value == ["a": 1])
    #expect(cache.takeReadProblems() == [JSONDiskCacheReadProblem(key: "note", kind: .otherShape)])
  }

  /// A downgrade after an update must not wipe what the newer version saved, even offline.
  @Test func fileFromANewerSchemaIsKeptAndSaidSo() async throws {
    let folder = try TemporaryDirectory()
    let newer = JSONDiskCache(directory: folder.url, schemaVersion: 2, clock: TestClock(fixedNow))
    try await newer.save(Note(text: "Mira"), for: "note")
    let current = JSONDiskCache(directory: folder.url, schemaVersion: 1, clock: TestClock(fixedNow))
    #expect(await current.value(Note.self, for: "note") == nil)
    #expect(
      current.takeReadProblems() == [JSONDiskCacheReadProblem(key: "note", kind: .newerVersion(schema: 2))])
    #expect(await newer.value(Note.self, for: "note")?.value == Note(text: "Mira"))
  }

  /// Going back a version: a save does not replace what the newer version saved, and says so once.
  @Test func aSaveKeepsANewerSchemasFileAndSaysSoOnce() async throws {
    let folder = try TemporaryDirectory()
    let newer = JSONDiskCache(directory: folder.url, schemaVersion: 2, clock: TestClock(fixedNow))
    try await newer.save(Note(text: "Mira"), for: "note")
    let current = JSONDiskCache(directory: folder.url, schemaVersion: 1, clock: TestClock(fixedNow))
    for _ in 0..<2 {
      await #expect(throws: JSONDiskCacheError.newerVersionKept(key: "note", schema: 2)) {
        try await current.save(Note(text: "Vega"), for: "note")
      }
    }
    #expect(
      current.takeReadProblems() == [JSONDiskCacheReadProblem(key: "note", kind: .newerVersion(schema: 2))])
    #expect(await newer.value(Note.self, for: "note")?.value == Note(text: "Mira"))
    // An older schema's file is still replaced.
    let older = JSONDiskCache(directory: folder.url, schemaVersion: 3, clock: TestClock(fixedNow))
    try await older.save(Note(text: "Deneb"), for: "note")
    #expect(await older.value(Note.self, for: "note")?.value == Note(text: "Deneb"))
  }

  /// A reader that finds a bad file removes that file, never the good one another writer (the
  /// widget's process, through the App Group) renamed into its place after the read. The value
  /// type below renames a good file over the one being read while it is decoded: exactly the
  /// moment between a failed read and its clean-up.
  @Test func aFailedReadRemovesOnlyTheFileItRead() async throws {
    let folder = try TemporaryDirectory()
    let cache = JSONDiskCache(directory: folder.url, clock: TestClock(fixedNow))
    let path = cache.fileURL(for: "note")
    // An older schema's envelope: read whole (so the value is decoded), then found unusable.
    try Data(#"{"schema":0,"savedAt":0,"value":{"text":"old"}}"#.utf8).write(to: path)
    let good = Data(#"{"schema":1,"savedAt":1790000000,"value":{"text":"Capella"}}"#.utf8)
    let replaced = await ReplacingWhileRead.$replacement.withValue((good, path)) {
      await cache.value(ReplacingWhileRead.self, for: "note")
    }
    #expect(replaced == nil)
    #expect(await cache.value(Note.self, for: "note")?.value == Note(text: "Capella"))
    #expect(try folder.entries() == [path.lastPathComponent])
  }

  @Test func aFileReadBadIsRemovedWhenItIsStillThere() async throws {
    let folder = try TemporaryDirectory()
    let cache = JSONDiskCache(directory: folder.url, schemaVersion: 2, clock: TestClock(fixedNow))
    let old = JSONDiskCache(directory: folder.url, schemaVersion: 1, clock: TestClock(fixedNow))
    try await old.save(Note(text: "Hadar"), for: "note")
    #expect(await cache.value(Note.self, for: "note") == nil)
    #expect(try folder.entries().isEmpty)
    #expect(
      cache.takeReadProblems() == [JSONDiskCacheReadProblem(key: "note", kind: .olderVersion(schema: 1))])
  }

  @Test func removingAFileIfStillTheOneReadLeavesAFileWrittenSince() async throws {
    let folder = try TemporaryDirectory()
    let cache = JSONDiskCache(directory: folder.url, clock: TestClock(fixedNow))
    try await cache.save(Note(text: "first"), for: "note")
    let first = try #require(await cache.entry(Note.self, for: "note"))
    try await cache.save(Note(text: "second"), for: "note")
    #expect(await cache.removeValue(for: "note", ifStill: first.file) == false)
    let second = try #require(await cache.entry(Note.self, for: "note"))
    #expect(second.cached.value == Note(text: "second"))
    #expect(try folder.entries() == [cache.fileURL(for: "note").lastPathComponent])
    #expect(await cache.removeValue(for: "note", ifStill: second.file))
    #expect(try folder.entries().isEmpty)
  }

  @Test func savedKeysAreFoundByListingTheFolder() async throws {
    let folder = try TemporaryDirectory()
    let cache = JSONDiskCache(directory: folder.url, clock: TestClock(fixedNow))
    for key in ["day-2024-01-05", "day-1995-06-16", "today", "day/with/slashes"] {
      try await cache.save(Note(text: key), for: key)
    }
    // A stray file named like a key's but with another hash is no key's file.
    try Data("{}".utf8).write(to: folder.url.appendingPathComponent("day-2020-01-01-0000000000000000.json"))
    #expect(cache.savedKeys(withPrefix: "day-").sorted() == ["day-1995-06-16", "day-2024-01-05"])
    #expect(
      JSONDiskCache(directory: folder.url.appendingPathComponent("none"), clock: TestClock()).savedKeys(
        withPrefix: ""
      ).isEmpty)
  }

  @Test func emptyCollectionIsRefusedAndTheGoodEntryIsKept() async throws {
    let folder = try TemporaryDirectory()
    let cache = JSONDiskCache(directory: folder.url, clock: TestClock(fixedNow))
    try await cache.save([Note(text: "Altair")], for: "notes")
    await #expect(throws: JSONDiskCacheError.emptyValueRefused(key: "notes")) {
      try await cache.save([Note](), for: "notes")
    }
    #expect(await cache.value([Note].self, for: "notes")?.value == [Note(text: "Altair")])
  }

  @Test func emptyCheckableValueIsRefused() async throws {
    let folder = try TemporaryDirectory()
    let cache = JSONDiskCache(directory: folder.url, clock: TestClock())
    await #expect(throws: JSONDiskCacheError.emptyValueRefused(key: "shelf")) {
      try await cache.save(Shelf(notes: []), for: "shelf")
    }
    #expect(try folder.entries().isEmpty)
  }

  @Test func overwriteReplacesTheEntryAndLeavesNoTemporaryFiles() async throws {
    let folder = try TemporaryDirectory()
    let cache = JSONDiskCache(directory: folder.url, clock: TestClock(fixedNow))
    try await cache.save(Note(text: "one"), for: "note")
    try await cache.save(Note(text: "two"), for: "note")
    #expect(await cache.value(Note.self, for: "note")?.value == Note(text: "two"))
    #expect(try folder.entries() == [cache.fileURL(for: "note").lastPathComponent])
  }

  /// The app and its widget read and write one folder (the App Group container) from two
  /// processes, each with its own cache object: a read during another's write sees the whole old
  /// file or the whole new one. A half-written file would read as a miss and be deleted.
  @Test func aReaderBesideAnotherWriterNeverSeesHalfAFile() async throws {
    let folder = try TemporaryDirectory()
    let writer = JSONDiskCache(directory: folder.url, clock: TestClock(fixedNow))
    let reader = JSONDiskCache(directory: folder.url, clock: TestClock(fixedNow))
    // Large enough that writing one takes many system calls.
    let old = Note(text: String(repeating: "o", count: 4 << 20))
    let new = Note(text: String(repeating: "n", count: 4 << 20))
    try await writer.save(old, for: "today")
    let finished = Flag()
    let writing = Task {
      defer { finished.set() }
      for round in 0..<24 { try await writer.save(round.isMultiple(of: 2) ? new : old, for: "today") }
    }
    var reads = 0
    var halves = 0
    while !finished.isSet || reads == 0 {
      let value = await reader.value(Note.self, for: "today")?.value
      if value != old && value != new { halves += 1 }
      reads += 1
    }
    _ = try await boundedValue(of: writing, "the write")
    #expect(halves == 0, "\(halves) of \(reads) reads saw something other than a whole file")
    #expect(reader.takeReadProblems().isEmpty)
    #expect(await writer.value(Note.self, for: "today")?.value == old)
  }

  @Test func keysBecomeSafeDistinctFileNamesInsideTheDirectory() throws {
    let folder = try TemporaryDirectory()
    let cache = JSONDiskCache(directory: folder.url, clock: TestClock())
    let escaping = cache.fileURL(for: "../../etc/passwd")
    #expect(escaping.deletingLastPathComponent().standardizedFileURL == folder.url.standardizedFileURL)
    #expect(!escaping.lastPathComponent.contains("/"))
    #expect(cache.fileURL(for: "Day") != cache.fileURL(for: "day"))
    #expect(cache.fileURL(for: "a/b") != cache.fileURL(for: "a_b"))
    #expect(cache.fileURL(for: "apod-day-2026-11-02").lastPathComponent.hasPrefix("apod-day-2026-11-02-"))
  }

  @Test func missingDirectoryIsCreatedOnFirstSave() async throws {
    let folder = try TemporaryDirectory()
    let nested = folder.url.appendingPathComponent("a/b", isDirectory: true)
    let cache = JSONDiskCache(directory: nested, clock: TestClock(fixedNow))
    try await cache.save(Note(text: "Polaris"), for: "note")
    #expect(await cache.value(Note.self, for: "note")?.value == Note(text: "Polaris"))
  }

  @Test func unwritableLocationThrowsAndDoesNotCrash() async throws {
    let folder = try TemporaryDirectory()
    let blocker = folder.url.appendingPathComponent("file")
    try Data("x".utf8).write(to: blocker)
    let cache = JSONDiskCache(directory: blocker.appendingPathComponent("cache"), clock: TestClock())
    await #expect {
      try await cache.save(Note(text: "Sirius"), for: "note")
    } throws: { error in
      if case .writeFailed(let key, _) = error as? JSONDiskCacheError { return key == "note" }
      return false
    }
    #expect(await cache.value(Note.self, for: "note") == nil)
  }

  @Test func removedEntryIsAMiss() async throws {
    let folder = try TemporaryDirectory()
    let cache = JSONDiskCache(directory: folder.url, clock: TestClock())
    try await cache.save(Note(text: "Rigel"), for: "note")
    await cache.removeValue(for: "note")
    #expect(await cache.value(Note.self, for: "note") == nil)
    #expect(try folder.entries().isEmpty)
  }

  @Test func errorsExplainThatThePreviousCopyWasKept() {
    #expect(JSONDiskCacheError.emptyValueRefused(key: "k").message.contains("kept"))
    #expect(JSONDiskCacheError.writeFailed(key: "k", reason: "disk full").message.contains("disk full"))
  }
}

/// A value whose decoding renames `replacement`'s bytes over its file, as another process's
/// writer would between a read and its clean-up.
private struct ReplacingWhileRead: Decodable, Sendable {
  @TaskLocal static var replacement: (Data, URL)?

  init(from decoder: any Decoder) throws {
    if let (data, url) = Self.replacement {
      // `.atomic` writes a new file and renames it over the old one, as `JSONDiskCache` does.
      try data.write(to: url, options: .atomic)
    }
  }
}
