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

/// A value read from `JSONDiskCache` and the file it came from, so that a caller who finds the
/// value unusable removes that file and no other (`removeValue(for:ifStill:)`).
public struct CacheEntry<Value: Sendable>: Sendable {
  public var cached: CachedValue<Value>
  public var file: CacheFileIdentity
  /// The envelope version the file was written with: below the cache's own for a file an earlier
  /// build saved and this one still reads (`oldestReadableSchema`).
  public var schema: Int

  public init(cached: CachedValue<Value>, file: CacheFileIdentity, schema: Int) {
    self.cached = cached
    self.file = file
    self.schema = schema
  }
}

/// Which file a read saw: device, inode, size and modification time. A writer replaces a file by
/// renaming a new one over it, so a replaced file never keeps the identity of the one read.
public struct CacheFileIdentity: Sendable, Hashable {
  let device: UInt64
  let inode: UInt64
  let size: Int64
  let modifiedSeconds: Int
  let modifiedNanoseconds: Int

  init(_ status: FileStatus) {
    device = status.device
    inode = status.inode
    size = Int64(status.size)
    modifiedSeconds = status.modifiedSeconds
    modifiedNanoseconds = status.modifiedNanoseconds
  }

  /// The identity in 64 bits, the same in every process (unlike `hashValue`), for records kept on
  /// disk that must notice a file replaced since (the search index). Never 0.
  public var fingerprint: UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for field in [
      device, inode, UInt64(bitPattern: size), UInt64(bitPattern: Int64(modifiedSeconds)),
      UInt64(bitPattern: Int64(modifiedNanoseconds)),
    ] {
      var value = field
      for _ in 0..<8 {
        hash ^= value & 0xff
        hash = hash &* 0x0000_0100_0000_01b3
        value >>= 8
      }
    }
    return hash == 0 ? 1 : hash
  }
}

/// What a read found for a key: nothing, a value, or a file it could not use and kept.
public enum CacheRead<Value: Sendable>: Sendable {
  /// No file (or a file the read removed as unusable).
  case missing
  case value(CacheEntry<Value>)
  /// A file kept although unusable (a newer version's, or another shape), with its identity.
  case kept(CacheFileIdentity, JSONDiskCacheReadProblem.Kind)

  public var entry: CacheEntry<Value>? {
    if case .value(let entry) = self { return entry }
    return nil
  }
}

/// A saved file a read could not use, and what was done with it.
public struct JSONDiskCacheReadProblem: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    /// Not JSON, or not a cache envelope (cut short, overwritten by something else): removed.
    case damaged
    /// Written by an older version of the app in a format this one no longer reads: removed.
    case olderVersion(schema: Int)
    /// Written by a newer version of the app: kept, so going back to this version loses nothing.
    case newerVersion(schema: Int)
    /// An envelope of this version whose value is not what the reader asked for: kept.
    case otherShape
    /// A value the caller judged wrong for its key (a saved day holding another day): removed.
    case wrongContent(String)

    /// Whether a read removes a file found so.
    public var removesTheFile: Bool {
      switch self {
      case .damaged, .olderVersion, .wrongContent: true
      case .newerVersion, .otherShape: false
      }
    }
  }

  public let key: String
  public let kind: Kind

  public init(key: String, kind: Kind) {
    self.key = key
    self.kind = kind
  }
}

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
  /// The file holds what a newer version of the app saved: kept, so going back a version loses
  /// nothing.
  case newerVersionKept(key: String, schema: Int)

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
    case .newerVersionKept(let key, _):
      Localized.text(
        "Did not save \"%@\": the saved copy was written by a newer version of Spacer and was kept.", key)
    }
  }
}

