import Foundation

/// The `-wal` and `-shm` companions belong to the store and must move with it.
struct StoreFileSet: Sendable {
  let storeURL: URL

  var urls: [URL] { Self.urls(for: storeURL) }

  /// A missing store is created on open, not damaged.
  var storeExists: Bool { FileManager.default.fileExists(atPath: storeURL.path) }

  /// All or nothing: when one rename fails, the files already moved are put back, so a new store never
  /// starts next to a stale write-ahead log. Returns nil when nothing was moved.
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

  static func urls(for storeURL: URL) -> [URL] {
    let directory = storeURL.deletingLastPathComponent()
    let name = storeURL.lastPathComponent
    return [storeURL] + ["-wal", "-shm"].map { directory.appendingPathComponent(name + $0) }
  }

  /// When the name is taken (two failures in one second): `…T103000Z-2.store`; never replaced.
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

  /// UTC, sortable, and free of characters some file systems refuse.
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
