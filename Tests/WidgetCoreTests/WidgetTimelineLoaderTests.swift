import APODTestSupport
import Foundation
import NASA
import Networking
import TestSupport
import Testing
import WidgetCore

/// The widget over the cache the app fills: the repository and the widget's own notes share one
/// real folder, as they share the App Group container; the source is scripted and counted.
private struct WidgetHarness {
  let app: RepositoryHarness
  let widget: WidgetTimelineLoader

  /// 10:00 in New York on 2026-11-21: today is 2026-11-21, the next day begins at 05:00 UTC.
  init(answer: @escaping FakeAPODSource.DayHandler = { .success(sampleAPOD($0)) }) throws {
    app = try RepositoryHarness(answer: answer)
    widget = WidgetTimelineLoader(
      repository: app.repository,
      attempts: JSONDiskCache(directory: app.folder.url, clock: app.clock),
      clock: app.clock)
  }

  var nextDayBegins: Date { utc("2026-11-22T05:00:00Z") }
  var today: APODDay { APODDay.today(now: app.clock.now) }
  func calls() async -> [APODDay] { await app.source.dayCalls }
}

@Suite("Widget: loading its timeline from the shared cache", .timeLimit(.minutes(5)))
struct WidgetTimelineLoaderTests {
  @Test func todaysPictureSavedByTheAppIsShownWithoutARequest() async throws {
    let harness = try WidgetHarness()
    _ = try await harness.app.repository.today()
    #expect(await harness.calls().count == 1)

    let outcome = await harness.widget.load()
    #expect(outcome.entry.link == SpacerLink.day(harness.today))
    #expect(outcome.triedToFetch == false)
    #expect(outcome.reloadAt == harness.nextDayBegins.addingTimeInterval(5 * 60))
    #expect(await harness.calls().count == 1)
  }

  @Test func aCacheBehindFetchesTodayOnceAndShowsIt() async throws {
    let harness = try WidgetHarness()
    let yesterday = harness.today.previous
    _ = try await harness.app.repository.apod(for: yesterday)

    let outcome = await harness.widget.load()
    #expect(outcome.triedToFetch)
    #expect(await harness.calls() == [yesterday, harness.today])
    guard case .picture(let day, _, _) = outcome.entry else {
      Issue.record("expected today's picture, got \(outcome.entry)")
      return
    }
    #expect(day == harness.today)
    #expect(outcome.reloadAt == harness.nextDayBegins.addingTimeInterval(5 * 60))
    // The next reload reads it from the cache.
    _ = await harness.widget.load()
    #expect(await harness.calls().count == 2)
  }

  @Test func anUnpublishedTodayIsAskedAgainOnlyAfterTheRetryInterval() async throws {
    let start = utc("2026-11-21T15:00:00Z")
    let today = APODDay.today(now: start)
    let harness = try WidgetHarness {
      $0 == today ? .failure(.notPublishedYet($0)) : .success(sampleAPOD($0))
    }
    _ = try await harness.app.repository.apod(for: today.previous)

    let first = await harness.widget.load()
    #expect(first.entry.link == SpacerLink.day(today.previous))
    #expect(first.reloadAt == start.addingTimeInterval(30 * 60))
    #expect(await harness.calls().filter { $0 == today }.count == 1)

    harness.app.clock.advance(by: 10 * 60)
    let soon = await harness.widget.load()
    #expect(soon.triedToFetch == false)
    #expect(soon.reloadAt == start.addingTimeInterval(30 * 60))
    #expect(await harness.calls().filter { $0 == today }.count == 1)

    harness.app.clock.advance(by: 21 * 60)
    let later = await harness.widget.load()
    #expect(later.triedToFetch)
    #expect(await harness.calls().filter { $0 == today }.count == 2)
  }

  @Test func theAppsRecentAskHoldsTheWidgetBack() async throws {
    let start = utc("2026-11-21T15:00:00Z")
    let today = APODDay.today(now: start)
    let harness = try WidgetHarness {
      $0 == today ? .failure(.notPublishedYet($0)) : .success(sampleAPOD($0))
    }
    // The app opened Today: not published, it shows yesterday and records the ask.
    _ = try await harness.app.repository.today()
    let asked = await harness.calls().count

    harness.app.clock.advance(by: 10 * 60)
    let outcome = await harness.widget.load()
    #expect(outcome.triedToFetch == false)
    #expect(outcome.entry.link == SpacerLink.day(today.previous))
    #expect(outcome.reloadAt == start.addingTimeInterval(30 * 60))
    #expect(await harness.calls().count == asked)
  }

  @Test func aFailedAskIsNotRepeatedByEveryReload() async throws {
    let start = utc("2026-11-21T15:00:00Z")
    let today = APODDay.today(now: start)
    let harness = try WidgetHarness { $0 == today ? .failure(.network(.offline)) : .success(sampleAPOD($0)) }
    _ = try await harness.app.repository.apod(for: today.previous)

    let first = await harness.widget.load()
    #expect(first.triedToFetch)
    #expect(first.entry.link == SpacerLink.day(today.previous))
    // WidgetKit may ask again at any time (another size, the app reloading timelines).
    let again = await harness.widget.load()
    #expect(again.triedToFetch == false)
    #expect(await harness.calls().filter { $0 == today }.count == 1)
  }

  @Test func concurrentLoadsShareOneAsk() async throws {
    let harness = try WidgetHarness()
    let gate = AsyncGate()
    await harness.app.source.hold(with: gate)
    async let small = harness.widget.load()
    async let large = harness.widget.load()
    try await eventually { await gate.waiting == 1 }
    await gate.open()
    let (first, second) = await (small, large)
    #expect(first == second)
    #expect(await harness.calls() == [harness.today])
  }

