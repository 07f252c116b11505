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
    nav.present(.viewer(try day("2026-11-01")))
    nav.select(.favorites)

    nav.open(.day(try day("2026-11-23")))

    #expect(nav.tab == .today)
    #expect(nav.sheet == nil)
    // Explore's stack is left as it was.
    #expect(nav.explore.path == [try day("2026-11-01")])
  }

  @Test func aLinkToTheDayTodayShowsBeforePublicationOpensToday() throws {
    let nav = navigation()
    nav.select(.favorites)
    nav.open(.day(try day("2026-11-22")), todayShows: try day("2026-11-22"))
    #expect(nav.tab == .today)
    #expect(nav.explore.path.isEmpty)
    nav.open(.day(try day("2026-11-22")), todayShows: try day("2026-11-23"))
    #expect(nav.tab == .explore)
  }

  @Test func theTodayLinkOpensToday() throws {
    let nav = navigation()
    nav.select(.profile)
    #expect(nav.open(url: URL(string: "spacer://today")!))
    #expect(nav.tab == .today)
  }

  @Test func anotherDayIsPushedOnExploreAboveTheGrid() throws {
    let nav = navigation()
    #expect(nav.open(url: URL(string: "spacer://day/2026-11-02")!))
    #expect(nav.tab == .explore)
    #expect(nav.explore.root == .grid)
    #expect(nav.explore.path == [try day("2026-11-02")])
  }

  @Test func anotherDayIsPushedAboveTheSearchResults() throws {
    let nav = navigation()
    nav.select(.explore)
    nav.searchActive(true)
    nav.open(.day(try day("2026-11-02")))
    #expect(nav.explore.root == .searchResults)
    #expect(nav.explore.path == [try day("2026-11-02")])
  }

  @Test func aDayReplacesADayDetailAlreadyOnTop() throws {
    let nav = navigation()
    nav.select(.explore)
    nav.openDay(try day("2026-10-01"))
    let opened = try #require(nav.explore.details.entries.last)
    nav.detailSwiped(opened.id, to: try day("2026-10-02"))
    nav.select(.favorites)

    nav.open(.day(try day("2026-11-02")))
    nav.open(.day(try day("2026-11-03")))

    #expect(nav.tab == .explore)
    #expect(nav.explore.path == [try day("2026-11-03")])
    #expect(nav.explore.top == (try day("2026-11-03")))
  }

  /// The detail on top was opened on the link's day and swiped since: the link opens the day
  /// again, as a new opening (the view starts that detail afresh on the day), not the old entry
  /// left showing the day swiped to.
  @Test func aLinkToTheDayTheTopWasOpenedOnShowsThatDayAfresh() throws {
    let nav = navigation()
    let (opened, swiped) = (try day("2026-10-01"), try day("2026-09-30"))
    nav.open(.day(opened))
    let first = try #require(nav.explore.details.entries.last)
    nav.detailSwiped(first.id, to: swiped)
    #expect(nav.explore.top == swiped)

    nav.open(.day(opened))

    #expect(nav.explore.path == [opened])
    #expect(nav.explore.top == opened)
    let again = try #require(nav.explore.details.entries.last)
    #expect(again.id != first.id)
    // The old opening's late report changes nothing.
    #expect(!nav.detailSwiped(first.id, to: swiped))
    #expect(nav.explore.top == opened)
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
    let before = (nav.tab, nav.explore, nav.favorites, nav.sheet)

    #expect(nav.open(url: URL(string: text)!) == false)

    #expect(nav.tab == before.0)
    #expect(nav.explore == before.1)
    #expect(nav.favorites == before.2)
    #expect(nav.sheet == before.3)
  }
}

@Suite("Navigation: stacks")
@MainActor
struct NavigationStackTests {
  /// A swipe in the detail on top changes the day it shows (`top`), pushes nothing, and leaves
  /// the path the navigation stack renders as it was (a rewritten path element would make the
  /// system replace the detail on screen).
  @Test func aSwipeChangesTheDayOnTopAndPushesNothing() throws {
    let nav = navigation()
    nav.select(.explore)
    nav.openDay(try day("2026-11-10"))
    let entry = try #require(nav.detail(on: .explore, openedOn: try day("2026-11-10")))
    #expect(nav.detailSwiped(entry.id, to: try day("2026-11-09")))
    #expect(nav.detailSwiped(entry.id, to: try day("2026-11-08")))
    #expect(nav.explore.top == (try day("2026-11-08")))
    #expect(nav.explore.shown == [try day("2026-11-08")])
    #expect(nav.explore.path == [try day("2026-11-10")])
    nav.back()
    #expect(nav.explore.path.isEmpty)
    #expect(nav.explore.top == nil)
  }

  @Test func aFavoritesDetailSwipesTheSameWay() throws {
    let nav = navigation()
    nav.select(.favorites)
    nav.openFavorite(try day("2026-01-05"))
    let entry = try #require(nav.detail(on: .favorites, openedOn: try day("2026-01-05")))
    #expect(nav.detailSwiped(entry.id, to: try day("2026-01-06")))
    #expect(nav.favorites.top == (try day("2026-01-06")))
    #expect(nav.favorites.path == [try day("2026-01-05")])
    // Explore's stack is not touched.
    #expect(nav.explore.path.isEmpty)
  }

