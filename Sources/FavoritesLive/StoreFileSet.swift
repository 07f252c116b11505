import Foundation

/// The files that make up one SQLite store on disk: the store itself and its `-wal` and `-shm`
/// companions, which belong to it and must move with it.
///
/// Plain Foundation (no SwiftData), so the rules for setting a damaged store aside read on their own.
struct StoreFileSet: Sendable {
  /// The store file, for example `…/Favorites.store`.
  let storeURL: URL

  /// The store file first, then its write-ahead log and shared-memory index.
  var urls: [URL] { Self.urls(for: storeURL) }

  /// Whether the store file itself exists (a missing store is created on open, not damaged).
  var storeExists: Bool { FileManager.default.fileExists(atPath: storeURL.path) }

  /// Renames every existing file of the set to `<name>.corrupt-<UTC time>.<extension>` (plus its
  /// `-wal`/`-shm` suffix) in the same directory, so the damaged store is kept and can be opened
  /// later for recovery, while a fresh store can be created at `storeURL`.
  ///
  /// All or nothing: when one rename fails, the files already moved are put back, so a new store
  /// never starts next to a stale write-ahead log from the old one.
  /// - Returns: the new location of the store file, or `nil` when nothing was moved.
  func setAside(stampedAt date: Date) -> URL? {
    guard storeExists else { return nil }
    let destination = Self.setAsideURL(for: storeURL, stamp: Self.fileStamp(for: date))
    let moves = zip(urls, Self.urls(for: destination)).filter { source, _ in
      FileManager.default.fileExists(atPath: source.path)
    }
    var done: [(from: URL, to: URL)] = []
    for (source, target) in moves {
      do {
        try FileManager.default.moveItem(at: source, to: target)
        done.append((from: source, to: target))
      } catch {
        for move in done.reversed() {
          try? FileManager.default.moveItem(at: move.to, to: move.from)
        }
        return nil
      }
    }
    return destination
  }

  // MARK: Naming

  /// The store file and its SQLite companions, named as SQLite names them.
  static func urls(for storeURL: URL) -> [URL] {
    let directory = storeURL.deletingLastPathComponent()
    let name = storeURL.lastPathComponent
    return [storeURL] + ["-wal", "-shm"].map { directory.appendingPathComponent(name + $0) }
  }

  /// `Favorites.store` → `Favorites.corrupt-20240115T103000Z.store`; when that name is taken (two
  /// failures in one second), `…T103000Z-2.store` and so on: an earlier copy is never replaced.
  static func setAsideURL(for storeURL: URL, stamp: String) -> URL {
    let directory = storeURL.deletingLastPathComponent()
    let base = storeURL.deletingPathExtension().lastPathComponent
    let pathExtension = storeURL.pathExtension
    func candidate(_ suffix: String) -> URL {
      let name = "\(base).corrupt-\(stamp)\(suffix)"
      return directory.appendingPathComponent(pathExtension.isEmpty ? name : "\(name).\(pathExtension)")
    }
    var url = candidate("")
    var counter = 2
    while urls(for: url).contains(where: { FileManager.default.fileExists(atPath: $0.path) }) {
      url = candidate("-\(counter)")
      counter += 1
    }
    return url
  }

  /// `20240115T103000Z`: UTC, sortable, and free of characters some file systems refuse.
  static func fileStamp(for date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func padded(_ value: Int?, _ width: Int) -> String {
      let digits = String(value ?? 0)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return padded(parts.year, 4) + padded(parts.month, 2) + padded(parts.day, 2)
      + "T" + padded(parts.hour, 2) + padded(parts.minute, 2) + padded(parts.second, 2) + "Z"
  }
}
