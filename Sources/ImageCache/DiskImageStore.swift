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
    var path: String
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
  /// Paths, not URLs: appending to a URL costs a microsecond on Linux, several per lookup.
  private let directoryPath: String
  private let pinnedDirectoryPath: String

  init(directory: URL, pinnedDirectory: URL? = nil, byteLimit: Int) {
    self.directory = directory
    self.pinnedDirectory = pinnedDirectory ?? directory
    self.byteLimit = max(0, byteLimit)
    directoryPath = Self.plainPath(of: directory)
    let pinnedPath = Self.plainPath(of: self.pinnedDirectory)
    keepsPinsApart = pinnedPath != directoryPath
    pinnedDirectoryPath = keepsPinsApart ? pinnedPath : directoryPath
  }

  /// Standardizing a URL costs microseconds on Linux; only a path with `.`, `..` or `//` needs it.
  private static func plainPath(of folder: URL) -> String {
    let path = folder.path
    var previous: UInt8 = 0
    for byte in path.utf8 {
      if previous == UInt8(ascii: "/"), byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/") {
        return folder.standardizedFileURL.path
      }
      previous = byte
    }
    return path
  }

  private var pinsFileURL: URL {
    (pinnedDirectoryIsAvailable ? pinnedDirectory : directory).appendingPathComponent(Self.pinsFileName)
  }

  var count: Int { entries.count }

  func fileURL(for name: String) -> URL {
    URL(fileURLWithPath: path(for: name), isDirectory: false)
  }

  private func path(for name: String) -> String {
    Self.path(
      of: name, in: pinned.contains(name) && pinnedDirectoryIsAvailable ? pinnedDirectoryPath : directoryPath)
  }

  private static func path(of name: String, in folder: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  /// Where a name this index does not know may be: the caches folder first (where almost every
  /// picture is), then the pinned one.
  private var foldersToLookIn: [(path: String, isPinned: Bool)] {
    keepsPinsApart && pinnedDirectoryIsAvailable
      ? [(directoryPath, false), (pinnedDirectoryPath, true)] : [(directoryPath, false)]
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
    var found: [(name: String, bytes: Int, modified: Date, path: String)] = []
    // The same folder paths as every lookup's, so a file's path here is the one `path(for:)` gives.
    for folderPath in foldersToLookIn.map(\.path) {
      let names = (try? fileManager.contentsOfDirectory(atPath: folderPath)) ?? []
      for name in names where Self.isDigestName(name) && entries[name] == nil {
        let file = Self.path(of: name, in: folderPath)
        guard let status = FileStatus(atPath: file), status.isRegularFile else { continue }
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
        byteCount: file.bytes, lastUse: useCounter, stampedAt: file.modified, path: file.path)
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
    for folder in foldersToLookIn {
      let file = Self.path(of: name, in: folder.path)
      guard let status = FileStatus(atPath: file), status.isRegularFile else { continue }
      adopt(name, status, at: file, isPinned: folder.isPinned)
      return
    }
  }

  private mutating func adopt(_ name: String, _ status: FileStatus, at path: String, isPinned: Bool) {
    if isPinned { pinned.insert(name) }
    useCounter += 1
    entries[name] = Entry(byteCount: status.size, lastUse: useCounter, stampedAt: status.modified, path: path)
    totalBytes += status.size
  }

  mutating func read(_ name: String, now: Date) -> Data? {
    let data: Data
    if let entry = entries[name] {
      guard let file = PlainFile.contents(atPath: entry.path) else {
        forget(name)  // deleted behind our back
        return nil
      }
      data = file.data
      // Rule: a corrupt or truncated file is a miss and is removed.
      guard data.count == entry.byteCount else {
        remove(name)
        return nil
      }
    } else {
      // Written by the other process, or not listed yet: the bytes and the index entry come from
      // the same open file.
      guard isAvailable, Self.isDigestName(name),
        let (folder, path, file) = foldersToLookIn.lazy.compactMap({ folder in
          let path = Self.path(of: name, in: folder.path)
          return PlainFile.contents(atPath: path).map { (folder, path, $0) }
        }).first
      else { return nil }
      adopt(name, file.status, at: path, isPinned: folder.isPinned)
      data = file.data
    }
    guard (try? ImageHeaderReader.validate(data)) != nil else {
      remove(name)
      return nil
    }
    markUsed(name, now: now)
    return data
  }

  mutating func didWrite(_ name: String, byteCount: Int, now: Date) {
    forget(name)
    useCounter += 1
    let path = path(for: name)
    entries[name] = Entry(byteCount: byteCount, lastUse: useCounter, stampedAt: now, path: path)
    totalBytes += byteCount
    setModificationDate(now, ofFileAt: path)
    evictIfNeeded()
  }

  mutating func remove(_ name: String) {
    let location = entries[name]?.path ?? path(for: name)
    forget(name)
    try? FileManager.default.removeItem(atPath: location)
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
    let target = path(for: name)
    guard entry.path != target else { return }
    let fileManager = FileManager.default
    try? fileManager.removeItem(atPath: target)
    guard (try? fileManager.moveItem(atPath: entry.path, toPath: target)) != nil else { return }
    entry.path = target
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
      setModificationDate(now, ofFileAt: entry.path)
    }
    entries[name] = entry
  }

  private func setModificationDate(_ date: Date, ofFileAt path: String) {
    try? FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
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
