#if canImport(SwiftData)
  import Basics
  import Favorites
  import Foundation
  import NASA
  import SwiftData

  /// `open(storeURL:clock:)` never crashes the app on a bad store: only a damaged file is set aside
  /// (kept for recovery, `Opening.notice` names it); any other failure leaves the store untouched and
  /// the repository unavailable, so nothing is saved only to vanish at the next launch. SwiftData types
  /// stay inside this module.
  public struct SwiftDataFavoritesRepository: FavoritesRepository {
    public struct Opening: Sendable {
      public let repository: SwiftDataFavoritesRepository
      /// `message` is the sentence to show.
      public let notice: FavoritesRepositoryError?
    }

    private enum Backing: Sendable {
      case store(FavoriteRecordStore)
      case unavailable(FavoritesRepositoryError)
    }

    public let storeURL: URL
    private let backing: Backing

    private init(storeURL: URL, backing: Backing) {
      self.storeURL = storeURL
      self.backing = backing
    }

    /// `@concurrent`: opening touches the disk, and the SwiftData context created here runs its work on
    /// the queue it was created on, which must not be the main one. The store file is the same with or
    /// without `cloudKitContainer`: turning sync off keeps every favorite where it is.
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
