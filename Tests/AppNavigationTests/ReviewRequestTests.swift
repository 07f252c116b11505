import AppNavigation
import Foundation
import NASA
import TestSupport
import Testing

/// The review rule on the injected clock, over the app's navigation state, kept where the test
/// can read it back.
@MainActor
@Suite("Asking for a review")
struct ReviewRequestTests {
  private final class Kept {
    var data: Data?
  }

  private let clock = TestClock()
  private let kept = Kept()

  private static let paris: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "Europe/Paris") ?? .gmt
    return calendar
  }()

  private func make(
    _ navigation: AppNavigation, version: String = "1.4"
  ) -> ReviewRequests {
    ReviewRequests(
      navigation: navigation, clock: clock, calendar: { Self.paris }, version: version, stored: kept.data
    ) { [kept] in kept.data = $0 }
  }

  /// Opens the app once a day for `days` days, a day apart.
  private func openDaily(_ review: ReviewRequests, days: Int) {
    for _ in 0..<days {
      review.opened()
      clock.advance(by: 24 * 60 * 60)
    }
  }

  private func asks(_ review: ReviewRequests) -> Bool {
    var asked = false
    review.ask { asked = true }
    return asked
  }

  @Test func theFifthDayOfUseWithAFavoriteAsksOncePerVersion() {
    let navigation = AppNavigation(clock: clock)
    let review = make(navigation)
    review.favoriteSavedOrPictureShared()
    openDaily(review, days: 4)
    #expect(!review.isDue)
    #expect(!asks(review))
    review.opened()
    #expect(review.isDue)
    #expect(asks(review))
    // Once per version, also after a new launch.
    #expect(!asks(review))
    #expect(!asks(make(AppNavigation(clock: clock))))
    #expect(asks(make(AppNavigation(clock: clock), version: "1.5")))
  }

  @Test func openingTwiceADayCountsOneDay() {
    let review = make(AppNavigation(clock: clock))
    review.favoriteSavedOrPictureShared()
    for _ in 0..<5 {
      review.opened()
      clock.advance(by: 60 * 60)
    }
    #expect(review.rule.daysOpened.count == 1)
    #expect(!review.isDue)
  }

  @Test func daysOfUseWithoutAFavoriteOrAShareNeverAsk() {
    let review = make(AppNavigation(clock: clock))
    openDaily(review, days: 12)
    #expect(!asks(review))
  }

  @Test func neverWithAMessageUpNorWithinADayOfIt() throws {
    let navigation = AppNavigation(clock: clock)
    let review = make(navigation)
    review.favoriteSavedOrPictureShared()
    openDaily(review, days: 5)
    navigation.enqueue(title: "", text: "The picture couldn’t be saved.")
    #expect(!asks(review))
    navigation.dismissMessage(try #require(navigation.message).id)
    clock.advance(by: 23 * 60 * 60)
    #expect(!asks(review))
    clock.advance(by: 60 * 60)
    #expect(asks(review))
  }

  @Test func neverOnAPaywallNorWithinADayOfOne() {
    let navigation = AppNavigation(clock: clock)
    let review = make(navigation)
    review.favoriteSavedOrPictureShared()
    openDaily(review, days: 5)
    navigation.paywallWillAppear()
    #expect(!asks(review))
    clock.advance(by: 60 * 60)
    navigation.paywallDidClose()
    #expect(!asks(review))
    clock.advance(by: 24 * 60 * 60)
    #expect(asks(review))
  }

  @Test func aPaywallTheFlowShowedIsASetbackKeptAcrossLaunches() {
    final class Flow { var showing = false }
    let flow = Flow()
    let navigation = AppNavigation(clock: clock) { flow.showing }
    let review = make(navigation)
    review.favoriteSavedOrPictureShared()
    openDaily(review, days: 5)
    flow.showing = true
    #expect(!asks(review))
    flow.showing = false
    clock.advance(by: 60 * 60)
    // Relaunched an hour after the paywall: still too soon.
    #expect(!asks(make(AppNavigation(clock: clock))))
    clock.advance(by: 24 * 60 * 60)
    #expect(asks(make(AppNavigation(clock: clock))))
  }

  @Test func neverWithASheetUpWhichIsNoSetback() throws {
    let navigation = AppNavigation(clock: clock)
    let review = make(navigation)
    review.favoriteSavedOrPictureShared()
    openDaily(review, days: 5)
    let sheet = Sheet.viewer(try APODDay(iso: "2026-11-20"))
    let before = review.moment
    navigation.present(sheet)
    #expect(review.moment != before)
    #expect(!asks(review))
    navigation.dismissSheet(sheet)
    #expect(asks(review))
  }

  @Test func aSuccessMessageWaitsForItsOKButIsNoSetback() throws {
    let navigation = AppNavigation(clock: clock)
    let review = make(navigation)
    review.favoriteSavedOrPictureShared()
    openDaily(review, days: 5)
    navigation.enqueue(title: "Saved to Photos", text: "The picture is in your library.", setback: false)
    #expect(!asks(review))
    navigation.dismissMessage(try #require(navigation.message).id)
    #expect(asks(review))
  }

  @Test func aMessageSetbackSeenByAskIsKeptAcrossLaunches() throws {
    let navigation = AppNavigation(clock: clock)
    let review = make(navigation)
    review.favoriteSavedOrPictureShared()
    openDaily(review, days: 5)
    navigation.enqueue(title: "Couldn't Share", text: "The connection was lost.")
    #expect(!asks(review))
    navigation.dismissMessage(try #require(navigation.message).id)
    clock.advance(by: 60 * 60)
    #expect(!asks(make(AppNavigation(clock: clock))))
    clock.advance(by: 24 * 60 * 60)
    #expect(asks(make(AppNavigation(clock: clock))))
  }
}
