import Basics
import Foundation
import NASA

/// A file that cannot be decoded is renamed `favorites.corrupt-<UTC time>.json`, never silently
/// replaced; a newer format is left alone. Each operation reads the file afresh, so another process
/// (the CLI) sees the same truth.
public actor FileFavoritesRepository: FavoritesRepository {
  /// Readers refuse higher versions instead of guessing.
  public static let formatVersion = 1
  public static let fileName = "favorites.json"

  public nonisolated let directory: URL
  public nonisolated let fileURL: URL
  private let clock: any Clocking

  public init(directory: URL, clock: any Clocking) {
    self.directory = directory
    self.fileURL = directory.appendingPathComponent(Self.fileName, isDirectory: false)
    self.clock = clock
  }

  public func all() throws(FavoritesRepositoryError) -> [Favorite] {
    try readStored()
  }

  public func save(_ favorite: Favorite) throws(FavoritesRepositoryError) {
    var favorites = try readStored()
    favorites.removeAll { $0.date == favorite.date }
    favorites.append(favorite)
    try write(favorites)
  }

  public func remove(_ date: APODDay) throws(FavoritesRepositoryError) {
    var favorites = try readStored()
    let countBefore = favorites.count
    favorites.removeAll { $0.date == date }
    // Nothing to remove means nothing to write: the file stays byte for byte as it was.
    guard favorites.count != countBefore else { return }
    try write(favorites)
  }

  public func contains(_ date: APODDay) throws(FavoritesRepositoryError) -> Bool {
    try readStored().contains { $0.date == date }
  }

  // MARK: File format

  /// A version first, so a future format can be recognised before decoding.
  private struct Envelope: Codable {
    var version: Int
    var favorites: [Favorite]
  }

  private struct VersionOnly: Decodable {
    var version: Int
  }

  // MARK: Reading

  private func readStored() throws(FavoritesRepositoryError) -> [Favorite] {
    let data: Data
    do {
      data = try Data(contentsOf: fileURL)
    } catch {
      // No file yet is the normal first run: no favorites. A directory path that runs through a
      // regular file cannot hold one either; the next save reports that location as not writable.
      let code = FavoritesRepositoryError.posixCode(of: error)
      if (error as? CocoaError)?.code == .fileReadNoSuchFile || code == .ENOENT || code == .ENOTDIR {
        return []
      }
      throw FavoritesRepositoryError.reading(error, at: fileURL)
    }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    guard let version = try? decoder.decode(VersionOnly.self, from: data).version,
      version >= 1
    else {
      throw setAsideCorruptFile()
    }
    guard version <= Self.formatVersion else {
      throw .newerFormat(version: version)
    }
    // Strict: one undecodable entry makes the whole file corrupt. Dropping it instead would lose
    // that favorite silently on the next write.
    guard let envelope = try? decoder.decode(Envelope.self, from: data) else {
      throw setAsideCorruptFile()
    }
    return envelope.favorites
  }

  private func setAsideCorruptFile() -> FavoritesRepositoryError {
    let stamp = Self.fileStamp(for: clock.now)
    var destination = directory.appendingPathComponent("favorites.corrupt-\(stamp).json")
    var suffix = 2
    // Two damaged files in the same second keep distinct names: an earlier one is never replaced.
    while FileManager.default.fileExists(atPath: destination.path) {
      destination = directory.appendingPathComponent("favorites.corrupt-\(stamp)-\(suffix).json")
      suffix += 1
    }
    do {
      try FileManager.default.moveItem(at: fileURL, to: destination)
    } catch {
      return .corruptFileLeftInPlace(fileURL)
    }
    return .corruptFile(movedTo: destination)
  }

  /// UTC, sortable, and free of characters some file systems refuse.
  private static func fileStamp(for date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ value: Int?) -> String {
      let digits = String(value ?? 0)
      return digits.count < 2 ? "0" + digits : digits
    }
    return "\(parts.year ?? 0)\(two(parts.month))\(two(parts.day))"
      + "T\(two(parts.hour))\(two(parts.minute))\(two(parts.second))Z"
  }

  // MARK: Writing

  private func write(_ favorites: [Favorite]) throws(FavoritesRepositoryError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    // Stored newest first so the file reads like the list on screen and diffs stay small.
    let envelope = Envelope(
      version: Self.formatVersion, favorites: favorites.sorted { $0.date > $1.date })
    let data: Data
    do {
      data = try encoder.encode(envelope)
    } catch {
      throw .writeFailed(reason: FavoritesRepositoryError.reason(of: error))
    }
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw FavoritesRepositoryError.writing(error, at: directory)
    }
    do {
      // Atomic: written to a temporary file in the same directory, then renamed over the old file.
      try data.write(to: fileURL, options: .atomic)
    } catch {
      throw FavoritesRepositoryError.writing(error, at: fileURL)
    }
  }
}
