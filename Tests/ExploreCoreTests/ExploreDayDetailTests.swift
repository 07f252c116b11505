import APODTestSupport
import Basics
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

  /// A day that could not be loaded (offline) is asked again when the detail appears again, and
  /// shows once it can be had.
  @Test func aFailedDetailTriesAgainWhenItAppearsAgain() async throws {
    let target = day("2004-02-29")
    let asked = Locked(0)
    let harness = try ModelHarness { day in
      guard day == target else { return .success(sampleAPOD(day)) }
      let count = asked.withLock { count in
        count += 1
        return count
      }
      return count == 1 ? .failure(.network(.offline)) : .success(sampleAPOD(day))
    }
    let model = await harness.loadedExplore(days: 3)
    let detail = model.dayDetail(target)
    await detail.load()
    guard case .failed = detail.shown else {
      Issue.record("expected the first load to fail, got \(detail.shown)")
      return
    }
    await detail.load()
    #expect(detail.shown == .day(sampleAPOD(target)))
  }
}
