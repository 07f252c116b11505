import Basics
import Favorites
import Foundation
import Testing

/// A store file as rude as SwiftData with CloudKit may be: a V1 store (with its unique key)
/// refuses an open that turns sync on, and only an open on this device migrates it.
private final class StoreFile: Sendable {
  let version = Locked(1)
  let events = Locked<[String]>([])
  let openContainers = Locked(0)

  struct CloudKitRefusesUniqueKey: Error {}

  func open(_ stage: FavoritesStoreStage) throws -> Container {
    events.withLock { $0.append("open \(stage)") }
    #expect(openContainers.withLock { $0 } == 0, "two containers held the file at once")
    switch stage {
    case .onThisDevice: version.withLock { $0 = 2 }
    case .synced:
      guard version.withLock({ $0 }) == 2 else { throw CloudKitRefusesUniqueKey() }
    }
    return Container(stage: stage, file: self)
  }
}

private final class Container {
  let stage: FavoritesStoreStage
  let file: StoreFile

  init(stage: FavoritesStoreStage, file: StoreFile) {
    self.stage = stage
    self.file = file
    file.openContainers.withLock { $0 += 1 }
  }

  deinit {
    file.openContainers.withLock { $0 -= 1 }
    file.events.withLock { [stage] in $0.append("release \(stage)") }
  }
}

@Suite("Favorites store: migrated on this device before sync is turned on")
struct FavoritesStoreStageTests {
  @Test func aV1StoreWithSyncOnMigratesFirstThenReopensSynced() throws {
    let file = StoreFile()
    let container = try FavoritesStoreStage.open(container: "iCloud.x", file.open)
    #expect(container.stage == .synced(container: "iCloud.x"))
    #expect(file.version.withLock { $0 } == 2)
    #expect(
      file.events.withLock { $0 } == [
        "open onThisDevice", "release onThisDevice", "open synced(container: \"iCloud.x\")",
      ])
  }

  @Test func withSyncOffTheStoreOpensOnceOnThisDevice() throws {
    let file = StoreFile()
    let container = try FavoritesStoreStage.open(container: nil, file.open)
    #expect(container.stage == .onThisDevice)
    #expect(file.events.withLock { $0 } == ["open onThisDevice"])
  }

  @Test func aFailedMigrationNeverTurnsSyncOn() {
    struct MigrationFailed: Error {}
    var opened: [FavoritesStoreStage] = []
    #expect(throws: MigrationFailed.self) {
      try FavoritesStoreStage.open(container: "iCloud.x") { stage -> Int in
        opened.append(stage)
        throw MigrationFailed()
      }
    }
    #expect(opened == [.onThisDevice])
  }
}
