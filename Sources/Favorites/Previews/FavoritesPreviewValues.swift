#if DEBUG
  import NASA

  /// Debug builds only. Tests use TestSupport's `FakeFavoritesRepository`, which the app never links.
  public actor PreviewFavoritesRepository: FavoritesRepository {
    private var saved: [Favorite]

    public init(_ favorites: [Favorite] = []) {
      saved = favorites.sorted { $0.date < $1.date }
    }

    public func all() async throws(FavoritesRepositoryError) -> [Favorite] {
      saved
    }

    public func save(_ favorite: Favorite) async throws(FavoritesRepositoryError) {
      saved.removeAll { $0.date == favorite.date }
      saved.append(favorite)
      saved.sort { $0.date < $1.date }
    }

    public func remove(_ date: APODDay) async throws(FavoritesRepositoryError) {
      saved.removeAll { $0.date == date }
    }

    public func contains(_ date: APODDay) async throws(FavoritesRepositoryError) -> Bool {
      saved.contains { $0.date == date }
    }
  }

  /// Debug builds only. A locked gate refuses the action: a preview shows no paywall.
  @MainActor
  public final class PreviewFavoritesGate: FavoritesGate {
    public let isUnlocked: Bool

    public init(isUnlocked: Bool) {
      self.isUnlocked = isUnlocked
    }

    public func attempt(_ action: @escaping @MainActor () async -> Void) async -> Bool {
      guard isUnlocked else { return false }
      await action()
      return true
    }
  }
#endif
