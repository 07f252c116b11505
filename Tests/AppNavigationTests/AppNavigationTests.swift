import AppNavigation
import Foundation
import NASA
import TestSupport
import Testing
import ViewerCore

/// 2026-11-23 17:00 UTC: 12:00 in New York, so the current APOD day is 2026-11-23.
private let noon = Date(timeIntervalSince1970: 1_795_453_200)

@MainActor
private func navigation() -> AppNavigation { AppNavigation(clock: TestClock(noon)) }

private func day(_ iso: String) throws -> APODDay { try APODDay(iso: iso) }

@Suite("Navigation: where a link goes")
@MainActor
struct NavigationRoutingTests {
  @Test func theCurrentDayOpensTodayAtItsRoot() throws {
    let nav = navigation()
    nav.select(.explore)
    nav.openDay(try day("2026-11-01"))
    nav.select(.today)
    nav.swipe(to: try day("2026-11-20"))
    nav.select(.favorites)

    nav.open(.day(try day("2026-11-23")))

    #expect(nav.tab == .today)
    #expect(nav.today.isAtRoot)
    // Explore's stack is left as it was.
    #expect(nav.explore.path == [try day("2026-11-01")])
  }

  @Test func theTodayLinkOpensTodayAtItsRoot() throws {
    let nav = navigation()
    nav.swipe(to: try day("2026-11-20"))
    nav.select(.profile)
    #expect(nav.open(url: URL(string: "spacer://today")!))
    #expect(nav.tab == .today)
    #expect(nav.today == TodayStack())
  }

  @Test func anotherDayIsPushedOnExploreAboveTheGrid() throws {
    let nav = navigation()
    #expect(nav.open(url: URL(string: "spacer://day/2026-11-02")!))
    #expect(nav.tab == .explore)
    #expect(nav.explore == ExploreStack(root: .grid, path: [try day("2026-11-02")]))
  }

  @Test func anotherDayIsPushedAboveTheSearchResults() throws {
    let nav = navigation()
    nav.select(.explore)
    nav.searchActive(true)
    nav.open(.day(try day("2026-11-02")))
    #expect(nav.explore == ExploreStack(root: .searchResults, path: [try day("2026-11-02")]))
  }

  @Test func aDayReplacesADayDetailAlreadyOnTop() throws {
    let nav = navigation()
    nav.select(.explore)
    nav.openDay(try day("2026-10-01"))
    nav.swipe(to: try day("2026-10-02"))
    nav.select(.favorites)

    nav.open(.day(try day("2026-11-02")))
    nav.open(.day(try day("2026-11-03")))

    #expect(nav.tab == .explore)
    #expect(nav.explore.path == [try day("2026-11-03")])
  }

  @Test func aLinkClosesTheSheetInFrontAndTurnsUpright() throws {
    let nav = navigation()
    nav.present(.video(try day("2026-11-01")))
    let change = nav.open(.today)
    #expect(nav.sheet == nil)
    #expect(change == .returnToPortrait)
    #expect(nav.allowedOrientations == .portrait)
  }

  @Test(arguments: [
    "https://apod.nasa.gov/apod/", "spacer://week/2026-11-02", "spacer://day/someday", "spacer://",
  ])
  func anUnknownLinkChangesNothing(_ text: String) throws {
    let nav = navigation()
    nav.select(.favorites)
    nav.openFavorite(try day("2026-11-01"))
    nav.present(.share(try day("2026-11-01")))
    let before = (nav.tab, nav.today, nav.explore, nav.favorites, nav.sheet)

    #expect(nav.open(url: URL(string: text)!) == false)

    #expect(nav.tab == before.0)
    #expect(nav.today == before.1)
    #expect(nav.explore == before.2)
    #expect(nav.favorites == before.3)
    #expect(nav.sheet == before.4)
  }
}

@Suite("Navigation: stacks")
@MainActor
struct NavigationStackTests {
  @Test func aSwipeChangesTheDayOnTopAndPushesNothing() throws {
    let nav = navigation()
    nav.select(.explore)
    nav.openDay(try day("2026-11-10"))
    nav.swipe(to: try day("2026-11-09"))
    #expect(nav.explore.path == [try day("2026-11-09")])
    nav.back()
    #expect(nav.explore.path.isEmpty)
  }

  @Test func swipingOnTodayBackToTheCurrentDayIsTheRoot() throws {
    let nav = navigation()
    nav.swipe(to: try day("2026-11-22"))
    #expect(nav.today.swipedTo == (try day("2026-11-22")))
    nav.swipe(to: try day("2026-11-23"))
    #expect(nav.today.isAtRoot)
  }

  @Test func eachTabKeepsItsOwnStack() throws {
    let nav = navigation()
    nav.select(.favorites)
    nav.openFavorite(try day("2026-01-05"))
    nav.select(.explore)
    nav.openDay(try day("2026-02-05"))
    nav.select(.favorites)
    #expect(nav.favorites.top == (try day("2026-01-05")))
    #expect(nav.explore.top == (try day("2026-02-05")))
  }
}

@Suite("Navigation: orientation follows what is in front")
@MainActor
struct NavigationOrientationTests {
  @Test func theViewerAllowsLandscape() throws {
    let nav = navigation()
    #expect(nav.allowedOrientations == .portrait)
    #expect(nav.present(.viewer(try day("2026-11-01"))) == .allow(.allButUpsideDown))
    #expect(nav.allowedOrientations == .allButUpsideDown)
  }

