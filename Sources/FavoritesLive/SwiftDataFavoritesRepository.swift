#if canImport(SwiftData)
  import Basics
  import Favorites
  import Foundation
  import NASA
  import SwiftData

  /// Favorites stored with SwiftData on Apple platforms, behind Core's `FavoritesRepository`.
  ///
  /// Open it with `open(storeURL:clock:)`, which never crashes the app on a bad store:
  /// - A store that opens is used as it is.
  /// - A store whose file is damaged (Core's `FavoritesStoreOpenPolicy` decides) is set aside with
  ///   its `-wal`/`-shm` files as `<name>.corrupt-<UTC time>.store` next to it, kept for recovery,
  ///   and a fresh store is created; `Opening.notice` names the kept file.
  /// - Any other failure (a schema this version cannot migrate, a full disk, a file that cannot be
  ///   read now, an unknown error) or a failed set-aside leaves the store untouched and the
  ///   repository unavailable: every operation throws the notice ("nothing was changed"), so
  ///   nothing is saved only to vanish at the next launch, and nothing is emptied. The app wraps
  ///   it in Core's `ReopenableFavoritesRepository`, which opens the store again on the next
  ///   operation (Try Again), so favorites come back once the cause has gone.
  ///
  /// SwiftData types stay inside this module; callers see `Favorite` values and
  /// `FavoritesRepositoryError`s only.
  public struct SwiftDataFavoritesRepository: FavoritesRepository {
    /// What opening the store produced: the repository, and what the user should be told.
    public struct Opening: Sendable {
      public let repository: SwiftDataFavoritesRepository
      /// `nil` when the store opened normally. `.corruptFile(movedTo:)` when a damaged store was set
      /// aside and a fresh one started; any other case when the repository is unavailable.
      /// `message` is the sentence to show.
      public let notice: FavoritesRepositoryError?
    }

    private enum Backing: Sendable {
      case store(FavoriteRecordStore)
      case unavailable(FavoritesRepositoryError)
    }

    /// The store file (its `-wal` and `-shm` companions sit next to it).
    public let storeURL: URL
    private let backing: Backing

    private init(storeURL: URL, backing: Backing) {
      self.storeURL = storeURL
      self.backing = backing
    }

    /// Opens (or creates) the store at `storeURL`, creating its directory when needed.
    ///
    /// Runs off the main actor (`@concurrent`): opening touches the disk, and the SwiftData context
    /// created here runs its work on the queue it was created on, which must not be the main one.
    /// - Parameters:
    ///   - storeURL: the store file, for example `Application Support/Favorites.store`.
    ///   - clock: time-stamps a damaged store when it is set aside.
    ///   - cloudKitContainer: the iCloud container to sync with (Core's `FavoritesSync` decides),
    ///     nil for a store on this device only. The store file is the same either way: turning sync
    ///     off keeps every favorite where it is.
    @concurrent
    public static func open(
      storeURL: URL, clock: any Clocking, cloudKitContainer: String? = nil
    ) async -> Opening {
      let directory = storeURL.deletingLastPathComponent()
      do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      } catch {
        return unavailable(storeURL, FavoritesRepositoryError.writing(error, at: directory))
      }
      let firstError: any Error
      do {
        let repository = try opened(storeURL, cloudKitContainer: cloudKitContainer)
        return Opening(repository: repository, notice: nil)
      } catch {
        firstError = error
      }
      // Only a damaged file is moved: moving a healthy store (newer schema, full disk, locked
      // file) would hide the user's favorites behind an empty list.
      let inspected = FavoritesStoreOpenPolicy.StoreFiles.inspect(storeURL)
      if case .leaveUntouched(let reason) = FavoritesStoreOpenPolicy.decision(
        for: firstError, files: inspected)
      {
        return unavailable(storeURL, reason)
      }
      let files = StoreFileSet(storeURL: storeURL)
      guard let movedTo = files.setAside(stampedAt: clock.now) else {
        return unavailable(storeURL, .corruptFileLeftInPlace(storeURL))
      }
      do {
        let repository = try opened(storeURL, cloudKitContainer: cloudKitContainer)
        return Opening(repository: repository, notice: .corruptFile(movedTo: movedTo))
      } catch {
        // The damaged store is kept at `movedTo`; the fresh one could not be created either.
        return unavailable(storeURL, FavoritesRepositoryError.writing(error, at: storeURL))
      }
    }

    public func all() async throws(FavoritesRepositoryError) -> [Favorite] {
      try await store().all()
    }

    public func save(_ favorite: Favorite) async throws(FavoritesRepositoryError) {
      try await store().save(favorite)
    }

    public func remove(_ date: APODDay) async throws(FavoritesRepositoryError) {
      try await store().remove(date)
    }

    public func contains(_ date: APODDay) async throws(FavoritesRepositoryError) -> Bool {
      try await store().contains(date)
    }

    // MARK: Private

    private func store() throws(FavoritesRepositoryError) -> FavoriteRecordStore {
      switch backing {
      case .store(let store): return store
      case .unavailable(let error): throw error
      }
    }

    /// A repository over a container for the store at `storeURL`; throws what SwiftData throws.
    private static func opened(
      _ storeURL: URL, cloudKitContainer: String?
    ) throws
      -> SwiftDataFavoritesRepository
    {
      // Core's stages: a V1 store migrates in an open without CloudKit, then reopens synced.
      let container = try FavoritesStoreStage.open(container: cloudKitContainer) { stage in
        let database: ModelConfiguration.CloudKitDatabase
        switch stage {
        case .synced(let container): database = .private(container)
        // Spelled out: a bare `.none` here could read as `Optional.none`.
        case .onThisDevice: database = ModelConfiguration.CloudKitDatabase.none
        }
        return try ModelContainer(
          for: Schema(versionedSchema: FavoritesSchemaV2.self),
          migrationPlan: FavoritesMigrationPlan.self,
          configurations: ModelConfiguration(url: storeURL, cloudKitDatabase: database)
        )
      }
      let store = FavoriteRecordStore(modelContainer: container, storeURL: storeURL)
      return SwiftDataFavoritesRepository(storeURL: storeURL, backing: .store(store))
    }

    private static func unavailable(_ storeURL: URL, _ error: FavoritesRepositoryError) -> Opening {
      Opening(
        repository: SwiftDataFavoritesRepository(storeURL: storeURL, backing: .unavailable(error)),
        notice: error
      )
    }
  }
#endif
