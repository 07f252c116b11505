import APODTestSupport
import ExploreCore
import Foundation
import Networking
import ScreenCore
import TestSupport
import Testing

@testable import NASA

/// A day pushed on Explore's stack (by the grid, a search result, a link, a random day) is shown
/// by its day: at once when the screen holds it, else loaded.
@MainActor
@Suite("Explore: a day's detail by its day")
struct ExploreDayDetailTests {
  @Test func aListedDayShowsAtOnce() async throws {
    let harness = try ModelHarness()
    let model = await harness.loadedExplore(days: 3)
    #expect(model.listedAPOD(yesterday)?.date == yesterday)
    #expect(model.listedAPOD(day("2004-02-29")) == nil)
  }

  @Test func thePickersDayShowsAtOnceOnceLoaded() async throws {
    let harness = try ModelHarness()
    let model = await harness.loadedExplore(days: 3)
    await model.loadDay(day("2004-02-29"))
    #expect(model.listedAPOD(day("2004-02-29"))?.date == day("2004-02-29"))
  }

  /// A link to a day never seen: loaded, and the list and the picker are left alone.
  @Test func anUnlistedDayIsLoaded() async throws {
    let harness = try ModelHarness()
    let model = await harness.loadedExplore(days: 3)
    let before = try #require(model.loadedContent)
    guard case .loaded(let result) = await model.detail(for: day("2004-02-29")) else {
      Issue.record("the day was not loaded")
      return
    }
    #expect(result.apod.date == day("2004-02-29"))
    #expect(model.loadedContent == before)
  }

  @Test func aDayThatCannotBeShownSaysWhy() async throws {
    let gap = day("1995-06-17")
    let harness = try ModelHarness { day in
      day == gap ? .failure(.noAPOD(day)) : .success(sampleAPOD(day))
    }
    let model = await harness.loadedExplore(days: 3)
    #expect(
      await model.detail(for: gap)
        == .failed(gap, message: "There is no Astronomy Picture of the Day for 1995-06-17."))
  }

  /// The detail's one decision: the listed APOD at once, else the day loaded, else why not.
  @Test func theDetailShowsTheListedDayAtOnceAndLoadsNothing() async throws {
    let harness = try ModelHarness()
    let model = await harness.loadedExplore(days: 3)
    let detail = model.dayDetail(yesterday)
    guard case .day(let apod) = detail.shown else {
      Issue.record("expected the listed day at once, got \(detail.shown)")
      return
    }
    #expect(apod.date == yesterday)
    await detail.load()
    #expect(detail.shown == .day(apod))
  }

  @Test func theDetailOfAnUnlistedDayLoadsIt() async throws {
    let harness = try ModelHarness()
    let model = await harness.loadedExplore(days: 3)
    let detail = model.dayDetail(day("2004-02-29"))
    #expect(detail.shown == .loading)
    await detail.load()
    guard case .day(let apod) = detail.shown else {
      Issue.record("expected the day loaded, got \(detail.shown)")
      return
    }
    #expect(apod.date == day("2004-02-29"))
  }

  @Test func theDetailOfADayThatCannotBeShownSaysWhy() async throws {
    let gap = day("1995-06-17")
    let harness = try ModelHarness { day in
      day == gap ? .failure(.noAPOD(day)) : .success(sampleAPOD(day))
    }
    let model = await harness.loadedExplore(days: 3)
    let detail = model.dayDetail(gap)
    await detail.load()
    #expect(detail.shown == .failed(message: "There is no Astronomy Picture of the Day for 1995-06-17."))
  }
}
