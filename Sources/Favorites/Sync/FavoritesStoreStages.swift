/// The opens that bring the favorites store up, in order.
///
/// With sync on, the store is first opened on this device only, so the V1 → V2 migration runs
/// without CloudKit (V1's unique `date` is a constraint CloudKit refuses); only the migrated
/// store is reopened with the iCloud container. A failed step stops there: its error is the
/// one the open policy judges, and sync is never turned on over an unmigrated store.
public enum FavoritesStoreStage: Sendable, Hashable {
  case onThisDevice
  case synced(container: String)

  public static func stages(container: String?) -> [FavoritesStoreStage] {
    guard let container else { return [.onThisDevice] }
    return [.onThisDevice, .synced(container: container)]
  }

  /// Runs `open` for each stage, releasing what a stage opened before the next one starts (two
  /// containers never hold the file at once), and returns the last stage's store.
  public static func open<Store>(
    container: String?, _ open: (FavoritesStoreStage) throws -> Store
  ) throws -> Store {
    var store: Store?
    for stage in stages(container: container) {
      store = nil
      store = try open(stage)
    }
    guard let store else { preconditionFailure("stages(container:) is never empty") }
    return store
  }
}
