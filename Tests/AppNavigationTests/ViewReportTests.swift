import AppNavigation
import Foundation
import NASA
import TestSupport
import Testing
import ViewerCore

/// 2026-11-23 17:00 UTC: 12:00 in New York, so the current APOD day is 2026-11-23.
private let noon = Date(timeIntervalSince1970: 1_795_453_200)

private func day(_ iso: String) throws -> APODDay { try APODDay(iso: iso) }

/// What the views report back: their navigation stacks written by the system (Back, a pushed
/// link) and a sheet they closed.
@Suite("Navigation: what the views report")
@MainActor
struct NavigationViewReportTests {
  private let a: APODDay
  private let b: APODDay
  private let c: APODDay

  init() throws {
    (a, b, c) = (try day("2026-11-01"), try day("2026-11-02"), try day("2026-11-03"))
  }

  @Test func aBackSwipePopsTheTopDetail() {
    let nav = AppNavigation(clock: TestClock(noon))
    nav.openDay(a)
    nav.openDay(b)
    nav.stackMoved(on: .explore, to: [a])
    #expect(nav.explore.path == [a])
  }

  @Test func aPopToTheRootEmptiesTheStack() {
    let nav = AppNavigation(clock: TestClock(noon))
    for day in [a, b, c] { nav.openFavorite(day) }
    nav.stackMoved(on: .favorites, to: [])
    #expect(nav.favorites.path.isEmpty)
  }

  @Test func aDayPushedInTheViewJoinsTheStack() {
    let nav = AppNavigation(clock: TestClock(noon))
    nav.openDay(a)
    nav.stackMoved(on: .explore, to: [a, c])
    #expect(nav.explore.root == .grid)
    #expect(nav.explore.path == [a, c])
    #expect(nav.explore.top == c)
  }

  /// A link replaced the top (a → b); the view's Back from the old top arrives late: the state wins.
  @Test func aStaleReportChangesNothing() {
    let nav = AppNavigation(clock: TestClock(noon))
    nav.openDay(a)
    nav.open(.day(b))
    #expect(nav.explore.path == [b])
    nav.stackMoved(on: .explore, to: [a, c])
    #expect(nav.explore.path == [b])
  }

  @Test func eachTabsReportMovesOnlyItsOwnStack() {
    let nav = AppNavigation(clock: TestClock(noon))
    nav.openDay(a)
    nav.openFavorite(b)
    nav.stackMoved(on: .favorites, to: [])
    nav.stackMoved(on: .today, to: [c])
    #expect(nav.explore.path == [a])
    #expect(nav.favorites.path.isEmpty)
  }

  @Test func closingTheSheetInFrontTurnsUpright() {
    let nav = AppNavigation(clock: TestClock(noon))
    nav.present(.viewer(a))
    #expect(nav.dismissSheet(.viewer(a)) == .returnToPortrait)
    #expect(nav.sheet == nil)
    #expect(nav.allowedOrientations == .portrait)
  }

  /// The viewer was replaced by the video (or a link closed it): the viewer's late close report
  /// must not close what is in front now.
  @Test func aLateCloseOfAnotherSheetChangesNothing() {
    let nav = AppNavigation(clock: TestClock(noon))
    nav.present(.viewer(a))
    nav.present(.video(b))
    #expect(nav.dismissSheet(.viewer(a)) == .none)
    #expect(nav.sheet == .video(b))
    #expect(nav.allowedOrientations == .allButUpsideDown)
  }
}

@Suite("Orientation changes")
struct OrientationChangeTests {
  @Test func theChangeBetweenTwoAllowances() {
    #expect(OrientationChange(from: .portrait, to: .portrait) == .none)
    #expect(OrientationChange(from: .allButUpsideDown, to: .allButUpsideDown) == .none)
    #expect(OrientationChange(from: .portrait, to: .allButUpsideDown) == .allow(.allButUpsideDown))
    #expect(OrientationChange(from: .allButUpsideDown, to: .portrait) == .returnToPortrait)
  }
}

/// The viewer swipes to other days: the state follows the day shown, and the view that presented
/// it (on the day it opened on) still shows it and can close it.
@Suite("Navigation: a sheet swiped to other days")
@MainActor
struct NavigationSheetSwipeTests {
  @Test func aSwipedViewerIsStillTheOneItsViewPresented() throws {
    let (a, b) = (try day("2026-11-01"), try day("2026-11-02"))
    let nav = AppNavigation(clock: TestClock(noon))
    nav.present(.viewer(a))
    nav.sheetSwiped(to: b)
    #expect(nav.sheet == .viewer(b))
    #expect(nav.isShowing(.viewer(a)))
    #expect(!nav.isShowing(.viewer(b)))
    #expect(nav.dismissSheet(.viewer(a)) == .returnToPortrait)
    #expect(nav.sheet == nil)
  }

  @Test func anotherSheetOrALinkEndsIt() throws {
    let (a, b) = (try day("2026-11-01"), try day("2026-11-02"))
    let nav = AppNavigation(clock: TestClock(noon))
    nav.present(.viewer(a))
    nav.present(.video(b))
    #expect(!nav.isShowing(.viewer(a)))
    #expect(nav.isShowing(.video(b)))
    nav.open(.today)
    #expect(!nav.isShowing(.video(b)))
    #expect(nav.openedAs == nil)
  }
}
