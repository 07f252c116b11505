import Foundation
import NASA
import Observation

/// A day's detail pushed on Explore's stack by its day (a cell, the picker's row, a search result,
/// a link, a random day): what it shows, decided once here so the view only renders it.
///
/// Rules:
/// - The APOD Explore already holds (a day in the list, the picker's day once loaded) shows at once
///   (`ExploreModel.listedAPOD(_:)`).
/// - Otherwise `load()` loads the day (`ExploreModel.detail(for:)`: the cache when saved, else
///   fetched once) and shows it, or the sentence why it cannot be shown.
/// - Once shown, a day stays: a list refreshed meanwhile never takes it away, and later loads do
///   nothing. A load cancelled (the detail went away) changes nothing; after a failure the next
///   load (the detail appearing again) tries again, the sentence staying until it answers.
@MainActor
@Observable
public final class ExploreDayDetailModel {
  /// What the detail shows.
  public enum Shown: Sendable, Equatable {
    /// Nothing yet: the day is loading.
    case loading
    /// The day.
    case day(APOD)
    /// The day cannot be shown, with a sentence why.
    case failed(message: String)
  }

  /// The day the detail was pushed with.
  public let day: APODDay
  public private(set) var shown: Shown
  @ObservationIgnored private let explore: ExploreModel

  init(day: APODDay, explore: ExploreModel) {
    self.day = day
    self.explore = explore
    shown = explore.listedAPOD(day).map(Shown.day) ?? .loading
  }

  /// Loads the day unless it is shown already.
  public func load() async {
    if case .day = shown { return }
    switch await explore.detail(for: day) {
    case .loaded(let result): shown = .day(result.apod)
    case .failed(_, let message): shown = .failed(message: message)
    // Cancelled (the detail went away): what was shown stays.
    case .loading: return
    }
  }
}

extension ExploreModel {
  /// What the detail of `day` pushed on Explore's stack shows (see `ExploreDayDetailModel`).
  public func dayDetail(_ day: APODDay) -> ExploreDayDetailModel {
    ExploreDayDetailModel(day: day, explore: self)
  }
}
