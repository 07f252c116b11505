import Basics
import Favorites
import Foundation
import NASA
import Observation

/// The heart on an APOD's detail (Today, an Explore day, a favorite's full detail).
///
/// Rules:
/// - It says whether the day is saved even while favorites are locked, so it stays truthful.
/// - Saving goes through the Premium gate (`FavoritesModel.add`); removing never does.
/// - When the store refuses (unavailable, disk full), the reason shows next to that day's heart
///   only, never silently lost; the next tap clears it. A closed paywall is not a failure.
@MainActor
@Observable
public final class FavoriteHeart {
  private struct Failure: Equatable {
    let day: APODDay
    let message: String
  }

  /// The last tap that failed, and why.
  private var lastFailure: Failure?

  @ObservationIgnored private let favorites: FavoritesModel
  @ObservationIgnored private let gate: any FavoritesGate
  @ObservationIgnored private let clock: any Clocking

  /// - Parameters:
  ///   - favorites: the saved favorites.
  ///   - gate: the Premium gate for favorites (the PRO badge shows while it is locked).
  ///   - now: the clock that stamps a new favorite's `dateAdded`.
  public init(favorites: FavoritesModel, gate: any FavoritesGate, clock: any Clocking) {
    self.favorites = favorites
    self.gate = gate
    self.clock = clock
  }

  /// Whether saving is unlocked (the button shows a PRO badge when not).
  public var isUnlocked: Bool { gate.isUnlocked }

  /// Whether `apod` is saved.
  public func isFavorite(_ apod: APOD) -> Bool {
    favorites.isFavorite(apod.date)
  }

  /// Saves or removes `apod`; saving goes through the Premium gate.
  /// - Returns: whether it is a favorite afterwards.
  @discardableResult
  public func toggle(_ apod: APOD) async -> Bool {
    lastFailure = nil
    favorites.dismissError()
    let isFavorite = await favorites.toggle(Favorite(apod: apod, dateAdded: clock.now))
    if let message = favorites.errorMessage {
      lastFailure = Failure(day: apod.date, message: message)
    }
    return isFavorite
  }

  /// Why the last save or removal of `apod` failed, or nil (it worked, the paywall was closed, or
  /// the last tap was on another day).
  public func failure(for apod: APOD) -> String? {
    guard let lastFailure, lastFailure.day == apod.date else { return nil }
    return lastFailure.message
  }
}
