import Basics
import Foundation
import Localization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A value read back from `JSONDiskCache`, with the time it was saved (for "cached 3 h ago").
public struct CachedValue<Value: Sendable>: Sendable {
  public var value: Value
  public var savedAt: Date

  public init(value: Value, savedAt: Date) {
    self.value = value
    self.savedAt = savedAt
  }
}

extension CachedValue: Equatable where Value: Equatable {}
extension CachedValue: Hashable where Value: Hashable {}

/// A value that can be empty without being a `Collection` (a list wrapper, say).
/// `JSONDiskCache` refuses to save an empty value so it never replaces a good entry.
public protocol EmptyCheckable {
  var isEmpty: Bool { get }
}

/// Why a value was not saved. The previous entry, if any, is untouched in every case.
public enum JSONDiskCacheError: Error, Sendable, Hashable {
  /// The value was empty; saving it would replace good data with nothing.
  case emptyValueRefused(key: String)
  /// The value could not be encoded as JSON.
  case encodingFailed(key: String, reason: String)
  /// The file could not be written (disk full, no permission, directory missing…).
  case writeFailed(key: String, reason: String)

  /// A specific sentence for people (and logs).
  public var message: String {
    switch self {
    case .emptyValueRefused(let key):
      Localized.text(
        "Nothing was saved for \"%@\": the new value was empty and the saved copy was kept.", key)
    case .encodingFailed(let key, let reason):
      Localized.text("Could not save \"%@\" because it could not be encoded (%@).", key, reason)
    case .writeFailed(let key, let reason):
      Localized.text("Could not save \"%@\" to disk (%@); the previous copy was kept.", key, reason)
    }
  }
}

/// A small disk cache of JSON values, one file per key, safe against crashes and bad files.
///
/// - Writes are atomic: the new file is written under a temporary name and renamed over the old
///   one, so a crash mid-write leaves either the old entry or the new one, never half a file.
/// - Each file is a versioned envelope `{"schema", "savedAt", "value"}`. A file that is corrupt,
///   from another schema version, or holds another type is a miss and is removed; reading never
///   crashes.
/// - Empty values (empty collections, `EmptyCheckable` values that are empty) are refused, so a
///   failed or empty response can never overwrite a good entry.
/// - Keys become safe file names (a readable prefix plus a hash), so any key stays inside
///   `directory`.
public actor JSONDiskCache {
  /// The folder holding the files; created on first save.
  public nonisolated let directory: URL
  /// The envelope version this cache reads and writes; bump it when the stored types change.
  public nonisolated let schemaVersion: Int
  private let now: @Sendable () -> Date
  private let fileManager = FileManager()
  private nonisolated let discarded = KeyLog()
  /// `directory`'s path, kept as text: building file URLs was a large part of a read.
  private nonisolated let directoryPath: String

  public init(directory: URL, schemaVersion: Int = 1, now: @escaping @Sendable () -> Date = Date.init) {
    self.directory = directory
    self.directoryPath = directory.path
    self.schemaVersion = schemaVersion
    self.now = now
  }

  /// The saved value for `key` and its save time, or nil on a miss. A file that cannot be read
  /// as the current schema and `type` is deleted, so the next save starts clean.
  ///
  /// Runs on the caller's executor: a read needs no state of the actor (files are replaced
  /// atomically, so a read sees a whole old or a whole new file), and not hopping to the actor
  /// and back is most of what a warm launch costs.
  public nonisolated(nonsending) func value<Value: Decodable & Sendable>(
    _ type: Value.Type, for key: String
  ) async -> CachedValue<Value>? {
    let path = filePath(for: key)
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    // One decode: an envelope of another schema either fails to decode or shows its number.
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    guard let envelope = try? decoder.decode(Envelope<Value>.self, from: data),
      envelope.schema == schemaVersion
    else {
      try? FileManager.default.removeItem(atPath: path)
      discarded.append(key)
      return nil
    }
    return CachedValue(value: envelope.value, savedAt: envelope.savedAt)
  }

  /// Keys whose files could not be read (corrupt, another schema, another type) and were
  /// removed since the last call, oldest first; the list is emptied.
  public nonisolated func takeDiscardedKeys() -> [String] {
    discarded.takeAll()
  }

  /// Saves `value` for `key` atomically and returns the save time (from the injected clock).
  /// Refuses an empty value, keeping whatever was saved before.
  @discardableResult
  public func save<Value: Encodable & Sendable>(
    _ value: Value, for key: String
  ) throws(JSONDiskCacheError)
    -> Date
  {
    if let collection = value as? any Collection, collection.isEmpty {
      throw .emptyValueRefused(key: key)
    }
    if let checkable = value as? any EmptyCheckable, checkable.isEmpty {
      throw .emptyValueRefused(key: key)
    }
    let savedAt = now()
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .secondsSince1970
    encoder.outputFormatting = [.sortedKeys]
    let data: Data
    do {
      data = try encoder.encode(Envelope(schema: schemaVersion, savedAt: savedAt, value: value))
    } catch {
      throw .encodingFailed(key: key, reason: String(describing: error))
    }
    try writeAtomically(data, to: fileURL(for: key), key: key)
    return savedAt
  }

  /// Deletes the entry for `key`, if any.
  public func removeValue(for key: String) {
    try? fileManager.removeItem(at: fileURL(for: key))
  }

  /// The file that holds `key`: a readable, sanitised prefix of the key and a 64-bit FNV-1a hash
  /// of the whole key (so different keys never share a file and no key can name a path).
  public nonisolated func fileURL(for key: String) -> URL {
    URL(fileURLWithPath: filePath(for: key), isDirectory: false)
  }

  /// The path of `fileURL(for:)`, built as text.
  nonisolated func filePath(for key: String) -> String {
    let readable = key.unicodeScalars.prefix(48).map { scalar -> Character in
      let safe =
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        || scalar == "-" || scalar == "_"
      return safe ? Character(scalar) : "_"
    }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    let name = String(readable) + "-" + String(repeating: "0", count: 16 - hex.count) + hex + ".json"
    return directoryPath.hasSuffix("/") ? directoryPath + name : directoryPath + "/" + name
  }

  private func writeAtomically(_ data: Data, to destination: URL, key: String) throws(JSONDiskCacheError) {
    let temporary = directory.appendingPathComponent(".tmp-\(UUID().uuidString).json", isDirectory: false)
    do {
      try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
      try data.write(to: temporary)
    } catch {
      try? fileManager.removeItem(at: temporary)
      throw .writeFailed(key: key, reason: error.localizedDescription)
    }
    // rename(2) replaces the destination in one step: readers see the old file or the new one.
    guard rename(temporary.path, destination.path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? fileManager.removeItem(at: temporary)
      throw .writeFailed(key: key, reason: reason)
    }
  }
}

/// Keys noted from any thread.
private final class KeyLog: Sendable {
  private let keys = Locked<[String]>([])

  func append(_ key: String) { keys.withLock { $0.append(key) } }

  func takeAll() -> [String] {
    keys.withLock { keys in
      defer { keys.removeAll() }
      return keys
    }
  }
}

private struct Envelope<Value> {
  let schema: Int
  let savedAt: Date
  let value: Value
}

extension Envelope: Encodable where Value: Encodable {}
extension Envelope: Decodable where Value: Decodable {}
