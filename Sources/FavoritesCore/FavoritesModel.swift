import Basics
import Favorites
import Foundation
import Localization
import NASA
import Observation

/// What the Favorites screen shows.
public enum FavoritesState: Sendable, Hashable {
  /// Favorites have not been read yet.
  case loading
  /// Premium is needed to browse favorites. Saved favorites are still stored, untouched.
  case locked
  /// Unlocked, and nothing is saved.
  case empty
  /// Unlocked; the favorites, newest APOD date first.
  case loaded([Favorite])
  /// The first read failed, so there is nothing to show; `message` says why.
  case failed(message: String)
}

/// What a favorite's detail pushed by its day opens on (`FavoritesModel.opening(_:)`).
public enum FavoriteOpening: Sendable, Hashable {
  /// The favorite saved for the day.
  case favorite(Favorite)
  /// No favorite is saved for the day (or favorites are locked), with a sentence saying so.
  case notSaved(message: String)
}

/// Screen state and actions for favorites, shared by the Favorites tab and the heart on Today.
///
/// Rules:
/// - Saving goes through the premium gate (the paywall may appear first). Removing is never gated:
///   deleting one's own data never requires a subscription.
/// - Losing premium never deletes anything: `state` becomes `.locked` while the favorites stay
///   stored, and they show again as soon as premium returns.
/// - Saving pins the favorite's images so it browses offline; removing unpins them (unless another
///   favorite uses the same image). The first successful read pins every stored favorite's images
///   again (pinning is idempotent), so a pin list lost or never written comes back at launch; each
///   later read pins the favorites that arrived from another device (iCloud sync) and unpins those
///   removed there.
/// - A failed action sets `errorMessage` and keeps the list that was on screen.
/// - The list is ordered by APOD date, newest first: the order of the archive, which stays put
///   when a favorite is saved again (ordering by date added would move it).
@MainActor
@Observable
public final class FavoritesModel {
  /// The latest failure of an action while a list stays on screen; `nil` when the last one worked.
  public private(set) var errorMessage: String?

  private enum LoadPhase: Equatable {
    case notLoaded
    case loaded
    case failed(String)
  }

  private var favorites: [Favorite] = []
  private var loadPhase: LoadPhase = .notLoaded
  /// The images this model pinned (or found pinned) since it was created.
  private var pinnedThisRun: Set<URL> = []

  private let repository: any FavoritesRepository
  private let gate: any FavoritesGate
  private let pinner: any ImagePinning
  private let clock: any Clocking
  private let observers: [any FavoritesObserver]
  private let apods: APODRepository?

  /// - Parameters:
  ///   - now: the clock that stamps `dateAdded` when a favorite is first saved.
  ///   - observers: told every stored favorite after each successful read, save and removal (the
  ///     widget's shelf, the Spotlight index).
  ///   - apods: where a favorite's detail reads its full APOD (cache first); nil: the detail shows
  ///     the saved fields only (previews).
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

  /// The locked screen's Unlock: the Premium gate (which may show the paywall); `state` then
  /// follows the entitlement by itself.
  public func unlock() async {
    _ = await gate.attempt {}
  }

  /// A saved favorite's detail, reading the APOD cache first (it works offline).
  public func detail(for favorite: Favorite) -> FavoriteDetailModel? {
    guard let apods else { return nil }
    return FavoriteDetailModel(favorite: favorite, clock: clock) { day throws(APODError) in
      try await apods.apod(for: day)
    }
  }

  /// What the screen shows. Follows the gate live: locked without premium, whatever is stored.
  public var state: FavoritesState {
    guard gate.isUnlocked else { return .locked }
    switch loadPhase {
    case .notLoaded: return .loading
    case .failed(let message): return .failed(message: message)
    case .loaded: return favorites.isEmpty ? .empty : .loaded(favorites)
    }
  }

  /// Whether `date` is saved. Answers even while locked so Today's heart stays truthful.
  public func isFavorite(_ date: APODDay) -> Bool {
    favorites.contains { $0.date == date }
  }

  /// The favorite saved for `date`, for its detail on Favorites' stack; nil when it is not saved
  /// (removed meanwhile, or not loaded yet) or while favorites are locked (nothing is shown then).
  public func favorite(on date: APODDay) -> Favorite? {
    guard case .loaded(let shown) = state else { return nil }
    return shown.first { $0.date == date }
  }

  /// What a favorite's detail pushed on Favorites' stack by its day opens on: the favorite saved
  /// for `day` (`favorite(on:)`), or, when there is none (removed meanwhile, not loaded, or
  /// favorites locked), the sentence why nothing is shown. The detail keeps what it opened on, so
  /// removing the favorite from the detail leaves it on screen until the stack pops.
  public func opening(_ day: APODDay) -> FavoriteOpening {
    favorite(on: day).map(FavoriteOpening.favorite)
      ?? .notSaved(message: Localized.text("This day is no longer saved on this iPhone."))
  }

  /// Reads the stored favorites. Reading happens while locked too (nothing is shown then), so
  /// the list is ready the moment premium returns. A failure keeps a list already on screen.
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

  /// Saves `favorite` through the premium gate and pins its images.
  ///
  /// `dateAdded` is stamped by the model's clock, or kept from the earlier save of the same date.
  /// - Returns: whether the favorite is saved afterwards (`false` when the paywall was dismissed
  ///   or the save failed; `errorMessage` then says why).
  @discardableResult
  public func add(_ favorite: Favorite) async -> Bool {
    let ran = await gate.attempt { [weak self] in
      await self?.store(favorite)
    }
    return ran && isFavorite(favorite.date)
  }

  /// Removes the favorite for `date` and unpins its images. Not gated.
  /// - Returns: whether it is gone afterwards (`false` when the repository failed).
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

  /// Removes `favorite` when it is saved, saves it (through the gate) otherwise.
  /// - Returns: whether it is a favorite afterwards.
  @discardableResult
  public func toggle(_ favorite: Favorite) async -> Bool {
    if isFavorite(favorite.date) {
      await remove(favorite.date)
    } else {
      await add(favorite)
    }
    return isFavorite(favorite.date)
  }

  /// Hides the error message once the screen has shown it.
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

  /// After a read: pins the images of every favorite not pinned yet in this run (all of them on
  /// the first read; afterwards those that arrived from another device), and unpins those this
  /// run pinned that no favorite shows any more (removed on another device).
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

  /// Unpins those of `urls` that no remaining favorite still shows.
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
