import APODTestSupport
import ExploreCore
import TodayCore

/// Both content screens over the shared repository harness, for the rules they share (the status
/// line, cancelled loads): a scripted source, a real disk cache and a hand-moved clock.
typealias ModelHarness = RepositoryHarness

extension RepositoryHarness {
  @MainActor func today() -> TodayModel { TodayModel(repository: repository, now: clock.nowProvider) }
  @MainActor func explore(days: Int = 5) -> ExploreModel {
    ExploreModel(repository: repository, days: days, now: clock.nowProvider)
  }
}
