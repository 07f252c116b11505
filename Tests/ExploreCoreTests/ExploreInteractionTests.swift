import APODTestSupport
import ExploreCore
import Foundation
import NASA
import ScreenCore
import TestSupport
import Testing

/// A day from the harness's list (newest first: 2026-11-21, 11-20, …).
private func listed(_ index: Int) -> APODDay { day("2026-11-21").advanced(by: -index) }

/// The thumbnail `sampleAPOD` gives that day.
private func thumbnail(_ index: Int) -> URL {
  URL(string: "https://apod.nasa.gov/apod/image/sample/\(listed(index).yymmdd).jpg")!
}

@MainActor
@Suite("Explore prefetch as the grid scrolls")
struct ExplorePrefetchTests {
  private func loaded(
    days: Int = 12, answer: @escaping FakeAPODSource.DayHandler = { .success(sampleAPOD($0)) }
  ) async throws -> ExploreModel {
    let harness = try ModelHarness(answer: answer)
    let model = await harness.loadedExplore(days: days)
    return model
  }

  @Test func theNextSixThumbnailsAfterACellAreItsPrefetch() async throws {
    let model = try await loaded()
    #expect(model.prefetchURLs(after: listed(0)) == (1...6).map(thumbnail))
    #expect(model.prefetchURLs(after: listed(3), count: 2) == [thumbnail(4), thumbnail(5)])
  }

  @Test func prefetchStopsAtTheEndOfTheList() async throws {
    let model = try await loaded()
    #expect(model.prefetchURLs(after: listed(9)) == [thumbnail(10), thumbnail(11)])
    #expect(model.prefetchURLs(after: listed(11)).isEmpty)
  }

  @Test func nothingIsPrefetchedBeforeTheListOrForADayNotInIt() async throws {
    let harness = try ModelHarness()
    let model = harness.explore(days: 12)
    #expect(model.prefetchURLs(after: listed(0)).isEmpty)
    await model.load()
    #expect(model.prefetchURLs(after: day("2001-01-01")).isEmpty)
  }

  @Test func daysWithoutAnImageAreSkippedAndRepeatedImagesAskedOnce() async throws {
    let shared = URL(string: "https://apod.nasa.gov/apod/image/sample/shared.jpg")!
    let model = try await loaded { day in
      var apod = sampleAPOD(day)
      if day == listed(2) { apod.hdurl = nil }  // no image that day
      if day == listed(3) || day == listed(4) { apod.hdurl = shared }
      return .success(apod)
    }
    #expect(model.prefetchURLs(after: listed(0), count: 5) == [thumbnail(1), shared, thumbnail(5)])
  }

  @Test func aCellComingOnScreenDoesNotPrefetchImagesOfCellsAlreadyOnScreen() async throws {
    let model = try await loaded()
    // Scrolling up: cell 5 is on screen, cell 4 appears above it.
    #expect(model.cellAppeared(listed(5)) == (6...11).map(thumbnail))
    #expect(model.cellAppeared(listed(4)) == (6...10).map(thumbnail))
  }

  @Test func scrollingDownCancelsNothingTheCellsOnScreenStillWant() async throws {
    let model = try await loaded()
    for index in 0...5 { _ = model.cellAppeared(listed(index)) }
    // The top cell leaves: what it asked for is on screen or wanted by the cells below it.
    #expect(model.cellDisappeared(listed(0)).isEmpty)
  }

  @Test func scrollingUpCancelsOnlyWhatNoCellOnScreenWants() async throws {
    let model = try await loaded()
    for index in 0...5 { _ = model.cellAppeared(listed(index)) }
    // The bottom cell leaves: only the day beyond every remaining cell's reach is cancelled.
    #expect(model.cellDisappeared(listed(5)) == [thumbnail(11)])
  }

  @Test func theLastCellLeavingCancelsEverythingItAskedFor() async throws {
    let model = try await loaded()
    _ = model.cellAppeared(listed(2))
    #expect(model.cellDisappeared(listed(2)) == (3...8).map(thumbnail))
  }
}

@MainActor
@Suite("Explore date picker")
struct ExplorePickerTests {
  @Test func pickerOffersTheFirstDayThroughTodayAtTheModelsClock() async throws {
    let harness = try ModelHarness()
    let model = harness.explore()
    #expect(model.pickerRange == utc("1995-06-16T12:00:00Z")...utc("2026-11-21T12:00:00Z"))
    harness.clock.set(utc("2026-11-22T04:59:00Z"))  // 23:59 EST, still the 21st in New York
    #expect(model.pickerRange.upperBound == utc("2026-11-21T12:00:00Z"))
    harness.clock.set(utc("2026-11-22T05:00:00Z"))
    #expect(model.pickerRange.upperBound == utc("2026-11-22T12:00:00Z"))
  }

  @Test func aDeviceClockBeforeTheFirstAPODStartsThePickerInsideItsRange() async throws {
    let harness = try ModelHarness()
    let model = harness.explore()
    harness.clock.set(utc("1990-01-01T12:00:00Z"))
    #expect(model.pickerRange.contains(model.pickerStartDate))
    #expect(model.pickerStartDate == utc("1995-06-16T12:00:00Z"))
  }

  @Test func pickerStartsOnTodayThenOnThePickedDay() async throws {
    let harness = try ModelHarness()
    let model = harness.explore()
    #expect(model.pickerStartDate == utc("2026-11-21T12:00:00Z"))
    await model.loadDay(day("2004-02-29"))
    #expect(model.pickerStartDate == utc("2004-02-29T12:00:00Z"))
  }

  @Test func aPickedInstantLoadsItsGMTDay() async throws {
    let harness = try ModelHarness()
    let model = harness.explore(days: 3)
    await model.loadDay(pickerDate: utc("2004-02-29T23:59:00Z"))
    guard case .loaded(let content) = model.state, case .loaded(let result) = content.picked else {
      Issue.record("picked day not loaded: \(model.state)")
      return
    }
    #expect(result.apod.date == day("2004-02-29"))
    #expect(await harness.source.dayCalls == [day("2004-02-29")])
  }

  @Test func pickedDayKnowsItsDayInEveryState() {
    let picked = day("2004-02-29")
    #expect(PickedDay.loading(picked).day == picked)
    #expect(PickedDay.failed(picked, message: "No").day == picked)
    let result = APODResult(apod: sampleAPOD(picked), freshness: .fresh, cachedAt: nil)
    #expect(PickedDay.loaded(result).day == picked)
  }
}
