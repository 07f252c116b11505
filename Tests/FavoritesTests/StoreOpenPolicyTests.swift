import Favorites
import FavoritesTestSupport
import Foundation
import TestSupport
import Testing

/// The errors below are the ones Core Data and SQLite report on Apple platforms, built by hand
/// with the same domains, codes and user-info keys.
@Suite("Favorites store: what a failed open may do")
struct StoreOpenPolicyTests {
  private let storeURL = URL(fileURLWithPath: "/tmp/Spacer/Favorites.store")

  private func files(
    header: Data? = FavoritesStoreOpenPolicy.sqliteHeader + Data(count: 84)
  )
    -> FavoritesStoreOpenPolicy.StoreFiles
  {
    .init(
      storeURL: storeURL, storeExists: true, directoryIsWritable: true, storeIsReadable: true, header: header)
  }

  @Test func aStoreFromAnotherSchemaVersionIsNeverSetAside() {
    // NSPersistentStoreIncompatibleVersionHashError and NSMigrationError (a TestFlight downgrade,
    // or a model change without a migration stage).
    for code in [134_100, 134_110, 134_130, 134_140] {
      let error = NSError(domain: NSCocoaErrorDomain, code: code)
      let decision = FavoritesStoreOpenPolicy.decision(for: error, files: files())
      #expect(decision == .leaveUntouched(.storeNotOpened(reason: .incompatibleVersion)), "code \(code)")
    }
  }

  @Test func aMigrationErrorWrappedInAnotherErrorIsStillAMigrationError() {
    let migration = NSError(domain: NSCocoaErrorDomain, code: 134_110)
    let wrapper = NSError(
      domain: "SwiftData.SwiftDataError", code: 1, userInfo: [NSUnderlyingErrorKey: migration])
    #expect(
      FavoritesStoreOpenPolicy.decision(for: wrapper, files: files())
        == .leaveUntouched(.storeNotOpened(reason: .incompatibleVersion)))
  }

  @Test func aFullDiskLeavesTheStoreUntouched() {
    let sqliteFull = NSError(domain: NSCocoaErrorDomain, code: 256, userInfo: ["NSSQLiteErrorDomain": 13])
    let posixFull = NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))
    for error in [sqliteFull, posixFull] {
      #expect(FavoritesStoreOpenPolicy.decision(for: error, files: files()) == .leaveUntouched(.diskFull))
    }
  }

  @Test func anUnrecognisedErrorOnAHealthyLookingStoreLeavesItUntouched() {
    // A transient SQLite error (SQLITE_BUSY = 5, SQLITE_IOERR = 10) or a wrapper that hides its cause.
    let busy = NSError(domain: NSCocoaErrorDomain, code: 256, userInfo: ["NSSQLiteErrorDomain": 5])
    let ioError = NSError(domain: "NSSQLiteErrorDomain", code: 10)
    let opaque = NSError(domain: "SwiftData.SwiftDataError", code: 1)
    for error in [busy, ioError, opaque] {
      let decision = FavoritesStoreOpenPolicy.decision(for: error, files: files())
      guard case .leaveUntouched(.storeNotOpened(reason: .other)) = decision else {
        Issue.record("expected the store to be left untouched, got \(decision)")
        continue
      }
    }
  }

  @Test func onlyRealCorruptionSetsTheStoreAside() {
    let corruptFile = NSError(domain: NSCocoaErrorDomain, code: 259, userInfo: ["NSSQLiteErrorDomain": 26])
    let sqliteCorrupt = NSError(domain: "NSSQLiteErrorDomain", code: 11)
    let wrapped = NSError(
      domain: "SwiftData.SwiftDataError", code: 1, userInfo: [NSUnderlyingErrorKey: sqliteCorrupt])
    for error in [corruptFile, sqliteCorrupt, wrapped] {
      #expect(FavoritesStoreOpenPolicy.decision(for: error, files: files()) == .setAside)
    }
  }

  @Test func aFileThatIsNotASQLiteDatabaseIsDamagedEvenBehindAnOpaqueError() {
    let opaque = NSError(domain: "SwiftData.SwiftDataError", code: 1)
    let garbage = Data("{\"favorites\": [".utf8)
    #expect(FavoritesStoreOpenPolicy.decision(for: opaque, files: files(header: garbage)) == .setAside)
    // A header that could not be read says nothing about the file.
    guard case .leaveUntouched = FavoritesStoreOpenPolicy.decision(for: opaque, files: files(header: nil))
    else {
      Issue.record("an unreadable header must not count as damage")
      return
    }
  }

  @Test func deviceProblemsComeBeforeAnyLookAtTheError() {
    let corrupt = NSError(domain: NSCocoaErrorDomain, code: 259)
    var readOnly = files()
    readOnly.directoryIsWritable = false
    #expect(
      FavoritesStoreOpenPolicy.decision(for: corrupt, files: readOnly)
        == .leaveUntouched(.notWritable(path: "/tmp/Spacer")))
    var locked = files()
    locked.storeIsReadable = false
    guard case .leaveUntouched(.unreadable) = FavoritesStoreOpenPolicy.decision(for: corrupt, files: locked)
    else {
      Issue.record("a store that cannot be read now must stay where it is")
      return
    }
  }

  @Test func inspectReadsTheRealHeaderOfAFile() throws {
    let temp = try TemporaryDirectory()
    let url = temp.url.appendingPathComponent("Favorites.store")
    try (FavoritesStoreOpenPolicy.sqliteHeader + Data(repeating: 1, count: 100)).write(to: url)
    let healthy = FavoritesStoreOpenPolicy.StoreFiles.inspect(url)
    #expect(healthy.storeExists && healthy.storeIsReadable && healthy.directoryIsWritable)
    #expect(healthy.header == FavoritesStoreOpenPolicy.sqliteHeader)
    try Data("not a database at all".utf8).write(to: url)
    let damaged = FavoritesStoreOpenPolicy.StoreFiles.inspect(url)
    #expect(
      FavoritesStoreOpenPolicy.decision(for: NSError(domain: "x", code: 1), files: damaged) == .setAside)
  }

  @Test func theMessagesSayNothingWasChanged() {
    #expect(
      FavoritesRepositoryError.storeNotOpened(reason: .incompatibleVersion).message.contains(
        "Nothing was changed"))
    #expect(
      FavoritesRepositoryError.storeNotOpened(reason: .other("busy")).message.contains("Nothing was changed"))
  }
}
