import Basics
import Favorites
import Foundation
import Localization
import NASA
import Observation
import ScreenCore

/// One saved favorite's detail: the fields the favorite stores are shown at once (they and the
/// pinned image work offline), then the full APOD with its explanation replaces them when the
/// APOD cache has it or the network can fetch it.
@MainActor
@Observable
public final class FavoriteDetailModel {
  public enum State: Sendable, Equatable {
    /// The favorite's own fields, while the full APOD loads or when it cannot be had.
    case summary(Favorite)
    /// The full picture of the day.
    case full(APOD)
  }

  public private(set) var state: State
  /// Why only the summary is shown, or nil (also nil while loading).
  public private(set) var note: String?
  public let favorite: Favorite

  @ObservationIgnored private let fetch: @MainActor (APODDay) async throws(APODError) -> APODResult
  @ObservationIgnored private let clock: any Clocking

  /// - Parameters:
  ///   - now: the clock that measures waits in messages ("try again in 47 minutes").
  ///   - fetch: the APOD of a day, cache first (the APOD repository).
  public init(
    favorite: Favorite, clock: any Clocking,
    fetch: @escaping @MainActor (APODDay) async throws(APODError) -> APODResult
  ) {
    self.favorite = favorite
    self.state = .summary(favorite)
    self.clock = clock
    self.fetch = fetch
  }

  /// Loads the full APOD once; later calls after a success do nothing.
  ///
  /// A load cancelled by its caller (the view went away: a tab switch ends SwiftUI's `.task`)
  /// leaves the detail as it was, as if it never ran (`ScreenState.afterCancellation`'s rule):
  /// a cancellation is not a failure and is never shown as one; the next `load()` tries again.
  public func load() async {
    if case .full = state { return }
    let date = favorite.date
    guard let day = try? APODDay(year: date.year, month: date.month, day: date.day) else {
      note = Localized.text(
        "This favorite's date is not an APOD day, so only what was saved with it is shown.")
      return
    }
    do {
      state = .full(try await fetch(day).apod)
      note = nil
    } catch  where error.isCancellation || Task.isCancelled {
      return
    } catch {
      note = Self.note(for: error, now: clock.now)
    }
  }

  static func note(for error: APODError, now: Date) -> String {
    switch error {
    case .network(.offline), .notCached:
      Localized.text("You're offline and the full text of this day isn't saved on this device yet.")
    default:
      Localized.text("The full text of this day couldn't be loaded. %@", error.message(now: now))
    }
  }
}
