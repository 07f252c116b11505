import Foundation

/// The store is set aside only when the file itself is damaged; anything else (a schema that cannot
/// be migrated, a full disk, a locked file, an unknown error) leaves it untouched for this launch.
/// Setting a healthy store aside would show an empty list from the next launch on: favorites lost.
public enum FavoritesStoreOpenPolicy {
  public enum Decision: Sendable, Hashable {
    case setAside
    case leaveUntouched(FavoritesRepositoryError)
  }

  public struct StoreFiles: Sendable, Hashable {
    public var storeURL: URL
    public var storeExists: Bool
    public var directoryIsWritable: Bool
    public var storeIsReadable: Bool
    public var header: Data?

    public init(
      storeURL: URL, storeExists: Bool, directoryIsWritable: Bool, storeIsReadable: Bool, header: Data?
    ) {
      self.storeURL = storeURL
      self.storeExists = storeExists
      self.directoryIsWritable = directoryIsWritable
      self.storeIsReadable = storeIsReadable
      self.header = header
    }

    public static func inspect(_ storeURL: URL) -> StoreFiles {
      let fileManager = FileManager.default
      let directory = storeURL.deletingLastPathComponent()
      var header: Data?
      if let handle = try? FileHandle(forReadingFrom: storeURL) {
        header = try? handle.read(upToCount: FavoritesStoreOpenPolicy.sqliteHeader.count)
        try? handle.close()
      }
      return StoreFiles(
        storeURL: storeURL,
        storeExists: fileManager.fileExists(atPath: storeURL.path),
        directoryIsWritable: fileManager.isWritableFile(atPath: directory.path),
        storeIsReadable: fileManager.isReadableFile(atPath: storeURL.path),
        header: header)
    }
  }

  /// "SQLite format 3" and a NUL.
  public static let sqliteHeader = Data("SQLite format 3\u{0}".utf8)

  /// `NSFileReadCorruptFileError`.
  static let fileReadCorruptFile = 259
  /// `NSPersistentStoreIncompatibleVersionHashError` is 134100, `NSMigrationError` 134110, the other
  /// migration codes up to 134190: the store is fine, this app version cannot read its schema.
  static let migrationCodes = 134_100...134_199
  /// Core Data names the SQLite result code under this key, and as an error domain.
  static let sqliteErrorDomain = "NSSQLiteErrorDomain"
  /// `SQLITE_CORRUPT` and `SQLITE_NOTADB`.
  static let sqliteCorruptCodes: Set<Int> = [11, 26]
  /// `SQLITE_FULL`.
  static let sqliteFull = 13

  public static func decision(for error: any Error, files: StoreFiles) -> Decision {
    guard files.storeExists else {
      // Nothing to set aside: creating a new store failed.
      return .leaveUntouched(.writing(error, at: files.storeURL))
    }
    guard files.directoryIsWritable else {
      return .leaveUntouched(.notWritable(path: files.storeURL.deletingLastPathComponent().path))
    }
    guard files.storeIsReadable else {
      return .leaveUntouched(.reading(error, at: files.storeURL))
    }
    let chain = errorChain(error)
    if chain.contains(where: isDiskFull) {
      return .leaveUntouched(.diskFull)
    }
    if chain.contains(where: isMigration) {
      return .leaveUntouched(.storeNotOpened(reason: .incompatibleVersion))
    }
    if chain.contains(where: isCorruption) || headerIsNotSQLite(files.header) {
      return .setAside
    }
    return .leaveUntouched(.storeNotOpened(reason: .other(FavoritesRepositoryError.reason(of: error))))
  }

  // MARK: Reading errors

  static func errorChain(_ error: any Error) -> [NSError] {
    var result: [NSError] = []
    var pending: [any Error] = [error]
    while let next = pending.popLast(), result.count < 32 {
      let nsError = next as NSError
      result.append(nsError)
      if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? any Error {
        pending.append(underlying)
      }
      if let detailed = nsError.userInfo["NSDetailedErrors"] as? [any Error] {
        pending.append(contentsOf: detailed)
      }
    }
    return result
  }

  private static func sqliteCode(of error: NSError) -> Int? {
    if error.domain == sqliteErrorDomain { return error.code }
    if let code = error.userInfo[sqliteErrorDomain] as? Int { return code }
    if let code = error.userInfo[sqliteErrorDomain] as? NSNumber { return code.intValue }
    return nil
  }

  private static func isDiskFull(_ error: NSError) -> Bool {
    if sqliteCode(of: error) == sqliteFull { return true }
    if error.domain == NSCocoaErrorDomain, error.code == CocoaError.fileWriteOutOfSpace.rawValue {
      return true
    }
    if error.domain == NSPOSIXErrorDomain, error.code == Int(ENOSPC) || error.code == Int(EDQUOT) {
      return true
    }
    return false
  }

  private static func isMigration(_ error: NSError) -> Bool {
    error.domain == NSCocoaErrorDomain && migrationCodes.contains(error.code)
  }

  private static func isCorruption(_ error: NSError) -> Bool {
    if let code = sqliteCode(of: error), sqliteCorruptCodes.contains(code) { return true }
    return error.domain == NSCocoaErrorDomain && error.code == fileReadCorruptFile
  }

  /// Unknown (nil) is never taken as damage.
  static func headerIsNotSQLite(_ header: Data?) -> Bool {
    guard let header else { return false }
    return !header.starts(with: sqliteHeader)
  }
}
