import Basics
import Foundation

/// Recency survives relaunch as file modification dates. Pinned files live in `pinnedDirectory`,
/// outside the caches folder: the system empties caches when storage runs low, and a favorite must
/// still show offline. Another process may share the folders (the widget, through an App Group): a
/// name this index does not know is looked for on disk before it counts as a miss, and one found in
/// the pinned folder is treated as pinned, so this process never evicts the other's favorite.
/// A read needs only its own file; the folders are listed when the whole index is needed (a write,
/// a pin, statistics), so a launch that shows a saved picture does not list hundreds of files.
/// Not thread-safe: the pipeline actor owns it.
struct DiskImageStore {
  private struct Entry {
    var byteCount: Int
    var lastUse: UInt64
    var stampedAt: Date
    var fileURL: URL
  }

  static let pinsFileName = "pins.json"
  /// Recency persisted across launches is this coarse, so a hot image costs no system call per hit.
  static let recencyStampInterval: TimeInterval = 60

  let directory: URL
  let pinnedDirectory: URL
  let byteLimit: Int
  private var entries: [String: Entry] = [:]
  private(set) var pinned: Set<String> = []
  private(set) var totalBytes = 0
  private var useCounter: UInt64 = 0
  private var isLoaded = false
  /// Images still load from the network.
  private(set) var isAvailable = true
  private var pinnedDirectoryIsAvailable = true

  private let keepsPinsApart: Bool

  init(directory: URL, pinnedDirectory: URL? = nil, byteLimit: Int) {
    self.directory = directory
    self.pinnedDirectory = pinnedDirectory ?? directory
    self.byteLimit = max(0, byteLimit)
    keepsPinsApart = self.pinnedDirectory.standardizedFileURL != directory.standardizedFileURL
  }

  private var pinsFileURL: URL {
    (pinnedDirectoryIsAvailable ? pinnedDirectory : directory).appendingPathComponent(Self.pinsFileName)
  }

  var count: Int { entries.count }

  func fileURL(for name: String) -> URL {
    let folder = pinned.contains(name) && pinnedDirectoryIsAvailable ? pinnedDirectory : directory
    return folder.appendingPathComponent(name, isDirectory: false)
  }

  func contains(_ name: String) -> Bool { entries[name] != nil }

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
    var folders = [directory]
    if keepsPinsApart, pinnedDirectoryIsAvailable { folders.append(pinnedDirectory) }
    var found: [(name: String, bytes: Int, modified: Date, url: URL)] = []
    for folder in folders {
      let names = (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []
      for name in names where Self.isDigestName(name) && entries[name] == nil {
        let file = folder.appendingPathComponent(name, isDirectory: false)
        guard let status = FileStatus(atPath: file.path), status.isRegularFile else { continue }
        found.append((name, status.size, status.modified, file))
      }
    }
    found.sort { ($0.modified, $0.name) < ($1.modified, $1.name) }
    // The files this process read before the listing are its most recent; the others follow
    // their modification dates, older than those.
    let readBefore = entries.sorted { $0.value.lastUse < $1.value.lastUse }.map(\.key)
    useCounter = 0
    for file in found where entries[file.name] == nil {
      useCounter += 1
      entries[file.name] = Entry(
        byteCount: file.bytes, lastUse: useCounter, stampedAt: file.modified, fileURL: file.url)
      totalBytes += file.bytes
    }
    for name in readBefore {
      useCounter += 1
      entries[name]?.lastUse = useCounter
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
      if fileManager.fileExists(atPath: legacy.path) { try? fileManager.removeItem(at: legacy) }
    }
    // Every file where it belongs: pinned ones out of the purgeable caches, the others back in.
    for name in Array(entries.keys) { relocate(name) }
  }

  mutating func adoptIfWrittenElsewhere(_ name: String) {
    guard isAvailable, entries[name] == nil, Self.isDigestName(name) else { return }
    var folders = [directory]
    if keepsPinsApart, pinnedDirectoryIsAvailable { folders.insert(pinnedDirectory, at: 0) }
    for folder in folders {
      let file = folder.appendingPathComponent(name, isDirectory: false)
      guard let status = FileStatus(atPath: file.path), status.isRegularFile else { continue }
      if folder == pinnedDirectory, keepsPinsApart { pinned.insert(name) }
      useCounter += 1
      entries[name] = Entry(
        byteCount: status.size, lastUse: useCounter, stampedAt: status.modified, fileURL: file)
      totalBytes += status.size
      return
    }
  }

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

  mutating func didWrite(_ name: String, byteCount: Int, now: Date) {
    forget(name)
    useCounter += 1
    let fileURL = fileURL(for: name)
    entries[name] = Entry(byteCount: byteCount, lastUse: useCounter, stampedAt: now, fileURL: fileURL)
    totalBytes += byteCount
    setModificationDate(now, of: fileURL)
    evictIfNeeded()
  }

  mutating func remove(_ name: String) {
    let location = entries[name]?.fileURL ?? fileURL(for: name)
    forget(name)
    try? FileManager.default.removeItem(at: location)
  }

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

  /// A move that fails leaves the file where it was, still indexed there.
  private mutating func relocate(_ name: String) {
    guard var entry = entries[name] else { return }
    let target = fileURL(for: name)
    guard entry.fileURL.path != target.path, entry.fileURL.standardizedFileURL != target.standardizedFileURL
    else { return }
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

  /// Pinned files are never evicted, even if they alone exceed the cap.
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

  private func setModificationDate(_ date: Date, of fileURL: URL) {
    try? FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: fileURL.path)
  }

  private mutating func forget(_ name: String) {
    guard let entry = entries.removeValue(forKey: name) else { return }
    totalBytes -= entry.byteCount
  }

  private static func readPins(from url: URL) -> Set<String> {
    // A missing file is the usual case: asking first is cheaper than the error a read throws.
    guard FileManager.default.fileExists(atPath: url.path), let data = try? Data(contentsOf: url),
      let names = try? JSONDecoder().decode([String].self, from: data)
    else { return [] }
    return Set(names.filter(isDigestName))
  }

  /// Anything else in the directory (the pins file, a temporary file of an interrupted atomic write)
  /// is not an entry.
  static func isDigestName(_ name: String) -> Bool {
    name.utf8.count == 64 && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }
}
