import Foundation

/// The disk tier: one file per original download, least recently used first out under a byte
/// cap, pinned files never out.
///
/// - Names: the SHA-256 hex digest of the normalized URL, never a path derived from the URL.
/// - Recency survives relaunch: an access sets the file's modification date (at most once per
///   `recencyStampInterval` per file, so a hot image costs no extra system call per hit), and
///   the index is rebuilt from those dates on first use. Within a run the order is exact.
/// - Pins are kept in `pins.json` by digest, so a URL can be pinned before its image is downloaded.
///   The pin list and the pinned files live in `pinnedDirectory`, which the app puts outside the
///   caches folder (the system empties caches when storage runs low, and a favorite must still
///   show offline afterwards). A file moves there when it is pinned and back when it is unpinned.
///   With `pinnedDirectory` equal to `directory`, everything stays in one folder.
/// - A file that is missing, of the wrong length or structurally incomplete is a miss and is
///   removed, never returned.
/// - Another process may share the folders (the app and its widget, through an App Group): a name
///   this index does not know is looked for on disk before it counts as a miss, so a picture the
///   other process saved is read, not downloaded again. One found in the pinned folder is treated
///   as pinned, so this process never evicts the other's favorite.
///
/// Not thread-safe: the pipeline actor owns it.
struct DiskImageStore {
  private struct Entry {
    var byteCount: Int
    var lastUse: UInt64
    /// The modification date last written to the file.
    var stampedAt: Date
    var fileURL: URL
  }

  static let pinsFileName = "pins.json"
  /// Recency persisted across launches is this coarse; finer order is kept in memory only.
  static let recencyStampInterval: TimeInterval = 60

  let directory: URL
  /// Where pinned files and the pin list live (may be `directory` itself).
  let pinnedDirectory: URL
  let byteLimit: Int
  private var entries: [String: Entry] = [:]
  private(set) var pinned: Set<String> = []
  private(set) var totalBytes = 0
  private var useCounter: UInt64 = 0
  private var isLoaded = false
  /// False when the directory cannot be created: every lookup misses and nothing is written,
  /// but images still load from the network.
  private(set) var isAvailable = true
  /// False when `pinnedDirectory` cannot be created: pinned files then stay in `directory`.
  private var pinnedDirectoryIsAvailable = true

  init(directory: URL, pinnedDirectory: URL? = nil, byteLimit: Int) {
    self.directory = directory
    self.pinnedDirectory = pinnedDirectory ?? directory
    self.byteLimit = max(0, byteLimit)
  }

  private var keepsPinsApart: Bool {
    pinnedDirectory.standardizedFileURL != directory.standardizedFileURL
  }

  private var pinsFileURL: URL {
    (pinnedDirectoryIsAvailable ? pinnedDirectory : directory).appendingPathComponent(Self.pinsFileName)
  }

  var count: Int { entries.count }

