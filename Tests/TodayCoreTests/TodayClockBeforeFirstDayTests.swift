import APODTestSupport
import Foundation
import NASA
import ScreenCore
import TestSupport
import Testing
import TodayCore

@MainActor
@Suite("Today: a device clock before the first APOD")
struct TodayClockBeforeFirstDayTests {
  @Test func aColdLaunchShowsTheNewestSavedDayWithoutARequest() async throws {
    let harness = try ModelHarness()
    let newest = today.previous
    _ = try await harness.repository.apod(for: newest.previous)
    _ = try await harness.repository.apod(for: newest)
    let asked = await harness.source.callCount
    // A phone whose battery ran flat: 1990-03-01, noon in New York.
    harness.clock.set(utc("1990-03-01T17:00:00Z"))

    let model = await harness.loadedToday()
    await model.refresh()
    guard case .loaded(let content) = model.state else {
      Issue.record("expected the saved day, got \(model.state)")
      return
    }
    #expect(content.apod.date == newest)
    #expect(model.status?.kind == .notice)
    #expect(model.statusMessage?.contains("1990-03-01") == true)
    #expect(model.statusMessage?.contains("1995-06-16") == true)
    #expect(await harness.source.callCount == asked)
  }

  @Test func nothingSavedSaysTheClockIsBeforeTheFirstDay() async throws {
    let harness = try ModelHarness()
    harness.clock.set(utc("1990-03-01T17:00:00Z"))

    let model = await harness.loadedToday()
    guard case .failed(let message) = model.state else {
      Issue.record("expected the error, got \(model.state)")
      return
    }
    #expect(message.contains("1995-06-16"))
    #expect(await harness.source.callCount == 0)
  }
}