/// A small disk cache of JSON values, one file per key, safe against crashes and bad files.
///
/// - Writes are atomic: the new file is written under a temporary name and renamed over the old
///   one, so a crash mid-write leaves either the old entry or the new one, never half a file.
/// - Each file is a versioned envelope `{"schema", "savedAt", "value"}`. A file that is corrupt
///   or from an older schema is a miss and is removed (that exact file, never one a writer put in
///   its place meanwhile); a file from a newer schema, or holding another type, is a miss and is
///   kept. Reading never crashes. A save does not replace a newer schema's file either.
/// - Empty values (empty collections, `EmptyCheckable` values that are empty) are refused, so a
///   failed or empty response can never overwrite a good entry.
/// - Keys become safe file names (a readable prefix plus the key's SHA-256), so any key stays inside
///   `directory`. Files an earlier build named by FNV-1a are moved to their new name when first
///   listed or read (`moveLegacyFile`).
public actor JSONDiskCache {
  /// The folder holding the files; created on first save.
  public nonisolated let directory: URL
  /// The envelope version this cache reads and writes; bump it when the stored types change.
  public nonisolated let schemaVersion: Int
  /// Files of this version up to `schemaVersion` are read (their entry says which); older ones are
  /// removed as `.olderVersion`.
  public nonisolated let oldestReadableSchema: Int
  /// Stamps each save (`savedAt`); `SystemClock` in the app, a `TestClock` in tests.
  private let clock: any Clocking
  private let fileManager = FileManager()
  private nonisolated let problems = ProblemLog()
  private nonisolated let removalObservers = Locked<[@Sendable (String) -> Void]>([])
  private nonisolated let toldNewer = Locked<Set<String>>([])
  /// `directory`'s path, kept as text: building file URLs was a large part of a read.
  private nonisolated let directoryPath: String
  private nonisolated let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    return decoder
  }()

  public init(directory: URL, schemaVersion: Int = 1, oldestReadableSchema: Int? = nil, clock: any Clocking) {
    self.directory = directory
    self.directoryPath = directory.path
    self.schemaVersion = schemaVersion
    self.oldestReadableSchema = min(oldestReadableSchema ?? schemaVersion, schemaVersion)
    self.clock = clock
  }

  /// The saved value for `key` and its save time, or nil on a miss (`entry(_:for:)` without the
  /// file's identity).
  public nonisolated(nonsending) func value<Value: Decodable & Sendable>(
    _ type: Value.Type, for key: String
  ) async -> CachedValue<Value>? {
    await entry(type, for: key)?.cached
  }

  /// The saved value for `key`, with the identity of the file it came from, or nil on a miss.
  ///
  /// What a read does with a file it cannot use (each noted for `takeReadProblems()`):
  /// - not JSON, not an envelope, or an envelope of an older schema: that exact file is removed
  ///   (`removeValue(for:ifStill:)`), never a file another writer put there meanwhile;
  /// - an envelope of a newer schema (written by a newer version of the app): kept;
  /// - an envelope of this schema whose value is not a `type`: kept (asking with another type is
  ///   no reason to lose data).
  ///
  /// Runs on the caller's executor: a read needs no state of the actor (files are replaced
  /// atomically, so a read sees a whole old or a whole new file), and not hopping to the actor
  /// and back is most of what a warm launch costs. Only a removal goes through the actor.
  public nonisolated(nonsending) func entry<Value: Decodable & Sendable>(
    _ type: Value.Type, for key: String
  ) async -> CacheEntry<Value>? {
    await lookUp(type, for: key).entry
  }

  /// `entry(_:for:)`, also telling a kept unusable file from no file (`CacheRead`).
  public nonisolated(nonsending) func lookUp<Value: Decodable & Sendable>(
    _ type: Value.Type, for key: String
  ) async -> CacheRead<Value> {
    let path = filePath(for: key)
    guard
      let (data, file) = Self.readFile(atPath: path)
        ?? (moveLegacyFile(for: key) ? Self.readFile(atPath: path) : nil)
    else { return .missing }
    // One decode in the usual case: an envelope of this schema holding a `Value`.
    if let envelope = try? decoder.decode(Envelope<Value>.self, from: data),
      (oldestReadableSchema...schemaVersion).contains(envelope.schema)
    {
      return .value(
        CacheEntry(
          cached: CachedValue(value: envelope.value, savedAt: envelope.savedAt), file: file,
          schema: envelope.schema))
    }
    let problem: JSONDiskCacheReadProblem.Kind
    if let header = try? decoder.decode(EnvelopeHeader.self, from: data) {
      if header.schema > schemaVersion {
        problem = .newerVersion(schema: header.schema)
      } else if header.schema < oldestReadableSchema {
        problem = .olderVersion(schema: header.schema)
      } else {
        problem = .otherShape
      }
    } else {
      problem = .damaged
    }
    // Removed only if it is still the file just read: a writer may have renamed a good one here.
    if problem.removesTheFile, await !removeValue(for: key, ifStill: file) { return .missing }
    problems.append(JSONDiskCacheReadProblem(key: key, kind: problem))
    return problem.removesTheFile ? .missing : .kept(file, problem)
  }

  /// What reads found and could not use since the last call, oldest first; the list is emptied.
  public nonisolated func takeReadProblems() -> [JSONDiskCacheReadProblem] {
    problems.takeAll()
  }

  /// Notes a problem a caller found in a value it read (a saved day holding another day), for
  /// `takeReadProblems()`; the caller removes the file with `removeValue(for:ifStill:)` first.
  public nonisolated func noteProblem(_ problem: JSONDiskCacheReadProblem) {
    problems.append(problem)
  }

  /// Calls `observer` with the key of every file this cache removes, once removed (a read's
  /// repair or `removeValue`), so that what is built from the files (the search index) follows.
  public nonisolated func observeRemovals(_ observer: @escaping @Sendable (String) -> Void) {
    removalObservers.withLock { $0.append(observer) }
  }

  private nonisolated func removed(_ key: String) {
    for observer in removalObservers.withLock({ $0 }) { observer(key) }
  }

  /// Removes the file of `key` only if it is still `file` (the one a read judged unusable); a file
  /// written there since (by this process, or another one sharing the folder) is left alone.
  /// Returns whether the file was removed.
  ///
  /// POSIX has no "unlink if unchanged", so the file is moved aside in one step (rename), then
  /// checked: the one read is deleted; any other is put back with `link`, which never replaces a
  /// file written there meanwhile (that one is newer still, and the one moved aside goes).
  @discardableResult
  public func removeValue(for key: String, ifStill file: CacheFileIdentity) -> Bool {
    let path = filePath(for: key)
    guard Self.identity(atPath: path) == file else { return false }
    let aside =
      (directoryPath.hasSuffix("/") ? directoryPath : directoryPath + "/")
      + ".aside-\(UUID().uuidString).json"
    guard rename(path, aside) == 0 else { return false }
    if Self.identity(atPath: aside) == file {
      unlink(aside)
      removed(key)
      return true
    }
    if link(aside, path) != 0, errno != EEXIST, !fileManager.fileExists(atPath: path) {
      // A file system without hard links: put it back by name, the nearest this gets.
      _ = rename(aside, path)
      return false
    }
    unlink(aside)
    return false
  }

  /// The bytes of the file at `path` and the identity of that very file (both from one open
  /// descriptor, so they always belong together), or nil when there is no readable file.
  nonisolated static func readFile(atPath path: String) -> (Data, CacheFileIdentity)? {
    PlainFile.contents(atPath: path).map { ($0.data, CacheFileIdentity($0.status)) }
  }

  /// The envelope version of the file at `path`, or nil when there is no readable envelope.
  nonisolated static func schema(ofFileAt path: String) -> Int? {
    guard let (data, _) = readFile(atPath: path) else { return nil }
    return try? JSONDecoder().decode(EnvelopeHeader.self, from: data).schema
  }

  /// The identity of the file at `path` now, or nil when there is none.
  nonisolated static func identity(atPath path: String) -> CacheFileIdentity? {
    FileStatus(atPath: path).map(CacheFileIdentity.init)
  }

  /// Saves `value` for `key` atomically and returns the save time (from the injected clock).
  /// Refuses an empty value, keeping whatever was saved before.
  @discardableResult
  public func save<Value: Encodable & Sendable>(
    _ value: Value, for key: String
  ) throws(JSONDiskCacheError)
    -> Date
  {
    try saveFile(value, for: key).savedAt
  }

  /// `save(_:for:)`, also returning the identity of the file written (that exact file: another
  /// writer may replace it the moment after).
  public func saveFile<Value: Encodable & Sendable>(
    _ value: Value, for key: String
  ) throws(JSONDiskCacheError) -> (savedAt: Date, file: CacheFileIdentity) {
    if let collection = value as? any Collection, collection.isEmpty {
      throw .emptyValueRefused(key: key)
    }
    if let checkable = value as? any EmptyCheckable, checkable.isEmpty {
      throw .emptyValueRefused(key: key)
    }
    let path = filePath(for: key)
    if let held = Self.schema(ofFileAt: path), held > schemaVersion {
      // Said once per key: every later save of the day is refused the same way.
      if toldNewer.withLock({ $0.insert(key).inserted }) {
        problems.append(JSONDiskCacheReadProblem(key: key, kind: .newerVersion(schema: held)))
      }
      throw .newerVersionKept(key: key, schema: held)
    }
    let savedAt = clock.now
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .secondsSince1970
    encoder.outputFormatting = [.sortedKeys]
    let data: Data
    do {
      data = try encoder.encode(Envelope(schema: schemaVersion, savedAt: savedAt, value: value))
    } catch {
      throw .encodingFailed(key: key, reason: String(describing: error))
    }
    let file = try writeAtomically(data, to: path, key: key)
    return (savedAt, file)
  }

  /// Deletes the entry for `key`, if any (under an earlier build's name too, which would come back).
  public func removeValue(for key: String) {
    let legacy = unlink(path(ofName: Self.legacyFileName(for: key))) == 0
    if (try? fileManager.removeItem(at: fileURL(for: key))) != nil || legacy { removed(key) }
  }

  /// The file that holds `key`: a readable, sanitised prefix of the key (so a listing gives the
  /// keys back) and the SHA-256 of the whole key, the image tier's digest (so different keys never
  /// share a file and no key can name a path).
  public nonisolated func fileURL(for key: String) -> URL {
    URL(fileURLWithPath: filePath(for: key), isDirectory: false)
  }

  /// The keys beginning with `prefix` that have a file now, found by listing the folder once
  /// (never by trying keys). Only keys the file name spells whole are found: at most 48 letters,
  /// digits, `-` and `_`. A file whose name does not match its key's digest is not a key's file.
  public nonisolated func savedKeys(withPrefix prefix: String) -> [String] {
    savedFiles(withPrefix: prefix).map(\.key)
  }

  /// `savedKeys(withPrefix:)` with the identity of each key's file, from one pass over the folder
  /// (a launch checks thousands of files against what it recorded, so no Foundation listing). A
  /// file an earlier build named is moved to its name now (`moveLegacyFile`).
  public nonisolated func savedFiles(withPrefix prefix: String) -> [(key: String, file: CacheFileIdentity)] {
    guard let folder = opendir(directoryPath) else { return [] }
    defer { closedir(folder) }
    let descriptor = dirfd(folder)
    var found: [(key: String, file: CacheFileIdentity)] = []
    var moved: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) {
        String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
      }
      guard name.hasPrefix(prefix), name.hasSuffix(".json") else { continue }
      if let key = Self.key(inName: name, suffixLength: Self.suffixLength, named: Self.fileName(for:)) {
        var status = stat()
        guard fstatat(descriptor, name, &status, 0) == 0 else { continue }
        found.append((key, CacheFileIdentity(FileStatus(status))))
      } else if let key = Self.key(
        inName: name, suffixLength: Self.legacySuffixLength, named: Self.legacyFileName(for:))
      {
        moved.append(key)
      }
    }
    // Moved after the listing: a name added to the folder while it is read may or may not be seen.
    let listed = Set(found.map(\.key))
    for key in moved where moveLegacyFile(for: key) && !listed.contains(key) {
      if let file = Self.identity(atPath: filePath(for: key)) { found.append((key, file)) }
    }
    return found
  }

  /// `<key>-<64 hex digits>.json`, and an earlier build's `<key>-<16 hex digits>.json`.
  private static let suffixLength = 1 + 64 + 5
  private static let legacySuffixLength = 1 + 16 + 5

  private static func key(inName name: String, suffixLength: Int, named: (String) -> String) -> String? {
    guard name.utf8.count > suffixLength else { return nil }
    let key = String(name.dropLast(suffixLength))
    guard key.utf8.count <= 48, named(key) == name else { return nil }
    return key
  }

  /// Moves the file an earlier build saved for `key` under its FNV-1a name to its name now, and
  /// says whether the key has a file at its name afterwards. The move keeps the file itself
  /// (inode, size, modification time: what the search index's fingerprints record). It is a hard
  /// link then an unlink, so a crash at any point leaves the file under one name or both, and the
  /// next call finishes it; a file already at the new name was saved since and is kept.
  @discardableResult
  nonisolated func moveLegacyFile(for key: String) -> Bool {
    let old = path(ofName: Self.legacyFileName(for: key))
    let new = filePath(for: key)
    if link(old, new) == 0 || errno == EEXIST {
      unlink(old)
      return true
    }
    if errno == ENOENT { return Self.identity(atPath: new) != nil }
    // A file system without hard links: by name, never over a file saved since.
    guard Self.identity(atPath: new) == nil else {
      unlink(old)
      return true
    }
    return rename(old, new) == 0
  }

  /// The path of `fileURL(for:)`, built as text.
  nonisolated func filePath(for key: String) -> String {
    path(ofName: Self.fileName(for: key))
  }

  private nonisolated func path(ofName name: String) -> String {
    directoryPath.hasSuffix("/") ? directoryPath + name : directoryPath + "/" + name
  }

  /// The name of the file that holds `key`.
  nonisolated static func fileName(for key: String) -> String {
    readable(key) + "-" + SHA256Digest(hashing: key).hexString + ".json"
  }

  /// The name earlier builds gave `key`'s file: its 64-bit FNV-1a instead of the SHA-256.
  public nonisolated static func legacyFileName(for key: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return readable(key) + "-" + String(repeating: "0", count: 16 - hex.count) + hex + ".json"
  }

  private nonisolated static func readable(_ key: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(48)
    for scalar in key.unicodeScalars.prefix(48) {
      let safe =
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        || scalar == "-" || scalar == "_"
      bytes.append(safe ? UInt8(scalar.value) : UInt8(ascii: "_"))
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private func writeAtomically(
    _ data: Data, to destination: String, key: String
  ) throws(JSONDiskCacheError) -> CacheFileIdentity {
    do {
      try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw .writeFailed(key: key, reason: error.localizedDescription)
    }
    let temporary =
      (directoryPath.hasSuffix("/") ? directoryPath : directoryPath + "/") + ".tmp-\(UUID().uuidString).json"
    // Written through one descriptor, whose status is the identity of the file once renamed
    // (rename keeps the inode and its modification time).
    let file: CacheFileIdentity
    switch Self.writeFile(data, atPath: temporary) {
    case .success(let written): file = written
    case .failure(let reason):
      unlink(temporary)
      throw .writeFailed(key: key, reason: reason.message)
    }
    // rename(2) replaces the destination in one step: readers see the old file or the new one.
    guard rename(temporary, destination) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw .writeFailed(key: key, reason: reason)
    }
    return file
  }
}