  @Test func nothingSavedAndOfflineInvitesTheUserToOpenTheApp() async throws {
    let harness = try WidgetHarness { _ in .failure(.network(.offline)) }
    let outcome = await harness.widget.load()
    #expect(outcome.entry == .openTheApp)
    #expect(outcome.entry.link == SpacerLink.today)
    #expect(outcome.reloadAt == utc("2026-11-21T15:30:00Z"))
  }

  /// Issue 22.8: the snapshot answers from the cache; a source that is asked fails the test.
  @Test func theSnapshotReadsTheCacheOnlyEvenWhenThePolicyWouldFetch() async throws {
    let harness = try WidgetHarness()
    let yesterday = harness.today.previous
    _ = try await harness.app.repository.apod(for: yesterday)
    let asked = await harness.app.source.callCount
    await harness.app.answer { day in
      Issue.record("the snapshot asked the source for \(day)")
      return .failure(.network(.offline))
    }

    let entry = await harness.widget.snapshot()

    guard case .picture(let day, _, _) = entry else {
      Issue.record("expected the saved day's picture, got \(entry)")
      return
    }
    #expect(day == yesterday)
    #expect(await harness.app.source.callCount == asked)
    // No attempt was noted: the next timeline load still decides to ask for today.
    await harness.app.answer { .success(sampleAPOD($0)) }
    #expect(await harness.widget.load().triedToFetch)
  }

  @Test func theSnapshotWithNothingSavedInvitesTheUserToOpenTheAppWithoutAsking() async throws {
    let harness = try WidgetHarness { day in
      Issue.record("the snapshot asked the source for \(day)")
      return .failure(.network(.offline))
    }

    #expect(await harness.widget.snapshot() == .openTheApp)
    #expect(await harness.app.source.callCount == 0)
  }
}

@Suite("Widget: a configured widget's day", .timeLimit(.minutes(5)))
struct ConfiguredWidgetLoadTests {
  private func shelf(_ harness: WidgetHarness, premium: Bool) throws -> WidgetShelfStore {
    let store = WidgetShelfStore(directory: harness.app.folder.url.appendingPathComponent("Widget"))
    try store.write(
      WidgetShelf(
        isPremium: premium,
        favorites: try ["2020-01-01", "2021-02-02", "2022-03-03"].map {
          WidgetFavorite(day: try APODDay(iso: $0), title: "Favorite \($0)", imageURL: nil)
        }))
    return store
  }

  @Test func aRandomFavoriteIsShownWithoutARequestAndKeptForTheDay() async throws {
    let harness = try WidgetHarness()
    let store = try shelf(harness, premium: true)
    let options = WidgetOptions(source: .randomFavorite)

    let outcome = await harness.widget.load(options: options, shelf: store)
    #expect(outcome.triedToFetch == false)
    #expect(await harness.calls().isEmpty)
    #expect(outcome.reloadAt == harness.nextDayBegins.addingTimeInterval(5 * 60))
    let pick = try #require(store.pick())
    #expect(pick.pickedOn == harness.today)
    #expect(outcome.entry == .placeholder(pick.favorite, title: "Favorite \(pick.favorite.iso)"))
    // Every reload and the snapshot that day: the same favorite.
    #expect(await harness.widget.load(options: options, shelf: store).entry == outcome.entry)
    #expect(await harness.widget.snapshot(options: options, shelf: store) == outcome.entry)

    // The next day: another favorite.
    harness.app.clock.advance(by: 24 * 3_600)
    let tomorrow = await harness.widget.load(options: options, shelf: store)
    #expect(tomorrow.entry != outcome.entry)
    #expect(store.pick()?.pickedOn == harness.today)
  }

  @Test func withoutPremiumTheWidgetShowsToday() async throws {
    let harness = try WidgetHarness()
    let store = try shelf(harness, premium: false)
    let outcome = await harness.widget.load(options: WidgetOptions(source: .randomFavorite), shelf: store)
    #expect(outcome.entry.link == SpacerLink.day(harness.today))
    #expect(store.pick() == nil)
  }
}

@Suite("Widget: a device clock before the first APOD", .timeLimit(.minutes(5)))
struct WidgetClockBeforeFirstDayTests {
  @Test func theNewestSavedDayShowsWithoutARequest() async throws {
    let harness = try WidgetHarness()
    let newest = harness.today.previous
    _ = try await harness.app.repository.apod(for: newest.previous)
    _ = try await harness.app.repository.apod(for: newest)
    let asked = await harness.calls()
    // A phone whose battery ran flat: 1990-03-01, noon in New York.
    harness.app.clock.set(utc("1990-03-01T17:00:00Z"))

    #expect(await harness.widget.snapshot().link == SpacerLink.day(newest))
    let outcome = await harness.widget.load()
    #expect(outcome.entry.link == SpacerLink.day(newest))
    guard case .picture = outcome.entry else {
      Issue.record("expected the saved picture, got \(outcome.entry)")
      return
    }
    #expect(outcome.triedToFetch == false)
    #expect(outcome.reloadAt > harness.app.clock.now)
    #expect(await harness.calls() == asked)
  }

  @Test func nothingSavedSaysOpenTheAppWithoutARequest() async throws {
    let harness = try WidgetHarness()
    harness.app.clock.set(utc("1990-03-01T17:00:00Z"))

    let outcome = await harness.widget.load()
    #expect(outcome.entry == .openTheApp)
    #expect(outcome.triedToFetch == false)
    #expect(await harness.calls() == [])
  }
}
