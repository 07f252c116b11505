import Testing
import WidgetCore

/// The widget's timing defaults are product rules (WidgetKit gives a widget a daily budget of
/// reloads): pinned so a change is a decision, not an accident.
@Suite struct WidgetDefaultsTests {
  private let policy = WidgetTimelinePolicy()

  /// A picture not published yet is asked for again after 30 minutes: at most 48 fetches a day,
  /// so a late NASA day cannot use up WidgetKit's daily reload budget.
  @Test func anUnpublishedPictureIsAskedForAgainAfterThirtyMinutes() {
    #expect(policy.retryInterval == 30 * 60)
  }

  /// The next day's reload is planned five minutes after midnight in New York: NASA publishes a
  /// few minutes after the APOD day begins, so a reload at midnight exactly would find nothing.
  @Test func theNextDaysReloadIsFiveMinutesAfterTheDayBegins() {
    #expect(policy.dayStartMargin == 5 * 60)
  }

  /// No reload is planned sooner than 15 minutes from now: a sooner reload spends WidgetKit's
  /// daily budget for a picture that changes once a day.
  @Test func noReloadIsPlannedSoonerThanFifteenMinutes() {
    #expect(policy.minimumReload == 15 * 60)
  }
}
