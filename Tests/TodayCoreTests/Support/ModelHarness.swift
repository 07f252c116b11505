import APODTestSupport
import TodayCore

/// The Today model over the shared repository harness: a scripted source, a real disk cache in a
/// fresh folder and a hand-moved clock (10:00 EST on 2026-11-21).
typealias ModelHarness = RepositoryHarness

extension RepositoryHarness {
  @MainActor func today() -> TodayModel { TodayModel(repository: repository, now: clock.nowProvider) }
}
