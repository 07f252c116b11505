import APODTestSupport
import ExploreCore
import Foundation
import NASA
import ScreenCore
import TestServer
import TestSupport
import Testing

/// A phone whose battery ran flat: 1990-03-01, noon in New York, before the first APOD (1995-06-16).
private let resetClock = utc("1990-03-01T17:00:00Z")
private let older = day("2024-01-05")

@MainActor
@Suite("Explore: a device clock before the first APOD", .timeLimit(.minutes(5)))
struct ExploreClockBeforeFirstDayTests {
  /// Saves the three days ending `today`, and `older`, with the clock right; then resets the clock.
  /// Returns how many requests that took.
  private func savedThenReset(_ loopback: LoopbackAPOD, in folder: TemporaryDirectory) async throws -> Int {
    await loopback.serveBasicFeed(days: [older] + Array(today.advanced(by: -9)...today))
    let model = ExploreModel(repository: loopback.repository(in: folder), days: 3, clock: loopback.clock)
    await model.load()
    try #require(model.listed == [today, yesterday, today.advanced(by: -2)], "\(model.state)")
    guard case .loaded = await model.detail(for: older) else {
      Issue.record("\(older) was not saved")
      return 0
    }
    loopback.clock.set(resetClock)
    return await loopback.server.requestCount()
  }

  @Test func theSavedDaysShowNewestFirstSayingWhyWithoutARequest() async throws {
    let folder = try TemporaryDirectory()
    try await LoopbackAPOD.run(now: morning) { loopback in
      let asked = try await savedThenReset(loopback, in: folder)
      let model = ExploreModel(repository: loopback.repository(in: folder), days: 30, clock: loopback.clock)
      await model.load()
      #expect(model.listed == [today, yesterday, today.advanced(by: -2), older], "\(model.state)")
      #expect(model.status?.kind == .notice)
      #expect(model.statusMessage?.contains("This phone's date (1990-03-01)") == true, "\(model.state)")
      #expect(model.statusMessage?.contains("1995-06-16") == true)

      await model.refresh()
      #expect(model.listed == [today, yesterday, today.advanced(by: -2), older])
      #expect(model.loadedContent?.isRefreshing == false)
      #expect(model.status?.kind == .notice)
      loopback.clock.advance(by: 2 * 86_400)
      await model.returnedToForeground()
      #expect(model.listed == [today, yesterday, today.advanced(by: -2), older])

      let shorter = ExploreModel(repository: loopback.repository(in: folder), days: 2, clock: loopback.clock)
      await shorter.load()
      #expect(shorter.listed == [today, yesterday])
      #expect(await loopback.server.requestCount() == asked)
    }
  }

  /// Every saved day is "after today" on such a clock: the picker offers up to the newest one and
  /// starts there, and a picked saved day shows without a request.
  @Test func theDatePickerOffersTheSavedDays() async throws {
    let folder = try TemporaryDirectory()
    try await LoopbackAPOD.run(now: morning) { loopback in
      let asked = try await savedThenReset(loopback, in: folder)
      let model = ExploreModel(repository: loopback.repository(in: folder), days: 30, clock: loopback.clock)
      #expect(model.pickerRange == APODDay.first.pickerDate...APODDay.first.pickerDate)
      await model.load()

      #expect(model.pickerRange == APODDay.first.pickerDate...today.pickerDate)
      #expect(model.pickerStartDate == today.pickerDate)
      await model.loadDay(pickerDate: older.pickerDate)
      guard case .loaded(let content) = model.state, case .loaded(let picked)? = content.picked else {
        Issue.record("the picked day did not load: \(model.state)")
        return
      }
      #expect(picked.apod.date == older)
      #expect(await loopback.server.requestCount() == asked)
    }
  }

  @Test func aSavedDayOpensFromTheListTheSearchAndALinkWithoutARequest() async throws {
    let folder = try TemporaryDirectory()
    try await LoopbackAPOD.run(now: morning) { loopback in
      let asked = try await savedThenReset(loopback, in: folder)
      let repository = loopback.repository(in: folder)
      let model = ExploreModel(repository: repository, days: 2, clock: loopback.clock)
      await model.load()
      let opened = await model.detail(for: older)
      #expect(opened.shown == older, "\(opened)")

      let search = ExploreSearchModel(repository: repository)
      await search.search("sample")
      await search.catchingUp?.value
      let found: Set<APODDay>? =
        if case .found(let hits) = search.results { Set(hits.map(\.day)) } else { nil }
      #expect(found == [today, yesterday, today.advanced(by: -2), older])
      #expect(await search.apod(for: older)?.date == older)

      let neverSaved = await model.detail(for: day("2000-01-01"))
      #expect(neverSaved.failure?.contains("This phone's date (1990-03-01)") == true, "\(neverSaved)")
      #expect(await loopback.server.requestCount() == asked)
    }
  }

  @Test func nothingSavedSaysWhyWithoutARequest() async throws {
    let folder = try TemporaryDirectory()
    try await LoopbackAPOD.run(now: resetClock) { loopback in
      await loopback.serveBasicFeed(days: Array(today.advanced(by: -9)...today))
      await loopback.serveV1(through: today)
      let model = ExploreModel(repository: loopback.repository(in: folder), days: 30, clock: loopback.clock)
      await model.load()
      await model.refresh()
      guard case .failed(let message) = model.state else {
        Issue.record("expected the reason, got \(model.state)")
        return
      }
      #expect(message.contains("This phone's date (1990-03-01)"), "\(message)")
      #expect(message.contains("1995-06-16"))
      #expect(message.contains("saved"), "\(message)")
      #expect(await loopback.server.requestCount() == 0)
    }
  }
}

extension ExploreModel {
  fileprivate var listed: [APODDay]? { loadedContent?.items.map(\.date) }
}

extension PickedDay {
  fileprivate var shown: APODDay? {
    if case .loaded(let result) = self { result.apod.date } else { nil }
  }

  fileprivate var failure: String? {
    if case .failed(_, let message) = self { message } else { nil }
  }
}
