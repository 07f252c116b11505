import Foundation
import NASA
import Observation

/// Once shown, a day stays: a list refreshed meanwhile never takes it away. A cancelled load changes
/// nothing.
@MainActor
@Observable
public final class ExploreDayDetailModel {
  public enum Shown: Sendable, Equatable {
    case loading
    case day(APOD)
    case failed(message: String)
  }

  public let day: APODDay
  public private(set) var shown: Shown
  @ObservationIgnored private let explore: ExploreModel

  init(day: APODDay, explore: ExploreModel) {
    self.day = day
    self.explore = explore
    shown = explore.listedAPOD(day).map(Shown.day) ?? .loading
  }

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
  public func dayDetail(_ day: APODDay) -> ExploreDayDetailModel {
    ExploreDayDetailModel(day: day, explore: self)
  }
}