  /// A detail reports as the entry it was opened as: once it is no longer on top (another detail
  /// pushed above it, popped, or replaced by a link), its late report changes nothing.
  @Test func aReportFromADetailNoLongerOnTopChangesNothing() throws {
    let nav = navigation()
    let (a, b, c) = (try day("2026-11-01"), try day("2026-11-02"), try day("2026-11-03"))
    nav.select(.explore)
    nav.openDay(a)
    let below = try #require(nav.detail(on: .explore, openedOn: a))
    nav.stackMoved(on: .explore, to: [a, b])
    #expect(!nav.detailSwiped(below.id, to: c))
    #expect(nav.explore.shown == [a, b])

    let top = try #require(nav.detail(on: .explore, openedOn: b))
    nav.stackMoved(on: .explore, to: [a])
    #expect(!nav.detailSwiped(top.id, to: c))
    #expect(nav.explore.shown == [a])

    nav.open(.day(b))
    #expect(!nav.detailSwiped(below.id, to: c))
    #expect(nav.explore.shown == [b])
  }

  /// The view reports the days opened on; a pop keeps the days the details left show.
  @Test func aPopReportedByTheViewKeepsTheSwipesBelow() throws {
    let nav = navigation()
    let (a, b, c) = (try day("2026-11-01"), try day("2026-11-02"), try day("2026-11-03"))
    nav.select(.favorites)
    nav.openFavorite(a)
    let entry = try #require(nav.detail(on: .favorites, openedOn: a))
    nav.detailSwiped(entry.id, to: c)
    nav.openFavorite(b)
    nav.stackMoved(on: .favorites, to: [a])
    #expect(nav.favorites.path == [a])
    #expect(nav.favorites.top == c)
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

@Suite("Navigation: messages wait for every sheet; the alert's OK and the system's write")
@MainActor
struct NavigationAlertTests {
  @Test(arguments: ["viewer", "video", "share"])
  func noMessageWhileASheetIsUp(kind: String) throws {
    let shown = try day("2026-02-20")
    let sheet: Sheet = kind == "viewer" ? .viewer(shown) : kind == "video" ? .video(shown) : .share(shown)
    let nav = navigation()
    nav.present(sheet)
    nav.enqueue(title: "Couldn't Save", text: "The picture could not be downloaded.")
    #expect(nav.message == nil)
    nav.dismissSheet(sheet)
    #expect(nav.message?.title == "Couldn't Save")
  }

  @Test func theSystemsWriteAfterOKLeavesTheNextMessage() throws {
    let nav = navigation()
    nav.enqueue(title: "", text: "first")
    nav.enqueue(title: "", text: "second")
    nav.dismissMessage(try #require(nav.message).id)
    nav.alertPresentationWritten(false)
    #expect(nav.message?.text == "second")
  }

  @Test func theSystemsWriteBeforeOKDismissesOnlyTheFirst() throws {
    let nav = navigation()
    nav.enqueue(title: "", text: "first")
    nav.enqueue(title: "", text: "second")
    let first = try #require(nav.message)
    nav.alertPresentationWritten(false)
    nav.dismissMessage(first.id)
    #expect(nav.message?.text == "second")
  }

  @Test func anAlertTheSystemClosedIsDismissed() {
    let nav = navigation()
    nav.enqueue(title: "", text: "first")
    nav.alertPresentationWritten(true)
    #expect(nav.message?.text == "first")
    nav.alertPresentationWritten(false)
    #expect(nav.message == nil)
  }

  @Test func theOwnerHearsOfEachDismissal() throws {
    var heard: [String] = []
    let nav = AppNavigation(clock: TestClock(noon), dismissed: { heard.append($0.text) })
    nav.enqueue(title: "", text: "first")
    nav.enqueue(title: "", text: "second")
    nav.dismissMessage(try #require(nav.message).id)
    nav.alertPresentationWritten(false)
    nav.alertPresentationWritten(false)
    #expect(heard == ["first", "second"])
  }
}

@Suite("Navigation: what is on screen")
@MainActor
struct OnScreenTests {
  @Test func theTopDetailOfTheTabShownAndTheSheetAsPresented() throws {
    let nav = navigation()
    #expect(nav.onScreen.tab == .today && nav.onScreen.detail == nil && nav.onScreen.sheet == nil)
    nav.select(.explore)
    nav.openDay(try day("2026-02-19"))
    nav.openDay(try day("2026-02-20"))
    #expect(nav.onScreen.detail?.opened == (try day("2026-02-20")))
    nav.present(.viewer(try day("2026-02-20")))
    nav.sheetSwiped(to: try day("2026-02-21"))
    #expect(nav.onScreen.sheet == .viewer(try day("2026-02-20")))
    nav.dismissSheet()
    nav.select(.favorites)
    #expect(nav.onScreen.tab == .favorites && nav.onScreen.detail == nil && nav.onScreen.sheet == nil)
  }
}
