import Basics
import Favorites
import Foundation
import Localization
import NASA
import Observation

public enum FavoritesState: Sendable, Hashable {
  case loading
  /// Saved favorites are still stored, untouched.
  case locked
  case empty
  /// Newest APOD date first.
  case loaded([Favorite])
  case failed(message: String)
}

public enum FavoriteOpening: Sendable, Hashable {
  case favorite(Favorite)
  case notSaved(message: String)
}

/// Removing is never gated: deleting one's own data never requires a subscription. Losing premium
/// never deletes anything. The first successful read pins every stored favorite's images again, so a
/// pin list lost or never written comes back at launch; later reads follow favorites that arrived
/// from, or were removed on, another device. Ordered by APOD date, which stays put when a favorite is
/// saved again.
@MainActor
@Observable
public final class FavoritesModel {
  public private(set) var errorMessage: String?

  private enum LoadPhase: Equatable {
    case notLoaded
    case loaded
    case failed(String)
  }

  private var favorites: [Favorite] = []
  private var loadPhase: LoadPhase = .notLoaded
  private var pinnedThisRun: Set<URL> = []

  private let repository: any FavoritesRepository
  private let gate: any FavoritesGate
  private let pinner: any ImagePinning
  private let clock: any Clocking
  private let observers: [any FavoritesObserver]
  private let apods: APODRepository?

  /// `apods`: nil shows the saved fields only (previews).
  public init(
    repository: any FavoritesRepository,
    gate: any FavoritesGate,
    pinner: any ImagePinning,
    clock: any Clocking,
    observers: [any FavoritesObserver] = [],
    apods: APODRepository? = nil
  ) {
    self.apods = apods
    self.repository = repository
    self.gate = gate
    self.pinner = pinner
    self.clock = clock
    self.observers = observers
  }

  public func unlock() async {
    _ = await gate.attempt {}
  }

  public func detail(for favorite: Favorite) -> FavoriteDetailModel? {
    guard let apods else { return nil }
    return FavoriteDetailModel(favorite: favorite, clock: clock) { day throws(APODError) in
      try await apods.apod(for: day)
    }
  }

  public var state: FavoritesState {
    guard gate.isUnlocked else { return .locked }
    switch loadPhase {
    case .notLoaded: return .loading
    case .failed(let message): return .failed(message: message)
    case .loaded: return favorites.isEmpty ? .empty : .loaded(favorites)
    }
  }

  /// Answers even while locked, so Today's heart stays truthful.
  public func isFavorite(_ date: APODDay) -> Bool {
    favorites.contains { $0.date == date }
  }

  public func favorite(on date: APODDay) -> Favorite? {
    guard case .loaded(let shown) = state else { return nil }
    return shown.first { $0.date == date }
  }

  /// The detail keeps what it opened on, so removing the favorite from the detail leaves it on screen
  /// until the stack pops.
  public func opening(_ day: APODDay) -> FavoriteOpening {
    favorite(on: day).map(FavoriteOpening.favorite)
      ?? .notSaved(message: Localized.text("This day is no longer saved on this iPhone."))
  }

  /// Reading happens while locked too, so the list is ready the moment premium returns.
  public func load() async {
    do {
      let stored = try await repository.all()
      favorites = stored.sorted(by: Self.newestFirst)
      loadPhase = .loaded
      await tellObservers()
      await pinStored()
    } catch {
      if loadPhase == .loaded {
        errorMessage = error.message
      } else {
        loadPhase = .failed(error.message)
      }
    }
  }

  /// `dateAdded` is kept from the earlier save of the same date.
  @discardableResult
  public func add(_ favorite: Favorite) async -> Bool {
    let ran = await gate.attempt { [weak self] in
      await self?.store(favorite)
    }
    return ran && isFavorite(favorite.date)
  }

  @discardableResult
  public func remove(_ date: APODDay) async -> Bool {
    let removed = favorites.first { $0.date == date }
    do {
      try await repository.remove(date)
    } catch {
      errorMessage = error.message
      return false
    }
    favorites.removeAll { $0.date == date }
    errorMessage = nil
    await tellObservers()
    await unpinUnused(removed?.imageURLs ?? [])
    return true
  }

  @discardableResult
  public func toggle(_ favorite: Favorite) async -> Bool {
    if isFavorite(favorite.date) {
      await remove(favorite.date)
    } else {
      await add(favorite)
    }
    return isFavorite(favorite.date)
  }

  public func dismissError() {
    errorMessage = nil
  }

  // MARK: Private

  private func store(_ favorite: Favorite) async {
    let previous = favorites.first { $0.date == favorite.date }
    var stamped = favorite
    stamped.dateAdded = previous?.dateAdded ?? clock.now
    do {
      try await repository.save(stamped)
    } catch {
      // The repository is unchanged, so nothing was pinned and the list stays as it was.
      errorMessage = error.message
      return
    }
    favorites.removeAll { $0.date == stamped.date }
    favorites.append(stamped)
    favorites.sort(by: Self.newestFirst)
    errorMessage = nil
    if loadPhase == .loaded { await tellObservers() }
    // A first read that failed (a damaged file set aside, say) is retried now that a save worked;
    // when it succeeds it pins every stored favorite, this one included.
    if loadPhase != .loaded {
      await load()
    }
    for url in stamped.imageURLs where !pinnedThisRun.contains(url) {
      await pinner.pin(url)
      pinnedThisRun.insert(url)
    }
    await unpinUnused(previous?.imageURLs ?? [])
  }

  private func pinStored() async {
    let shown = favorites.flatMap(\.imageURLs)
    for url in shown where !pinnedThisRun.contains(url) {
      await pinner.pin(url)
      pinnedThisRun.insert(url)
    }
    let gone = pinnedThisRun.subtracting(shown).sorted { $0.absoluteString < $1.absoluteString }
    for url in gone {
      await pinner.unpin(url)
      pinnedThisRun.remove(url)
    }
  }

  private func tellObservers() async {
    let current = favorites
    let unlocked = gate.isUnlocked
    for observer in observers {
      await observer.favoritesDidChange(current, isUnlocked: unlocked)
    }
  }

  private func unpinUnused(_ urls: [URL]) async {
    let stillUsed = Set(favorites.flatMap(\.imageURLs))
    for url in urls where !stillUsed.contains(url) {
      await pinner.unpin(url)
      pinnedThisRun.remove(url)
    }
  }

  private static func newestFirst(_ lhs: Favorite, _ rhs: Favorite) -> Bool {
    lhs.date > rhs.date
  }
}
