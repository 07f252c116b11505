import Basics
import ExploreCore
import TodayCore

/// The content screens over the shared repository harness: a scripted source, a real disk cache in
/// a fresh folder and a hand-moved clock (10:00 EST on 2026-11-21).
public typealias ModelHarness = RepositoryHarness

extension RepositoryHarness {
  /// A Today model reading the harness's clock, or `clock` when given (one that also answers
  /// `stayCurrent()`'s waits).
  @MainActor public func today(clock: (any Clocking)? = nil) -> TodayModel {
    TodayModel(repository: repository, clock: clock ?? self.clock)
  }

  @MainActor public func explore(days: Int = 5) -> ExploreModel {
    ExploreModel(repository: repository, days: days, clock: clock)
  }

  /// A Today model that has loaded once: the first picture is on screen.
  @MainActor public func loadedToday(clock: (any Clocking)? = nil) async -> TodayModel {
    let model = today(clock: clock)
    await model.load()
    return model
  }

  /// An Explore model of `days` days that has loaded once: the first list is on screen.
  @MainActor public func loadedExplore(days: Int = 5) async -> ExploreModel {
    let model = explore(days: days)
    await model.load()
    return model
  }
}