  /// Where the digest-named file for `name` belongs (whether or not it exists): the pinned
  /// directory while it is pinned, the cache directory otherwise.
  func fileURL(for name: String) -> URL {
    let folder = pinned.contains(name) && pinnedDirectoryIsAvailable ? pinnedDirectory : directory
    return folder.appendingPathComponent(name, isDirectory: false)
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
    if keepsPinsApart {
      do {
        try fileManager.createDirectory(at: pinnedDirectory, withIntermediateDirectories: true)
        Self.excludeFromBackup(pinnedDirectory)
      } catch {
        pinnedDirectoryIsAvailable = false
      }
    }
    let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
    var files = (try? fileManager.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys)) ?? []
    if keepsPinsApart, pinnedDirectoryIsAvailable {
      files +=
        (try? fileManager.contentsOfDirectory(at: pinnedDirectory, includingPropertiesForKeys: keys)) ?? []
    }
    var found: [(name: String, bytes: Int, modified: Date, url: URL)] = []
    for file in files where Self.isDigestName(file.lastPathComponent) {
      guard let values = try? file.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else {
        continue
      }
      found.append(
        (file.lastPathComponent, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast, file))
    }
    found.sort { ($0.modified, $0.name) < ($1.modified, $1.name) }
    for file in found where entries[file.name] == nil {
      useCounter += 1
      entries[file.name] = Entry(
        byteCount: file.bytes, lastUse: useCounter, stampedAt: file.modified, fileURL: file.url)
      totalBytes += file.bytes
    }
    pinned = Self.readPins(from: pinsFileURL)
    if keepsPinsApart, pinnedDirectoryIsAvailable {
      // Pins written by an earlier version next to the cached files: adopt them once.
      let legacy = directory.appendingPathComponent(Self.pinsFileName)
      let legacyPins = Self.readPins(from: legacy)
      if !legacyPins.isSubset(of: pinned) {
        pinned.formUnion(legacyPins)
        writePins()
      }
      try? fileManager.removeItem(at: legacy)
    }
    // Every file where it belongs: pinned ones out of the purgeable caches, the others back in.
    for name in Array(entries.keys) { relocate(name) }
  }

  /// Indexes `name` when another process wrote its file after this index was built: looked for
  /// in the pinned folder first (then it is pinned here too), then in the cache folder.
  mutating func adoptIfWrittenElsewhere(_ name: String) {
    guard isLoaded, isAvailable, entries[name] == nil, Self.isDigestName(name) else { return }
    var folders = [directory]
    if keepsPinsApart, pinnedDirectoryIsAvailable { folders.insert(pinnedDirectory, at: 0) }
    let keys: Set<URLResourceKey> = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
    for folder in folders {
      let file = folder.appendingPathComponent(name, isDirectory: false)
      guard let values = try? file.resourceValues(forKeys: keys), values.isRegularFile == true else {
        continue
      }
      if folder == pinnedDirectory, keepsPinsApart { pinned.insert(name) }
      useCounter += 1
      let bytes = values.fileSize ?? 0
      entries[name] = Entry(
        byteCount: bytes, lastUse: useCounter, stampedAt: values.contentModificationDate ?? .distantPast,
        fileURL: file)
      totalBytes += bytes
      return
    }
  }

  /// The stored bytes for `name`, marking them most recently used. A damaged file is removed.
  mutating func read(_ name: String, now: Date) -> Data? {
    adoptIfWrittenElsewhere(name)
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
    let location = entries[name]?.fileURL ?? fileURL(for: name)
    forget(name)
    try? FileManager.default.removeItem(at: location)
  }

  /// Pins or unpins `name` and persists the pin set. Unpinning may bring the tier back under
  /// its cap, so it evicts.
  mutating func setPinned(_ isPinned: Bool, _ name: String) {
    let changed = isPinned ? pinned.insert(name).inserted : pinned.remove(name) != nil
    guard changed else { return }
    writePins()
    relocate(name)
    if !isPinned { evictIfNeeded() }
  }

  private func writePins() {
    guard isAvailable else { return }
    let data = (try? JSONEncoder().encode(pinned.sorted())) ?? Data()
    try? data.write(to: pinsFileURL, options: .atomic)
  }

  /// Moves the file for `name` to where it belongs now (`fileURL(for:)`). A move that fails
  /// leaves the file where it was, still indexed there.
  private mutating func relocate(_ name: String) {
    guard var entry = entries[name] else { return }
    let target = fileURL(for: name)
    guard entry.fileURL.standardizedFileURL != target.standardizedFileURL else { return }
    let fileManager = FileManager.default
    try? fileManager.removeItem(at: target)
    guard (try? fileManager.moveItem(at: entry.fileURL, to: target)) != nil else { return }
    entry.fileURL = target
    entries[name] = entry
  }

  /// Pinned images can be downloaded again, so they stay out of device backups.
  private static func excludeFromBackup(_ url: URL) {
    #if canImport(Darwin)
      var url = url
      var values = URLResourceValues()
      values.isExcludedFromBackup = true
      try? url.setResourceValues(values)
    #endif
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
