import Basics
import Favorites
import Foundation
import NASA
import Observation

/// It says whether the day is saved even while favorites are locked, so it stays truthful. Saving
/// goes through the Premium gate; removing never does. A refusal shows next to that day's heart only.
@MainActor
@Observable
public final class FavoriteHeart {
  private struct Failure: Equatable {
    let day: APODDay
    let message: String
  }

  private var lastFailure: Failure?

  @ObservationIgnored private let favorites: FavoritesModel
  @ObservationIgnored private let gate: any FavoritesGate
  @ObservationIgnored private let clock: any Clocking
  /// Told each favorite saved from a heart (the review rule counts it as real use).
  @ObservationIgnored public var saved: @MainActor () -> Void = {}

  public init(favorites: FavoritesModel, gate: any FavoritesGate, clock: any Clocking) {
    self.favorites = favorites
    self.gate = gate
    self.clock = clock
  }

  public var isUnlocked: Bool { gate.isUnlocked }

  public func isFavorite(_ apod: APOD) -> Bool {
    favorites.isFavorite(apod.date)
  }

  /// Returns whether it is a favorite afterwards.
  @discardableResult
  public func toggle(_ apod: APOD) async -> Bool {
    lastFailure = nil
    favorites.dismissError()
    let isFavorite = await favorites.toggle(Favorite(apod: apod, dateAdded: clock.now))
    if let message = favorites.errorMessage {
      lastFailure = Failure(day: apod.date, message: message)
    } else if isFavorite {
      saved()
    }
    return isFavorite
  }

  /// nil when the last tap was on another day.
  public func failure(for apod: APOD) -> String? {
    guard let lastFailure, lastFailure.day == apod.date else { return nil }
    return lastFailure.message
  }
}
