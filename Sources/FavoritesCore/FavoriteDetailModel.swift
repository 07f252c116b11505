import Basics
import Favorites
import Foundation
import Localization
import NASA
import Observation
import ScreenCore

/// The favorite's own fields show at once (they and the pinned image work offline), then the full
/// APOD replaces them when the cache or the network has it.
@MainActor
@Observable
public final class FavoriteDetailModel {
  public enum State: Sendable, Equatable {
    case summary(Favorite)
    case full(APOD)
  }

  public private(set) var state: State
  public private(set) var note: String?
  public let favorite: Favorite

  @ObservationIgnored private let fetch: @MainActor (APODDay) async throws(APODError) -> APODResult
  @ObservationIgnored private let clock: any Clocking

  public init(
    favorite: Favorite, clock: any Clocking,
    fetch: @escaping @MainActor (APODDay) async throws(APODError) -> APODResult
  ) {
    self.favorite = favorite
    self.state = .summary(favorite)
    self.clock = clock
    self.fetch = fetch
  }

  /// A cancelled load leaves the detail as it was: a cancellation is never shown as a failure.
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