extension JSONDiskCache {
  struct WriteFailure: Error {
    let message: String
  }

  /// Writes `data` to a new file at `path` and returns that file's identity once written.
  nonisolated static func writeFile(
    _ data: Data, atPath path: String
  ) -> Result<CacheFileIdentity, WriteFailure> {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard descriptor >= 0 else { return .failure(WriteFailure(message: String(cString: strerror(errno)))) }
    defer { close(descriptor) }
    var written = 0
    while written < data.count {
      let count = data.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress! + written, buffer.count - written)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return .failure(WriteFailure(message: String(cString: strerror(errno)))) }
      written += count
    }
    guard let status = FileStatus(descriptor: descriptor) else {
      return .failure(WriteFailure(message: String(cString: strerror(errno))))
    }
    return .success(CacheFileIdentity(status))
  }
}

/// Read problems noted from any thread.
private final class ProblemLog: Sendable {
  private let keys = Locked<[JSONDiskCacheReadProblem]>([])

  func append(_ problem: JSONDiskCacheReadProblem) { keys.withLock { $0.append(problem) } }

  func takeAll() -> [JSONDiskCacheReadProblem] {
    keys.withLock { keys in
      defer { keys.removeAll() }
      return keys
    }
  }
}

/// The part of an envelope every schema version shares.
private struct EnvelopeHeader: Decodable {
  let schema: Int
}

private struct Envelope<Value> {
  let schema: Int
  let savedAt: Date
  let value: Value
}

extension Envelope: Encodable where Value: Encodable {}
extension Envelope: Decodable where Value: Decodable {}
