import APODTestSupport
import ExploreCore
import Foundation
import ScreenCore
import TestSupport
import Testing

@testable import NASA

@MainActor
@Suite("Explore: back in the foreground on a new APOD day")
struct ExploreReturnTests {
  @Test func aReturnOnTheSameDayLoadsNothing() async throws {
    let harness = try ModelHarness()
    let model = await harness.loadedExplore(days: 3)
    let checked = try #require(model.loadedContent?.checkedAt)
    harness.clock.advance(by: 3_600)
    await model.returnedToForeground()
    #expect(model.loadedContent?.checkedAt == checked)
  }

  @Test func aReturnOnANewDayMovesTheListOnceThatDay() async throws {
    let harness = try ModelHarness()
    let model = await harness.loadedExplore(days: 3)
    harness.clock.advance(by: 86_400)
    await model.returnedToForeground()
    #expect(model.loadedContent?.items.first?.date == day("2026-11-22"))
    // Offline later that day: the list is not asked for again, and stays as it is.
    await harness.failEveryRequest(with: .network(.offline), after: 3_600)
    let checked = try #require(model.loadedContent?.checkedAt)
    await model.returnedToForeground()
    #expect(model.loadedContent?.checkedAt == checked)
    #expect(model.status == nil)
  }

  @Test func offlineOnTheNextDayTheListSaysItIsAnOlderCopy() async throws {
    let harness = try ModelHarness()
    let model = await harness.loadedExplore(days: 3)
    await harness.failEveryRequest(with: .network(.offline), after: 86_400)
    await model.returnedToForeground()
    #expect(model.loadedContent?.items.first?.date == today)
    #expect(model.status?.kind == .stale)
  }

  @Test func aListThatFailedIsAskedForAgainOncePerAPODDay() async throws {
    let harness = try ModelHarness()
    await harness.failEveryRequest(with: .network(.offline), after: 0)
    let model = harness.explore(days: 3)
    await model.load()
    guard case .failed = model.state else {
      Issue.record("expected a failure offline, got \(model.state)")
      return
    }
    let before = await harness.source.callCount
    await model.returnedToForeground()
    let asked = await harness.source.callCount
    #expect(asked > before)
    harness.clock.advance(by: 3_600)
    await model.returnedToForeground()
    #expect(await harness.source.callCount == asked)
  }

  @Test func aSavedListNeverSaysNothingNewerOnALaterDay() async throws {
    let harness = try ModelHarness()
    _ = await harness.loadedExplore(days: 3)
    harness.clock.advance(by: 60)
    // The list read again from the device: "saved, nothing newer" on the day it was checked.
    let model = await harness.loadedExplore(days: 3)
    #expect(model.status?.kind == .savedCurrent)
    harness.clock.advance(by: 86_400)
    #expect(model.status == nil)
  }
}
