import Foundation
import NASA

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The search index kept beside the day files (`search-index.bin`), so that a launch reads one
/// file instead of every day.
///
/// Binary, not JSON: the index is mostly a few million small ascending integers, which as varint
/// deltas take about a byte each and decode in milliseconds (JSON would be several times larger
/// and slower to parse). Layout, little-endian: the magic `SPACERSI`, `version` (UInt32), the
/// payload's length and FNV-1a checksum (UInt64 each), then the payload: every saved day file
/// known (day, its file's fingerprint, kind and title when indexed), then every word
/// (front-coded) with its documents. A file cut short, changed, of another version or not this
/// format at all is `Problem`, never a wrong index.
struct SearchIndexFile: Sendable {
  static let name = "search-index.bin"
  private static let magic = Array("SPACERSI".utf8)
  /// Bumped whenever the layout or what is indexed (the fields, `SearchText`) changes: an index of
  /// another version is rebuilt.
  static let version: UInt32 = 2

  /// What the index was built from: for each saved day's file, its fingerprint when indexed
  /// (0: unknown, read again at the next launch). A day with a fingerprint and no document is a
  /// file kept unread (a newer version's).
  struct Contents: Sendable {
    var index: APODSearchIndex
    var fingerprints: [APODDay: UInt64]
  }

  enum Problem: Error, Sendable, Hashable {
    case missing
    case damaged
    case otherVersion(UInt32)
  }

  /// Where a write is, for tests that stop it there (a crash).
  enum WriteStep: Sendable {
    case temporaryWritten(path: String)
    case renamed
  }

  let url: URL

  init(folder: URL) {
    url = folder.appending(path: Self.name, directoryHint: .notDirectory)
  }

  func read() -> Result<Contents, Problem> {
    guard let data = FileManager.default.contents(atPath: url.path) else { return .failure(.missing) }
    do {
      return .success(try Self.decode(data))
    } catch {
      return .failure(error)
    }
  }

  /// Writes `contents` under a temporary name and renames it over the index: a reader sees the
  /// old index or the new one. `step` is told each step; throwing stops the write there.
  func write(_ contents: Contents, step: (WriteStep) throws -> Void = { _ in }) throws {
    let data = Self.encode(contents)
    let folder = url.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let temporary = folder.appending(path: ".search-index-\(UUID().uuidString).tmp").path
    do {
      try data.write(to: URL(fileURLWithPath: temporary))
      try step(.temporaryWritten(path: temporary))
    } catch {
      unlink(temporary)
      throw error
    }
    guard rename(temporary, url.path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedFailureReasonErrorKey: reason])
    }
    try step(.renamed)
  }

  // MARK: Format

  static func encode(_ contents: Contents) -> Data {
    let index = contents.index
    var fingerprints = contents.fingerprints
    for day in index.days where fingerprints[day] == nil { fingerprints[day] = 0 }
    var documentOfDay: [APODDay: APODSearchIndex.Document] = [:]
    var oldID: [APODDay: Int] = [:]
    for (id, document) in index.documents.enumerated() {
      guard let document else { continue }
      documentOfDay[document.day] = document
      oldID[document.day] = id
    }
    var payload = ByteWriter()
    let days = fingerprints.keys.sorted()
    payload.varint(UInt64(days.count))
    var newID = [Int](repeating: -1, count: index.documents.count)
    var nextID = 0
    var previous = 0
    for day in days {
      let number = APODDay.first.distance(to: day)
      payload.varint(UInt64(number - previous))
      previous = number
      payload.fixed(fingerprints[day] ?? 0)
      guard let document = documentOfDay[day], let id = oldID[day] else {
        payload.byte(0)
        continue
      }
      let kind: UInt8 =
        switch document.kind {
        case .image: 1
        case .video: 2
        case .other: 3
        }
      payload.byte(kind)
      payload.string(document.title)
      newID[id] = nextID
      nextID += 1
    }
    payload.varint(UInt64(index.vocabulary.count))
    var previousWord: [UInt8] = []
    for (word, list) in zip(index.vocabulary, index.postings) {
      let bytes = Array(word.utf8)
      var shared = 0
      while shared < min(bytes.count, previousWord.count), bytes[shared] == previousWord[shared] {
        shared += 1
      }
      payload.varint(UInt64(shared))
      payload.varint(UInt64(bytes.count - shared))
      payload.bytes(bytes[shared...])
      previousWord = bytes
      var values = list.map { UInt32(newID[Int($0 >> 1)]) << 1 | $0 & 1 }
      if zip(values, values.dropFirst()).contains(where: { $0 >= $1 }) { values.sort() }
      payload.varint(UInt64(values.count))
      var last: UInt32 = 0
      for value in values {
        payload.varint(UInt64(value - last))
        last = value
      }
    }
    var file = ByteWriter()
    file.bytes(magic[...])
    file.fixed32(version)
    file.fixed(UInt64(payload.data.count))
    file.fixed(checksum(payload.data[...]))
    file.bytes(payload.data[...])
    return Data(file.data)
  }

  static func decode(_ data: Data) throws(Problem) -> Contents {
    let bytes = [UInt8](data)
    var header = ByteReader(bytes[...])
    guard Array(try header.bytes(magic.count)) == magic else { throw .damaged }
    let storedVersion = try header.fixed32()
    guard storedVersion == version else { throw .otherVersion(storedVersion) }
    let length = try header.fixed()
    let storedChecksum = try header.fixed()
    let payload = bytes[header.position...]
    guard UInt64(payload.count) == length, checksum(payload) == storedChecksum else { throw .damaged }
    var reader = ByteReader(payload)
    let dayCount = try reader.count()
    guard dayCount <= reader.remaining / 10 else { throw .damaged }
    var fingerprints: [APODDay: UInt64] = [:]
    fingerprints.reserveCapacity(dayCount)
    var documents: [APODSearchIndex.Document] = []
    documents.reserveCapacity(dayCount)
    var number = 0
    for position in 0..<dayCount {
      let delta = try reader.count()
      guard position == 0 || delta > 0 else { throw .damaged }
      number += delta
      guard number < 1_000_000 else { throw .damaged }
      let day = APODDay.first.advanced(by: number)
      fingerprints[day] = try reader.fixed()
      let kind: APODMediaFilter.Kind
      switch try reader.byte() {
      case 0: continue
      case 1: kind = .image
      case 2: kind = .video
      case 3: kind = .other
      default: throw .damaged
      }
      documents.append(APODSearchIndex.Document(day: day, title: try reader.string(), kind: kind))
    }
    let wordCount = try reader.count()
    guard wordCount <= reader.remaining / 3 else { throw .damaged }
    var vocabulary: [String] = []
    var postings: [[UInt32]] = []
    vocabulary.reserveCapacity(wordCount)
    postings.reserveCapacity(wordCount)
    var previousWord: [UInt8] = []
    let limit = UInt32(documents.count) << 1
    for _ in 0..<wordCount {
      let shared = try reader.count()
      guard shared <= previousWord.count else { throw .damaged }
      var word = Array(previousWord[..<shared])
      word += try reader.bytes(try reader.count())
      let text = String(decoding: word, as: UTF8.self)
      // Sorted and unique, or prefix search would miss words.
      if let last = vocabulary.last, last >= text { throw .damaged }
      let count = try reader.count()
      guard count <= reader.remaining else { throw .damaged }
      var list = [UInt32](repeating: 0, count: count)
      var value: UInt32 = 0
      for slot in 0..<count {
        let delta = try reader.count()
        guard slot == 0 || delta > 0, UInt64(value) + UInt64(delta) < UInt64(limit) else { throw .damaged }
        value += UInt32(delta)
        list[slot] = value
      }
      vocabulary.append(text)
      postings.append(list)
      previousWord = word
    }
    guard reader.isAtEnd else { throw .damaged }
    return Contents(
      index: APODSearchIndex(documents: documents, vocabulary: vocabulary, postings: postings),
      fingerprints: fingerprints)
  }

  private static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
  }
}