  @Test func aVideoAllowsLandscape() throws {
    let nav = navigation()
    #expect(nav.present(.video(try day("2026-11-01"))) == .allow(.allButUpsideDown))
    #expect(nav.allowedOrientations == .allButUpsideDown)
  }

  @Test func theShareSheetStaysUpright() throws {
    let nav = navigation()
    #expect(nav.present(.share(try day("2026-11-01"))) == .none)
    #expect(nav.allowedOrientations == .portrait)
  }

  /// The dismissal itself answers portrait and says so: the view applies it before it animates.
  @Test func closingTheViewerAsksForPortraitAtOnce() throws {
    let nav = navigation()
    nav.present(.viewer(try day("2026-11-01")))
    #expect(nav.dismissSheet() == .returnToPortrait)
    #expect(nav.allowedOrientations == .portrait)
    #expect(nav.dismissSheet() == .none)
  }

  @Test func fromTheViewerToAVideoStaysLandscape() throws {
    let nav = navigation()
    nav.present(.viewer(try day("2026-11-01")))
    #expect(nav.present(.video(try day("2026-11-01"))) == .none)
    nav.sheetSwiped(to: try day("2026-10-31"))
    #expect(nav.sheet == .video(try day("2026-10-31")))
    #expect(nav.present(.share(try day("2026-11-01"))) == .returnToPortrait)
  }
}

@Suite("Navigation: one message at a time, never over a paywall")
@MainActor
struct NavigationMessageTests {
  @Test func messagesShowOneAtATimeInOrder() {
    let nav = navigation()
    nav.enqueue(title: "Favorites", text: "The store was set aside.")
    nav.enqueue(title: "Photos", text: "Saved to Photos.")
    #expect(nav.message?.text == "The store was set aside.")
    nav.dismissMessage(nav.message!.id)
    #expect(nav.message?.text == "Saved to Photos.")
    nav.dismissMessage(nav.message!.id)
    #expect(nav.message == nil)
  }

  @Test func noMessageWhileAPaywallIsUp() {
    let nav = navigation()
    nav.paywallWillAppear()
    nav.enqueue(title: "Purchase", text: "Waiting for approval.")
    #expect(nav.message == nil)
    #expect(nav.waitingMessages.count == 1)
    nav.paywallDidClose()
    #expect(nav.message?.text == "Waiting for approval.")
  }

  @Test func aMessageAlreadyShownWaitsForThePaywallToClose() {
    let nav = navigation()
    nav.enqueue(title: "Photos", text: "Saved to Photos.")
    #expect(nav.message != nil)
    nav.paywallWillAppear()
    #expect(nav.message == nil)
    nav.paywallDidClose()
    #expect(nav.message?.text == "Saved to Photos.")
  }

  /// A late dismissal (the alert's binding firing twice) must not take the next message with it.
  @Test func dismissingAMessageNoLongerInFrontChangesNothing() throws {
    let nav = navigation()
    nav.enqueue(title: "A", text: "first")
    nav.enqueue(title: "B", text: "second")
    let first = try #require(nav.message)
    nav.dismissMessage(first.id)
    nav.dismissMessage(first.id)
    #expect(nav.message?.text == "second")
  }

  @Test func theSameMessageRedeliveredIsQueuedOnce() {
    let nav = navigation()
    nav.enqueue(title: "Purchase", text: "Waiting for approval.")
    nav.enqueue(title: "Purchase", text: "Waiting for approval.")
    #expect(nav.waitingMessages.count == 1)
  }
}

@Suite("Navigation: a link that arrives before the app is built")
@MainActor
struct LinkInboxTests {
  @Test func aLinkBeforeTheAppWaitsAndIsAppliedOnce() {
    let inbox = LinkInbox()
    let link = URL(string: "spacer://day/2026-11-02")!
    inbox.deliver(link)
    var opened: [URL] = []
    inbox.attach { opened.append($0) }
    #expect(opened == [link])
    #expect(inbox.pending == nil)
    // A second scene attaching never replays it.
    var secondOpened: [URL] = []
    inbox.attach { secondOpened.append($0) }
    #expect(secondOpened.isEmpty)
  }

  @Test func theLatestLinkBeforeTheAppWins() {
    let inbox = LinkInbox()
    inbox.deliver(URL(string: "spacer://day/2026-11-02")!)
    inbox.deliver(URL(string: "spacer://today")!)
    var opened: [URL] = []
    inbox.attach { opened.append($0) }
    #expect(opened == [URL(string: "spacer://today")!])
  }

  @Test func onceAttachedALinkGoesStraightThrough() {
    let inbox = LinkInbox()
    var opened: [URL] = []
    inbox.attach { opened.append($0) }
    inbox.deliver(URL(string: "spacer://today")!)
    #expect(opened == [URL(string: "spacer://today")!])
    #expect(inbox.pending == nil)
  }

  @Test func aColdLaunchLinkReachesTheNavigation() throws {
    let inbox = LinkInbox()
    inbox.deliver(URL(string: "spacer://day/2026-11-02")!)
    let nav = navigation()
    inbox.attach { nav.open(url: $0) }
    #expect(nav.tab == .explore)
    #expect(nav.explore.path == [try day("2026-11-02")])
  }
}
