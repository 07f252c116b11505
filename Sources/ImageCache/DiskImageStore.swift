import Foundation

/// The disk tier: one file per original download, least recently used first out under a byte
/// cap, pinned files never out.
///
/// - Names: the SHA-256 hex digest of the normalized URL, never a path derived from the URL.
/// - Recency survives relaunch: an access sets the file's modification date (at most once per
///   `recencyStampInterval` per file, so a hot image costs no extra system call per hit), and
///   the index is rebuilt from those dates on first use. Within a run the order is exact.
/// - Pins are kept in `pins.json` in the same directory, by digest, so a URL can be pinned before
///   its image is downloaded.
/// - A file that is missing, of the wrong length or structurally incomplete is a miss and is
///   removed, never returned.
///
/// Not thread-safe: the pipeline actor owns it.
struct DiskImageStore {
  private struct Entry {
    var byteCount: Int
    var lastUse: UInt64
    /// The modification date last written to the file.
    var stampedAt: Date
    let fileURL: URL
  }

  static let pinsFileName = "pins.json"
  /// Recency persisted across launches is this coarse; finer order is kept in memory only.
  static let recencyStampInterval: TimeInterval = 60

  let directory: URL
  let byteLimit: Int
  private var entries: [String: Entry] = [:]
  private(set) var pinned: Set<String> = []
  private(set) var totalBytes = 0
  private var useCounter: UInt64 = 0
  private var isLoaded = false
  /// False when the directory cannot be created: every lookup misses and nothing is written,
  /// but images still load from the network.
  private(set) var isAvailable = true

  init(directory: URL, byteLimit: Int) {
    self.directory = directory
    self.byteLimit = max(0, byteLimit)
  }

  var count: Int { entries.count }

  /// The digest-named file for `name` (whether or not it exists).
  func fileURL(for name: String) -> URL {
    directory.appendingPathComponent(name, isDirectory: false)
  }

  func contains(_ name: String) -> Bool { entries[name] != nil }

  /// Builds the index from the directory on first use: file sizes, and recency from
  /// modification dates (oldest first).
  mutating func loadIfNeeded() {
    guard !isLoaded else { return }
    isLoaded = true
    let fileManager = FileManager.default
    do {
      try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      isAvailable = false
      return
    }
    let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
    let files = (try? fileManager.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys)) ?? []
    var found: [(name: String, bytes: Int, modified: Date)] = []
    for file in files where Self.isDigestName(file.lastPathComponent) {
      guard let values = try? file.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else {
        continue
      }
      found.append(
        (file.lastPathComponent, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast))
    }
    found.sort { ($0.modified, $0.name) < ($1.modified, $1.name) }
    for file in found {
      useCounter += 1
      entries[file.name] = Entry(
        byteCount: file.bytes, lastUse: useCounter, stampedAt: file.modified, fileURL: fileURL(for: file.name)
      )
      totalBytes += file.bytes
    }
    pinned = Self.readPins(from: directory.appendingPathComponent(Self.pinsFileName))
  }

  /// The stored bytes for `name`, marking them most recently used. A damaged file is removed.
  mutating func read(_ name: String, now: Date) -> Data? {
    guard let entry = entries[name] else { return nil }
    guard let data = try? Data(contentsOf: entry.fileURL) else {
      forget(name)  // deleted behind our back
      return nil
    }
    // Rule: a corrupt or truncated file is a miss and is removed.
    guard data.count == entry.byteCount, (try? ImageHeaderReader.validate(data)) != nil else {
      remove(name)
      return nil
    }
    markUsed(name, now: now)
    return data
  }

  /// Records a file just written at `fileURL(for: name)`, then evicts down to the cap.
  mutating func didWrite(_ name: String, byteCount: Int, now: Date) {
    forget(name)
    useCounter += 1
    let fileURL = fileURL(for: name)
    entries[name] = Entry(byteCount: byteCount, lastUse: useCounter, stampedAt: now, fileURL: fileURL)
    totalBytes += byteCount
    setModificationDate(now, of: fileURL)
    evictIfNeeded()
  }

  /// Deletes the file and its index entry.
  mutating func remove(_ name: String) {
    forget(name)
    try? FileManager.default.removeItem(at: fileURL(for: name))
  }

  /// Pins or unpins `name` and persists the pin set. Unpinning may bring the tier back under
  /// its cap, so it evicts.
  mutating func setPinned(_ isPinned: Bool, _ name: String) {
    let changed = isPinned ? pinned.insert(name).inserted : pinned.remove(name) != nil
    guard changed else { return }
    if isAvailable {
      let data = (try? JSONEncoder().encode(pinned.sorted())) ?? Data()
      try? data.write(to: directory.appendingPathComponent(Self.pinsFileName), options: .atomic)
    }
    if !isPinned { evictIfNeeded() }
  }

  /// Rule: least recently used unpinned files go first until the total fits the cap. Pinned
  /// files are never evicted, even if they alone exceed it.
  private mutating func evictIfNeeded() {
    while totalBytes > byteLimit {
      let candidates = entries.filter { !pinned.contains($0.key) }
      guard let oldest = candidates.min(by: { $0.value.lastUse < $1.value.lastUse })?.key else { return }
      remove(oldest)
    }
  }

  private mutating func markUsed(_ name: String, now: Date) {
    guard var entry = entries[name] else { return }
    useCounter += 1
    entry.lastUse = useCounter
    if abs(now.timeIntervalSince(entry.stampedAt)) >= Self.recencyStampInterval {
      entry.stampedAt = now
      setModificationDate(now, of: entry.fileURL)
    }
    entries[name] = entry
  }

  /// Persists recency: the next launch orders files by this date.
  private func setModificationDate(_ date: Date, of fileURL: URL) {
    try? FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: fileURL.path)
  }

  private mutating func forget(_ name: String) {
    guard let entry = entries.removeValue(forKey: name) else { return }
    totalBytes -= entry.byteCount
  }

  private static func readPins(from url: URL) -> Set<String> {
    guard let data = try? Data(contentsOf: url),
      let names = try? JSONDecoder().decode([String].self, from: data)
    else { return [] }
    return Set(names.filter(isDigestName))
  }

  /// 64 lowercase hex characters: a file this tier wrote. Anything else in the directory (the
  /// pins file, a temporary file from an interrupted atomic write) is not an entry.
  static func isDigestName(_ name: String) -> Bool {
    name.utf8.count == 64 && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }
}