private struct ByteWriter {
  var data: [UInt8] = []

  mutating func byte(_ value: UInt8) { data.append(value) }

  mutating func bytes(_ values: ArraySlice<UInt8>) { data.append(contentsOf: values) }

  mutating func varint(_ value: UInt64) {
    var rest = value
    while rest >= 0x80 {
      data.append(UInt8(rest & 0x7f) | 0x80)
      rest >>= 7
    }
    data.append(UInt8(rest))
  }

  mutating func fixed(_ value: UInt64) {
    for shift in stride(from: 0, to: 64, by: 8) {
      data.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
    }
  }

  mutating func fixed32(_ value: UInt32) {
    for shift in stride(from: 0, to: 32, by: 8) {
      data.append(UInt8(truncatingIfNeeded: value >> UInt32(shift)))
    }
  }

  mutating func string(_ text: String) {
    varint(UInt64(text.utf8.count))
    data.append(contentsOf: text.utf8)
  }
}

/// Reads what `ByteWriter` wrote; anything out of bounds or oversized is `.damaged`.
private struct ByteReader {
  private let bytes: ArraySlice<UInt8>
  private(set) var position: Int

  init(_ bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
    position = bytes.startIndex
  }

  var isAtEnd: Bool { position == bytes.endIndex }

  var remaining: Int { bytes.endIndex - position }

  mutating func byte() throws(SearchIndexFile.Problem) -> UInt8 {
    guard position < bytes.endIndex else { throw .damaged }
    defer { position += 1 }
    return bytes[position]
  }

  mutating func bytes(_ count: Int) throws(SearchIndexFile.Problem) -> ArraySlice<UInt8> {
    guard count >= 0, bytes.endIndex - position >= count else { throw .damaged }
    defer { position += count }
    return bytes[position..<position + count]
  }

  mutating func varint() throws(SearchIndexFile.Problem) -> UInt64 {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let next = try byte()
      guard shift < 64 else { throw .damaged }
      value |= UInt64(next & 0x7f) << shift
      if next & 0x80 == 0 { return value }
      shift += 7
    }
  }

  /// A varint used as a count, length or delta: never more than the bytes left could describe.
  mutating func count() throws(SearchIndexFile.Problem) -> Int {
    let value = try varint()
    guard value <= UInt64(Int32.max) else { throw .damaged }
    return Int(value)
  }

  mutating func fixed() throws(SearchIndexFile.Problem) -> UInt64 {
    var value: UInt64 = 0
    for (shift, byte) in try bytes(8).enumerated() { value |= UInt64(byte) << UInt64(shift * 8) }
    return value
  }

  mutating func fixed32() throws(SearchIndexFile.Problem) -> UInt32 {
    var value: UInt32 = 0
    for (shift, byte) in try bytes(4).enumerated() { value |= UInt32(byte) << UInt32(shift * 8) }
    return value
  }

  mutating func string() throws(SearchIndexFile.Problem) -> String {
    String(decoding: try bytes(try count()), as: UTF8.self)
  }
}
