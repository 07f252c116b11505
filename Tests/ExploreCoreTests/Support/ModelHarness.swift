import APODTestSupport
import ExploreCore

/// The Explore model over the shared repository harness: a scripted source, a real disk cache in
/// a fresh folder and a hand-moved clock (10:00 EST on 2026-11-21).
typealias ModelHarness = RepositoryHarness

extension RepositoryHarness {
  @MainActor func explore(days: Int = 5) -> ExploreModel {
    ExploreModel(repository: repository, days: days, now: clock.nowProvider)
  }
}
