import APODTestSupport
import Basics
import Foundation
import NASA
import TestSupport
import Testing
import WidgetCore

/// Records what the app asked WidgetKit to reload.
private final class RecordingReloader: WidgetReloading {
  private let kinds = Locked<[String]>([])

  func reloadTimelines(ofKind kind: String) { kinds.withLock { $0.append(kind) } }
  var reloads: [String] { kinds.withLock { $0 } }
}

/// A refresher over a real repository and cache, started after `shown` saved what the widget shows.
private struct Watched {
  let harness: RepositoryHarness
  let reloader = RecordingReloader()
  let refresher: WidgetRefresher

  init(after shown: (RepositoryHarness) async throws -> Void) async throws {
    harness = try RepositoryHarness()
    try await shown(harness)
    refresher = WidgetRefresher(
      repository: harness.repository, reloader: reloader, clock: harness.clock)
    await refresher.start()
  }
}

private let today = day("2026-11-21")

private func picture(_ day: APODDay, image: String = "a") -> APOD {
  APOD(
    date: day, title: "Sample \(day.iso)", explanation: "", mediaType: .image,
    url: URL(string: "https://apod.nasa.gov/apod/image/\(day.yymmdd)_\(image).jpg"),
    pageURL: APOD.legacyPageURL(for: day), source: .v1)
}

/// Saves `apod` under `rule` on `today`; true when the widget is to reload.
private func save(_ apod: APOD, _ rule: inout WidgetReloadRule) -> Bool {
  rule.saved(apod, today: today)
}

@Suite("Widget reload: when the app asks WidgetKit to redraw")
struct WidgetReloadRuleTests {
  @Test func aDayNewerThanTheWidgetsReloadsItOnce() {
    var rule = WidgetReloadRule(newest: picture(today.previous))
    let first = save(picture(today), &rule)
    let again = save(picture(today), &rule)
    #expect(first && !again)
    #expect(rule.newest?.date == today)
  }

  @Test func anOlderDayNeverReloads() {
    var rule = WidgetReloadRule(newest: picture(today))
    let reloads = APODDay.lastDays(10, endingOn: today.previous).map { save(picture($0), &rule) }
    #expect(reloads == Array(repeating: false, count: 10))
    #expect(rule.newest?.date == today)
  }

  @Test func theSameDayWithAnotherPictureReloads() {
    var rule = WidgetReloadRule(newest: picture(today, image: "first"))
    let corrected = save(picture(today, image: "corrected"), &rule)
    let again = save(picture(today, image: "corrected"), &rule)
    #expect(corrected && !again)
  }

  @Test func withNothingKnownOnlyADayTheWidgetCanShowReloads() {
    var rule = WidgetReloadRule(newest: nil)
    // The widget's cache-only today falls back at most a week: an older day is never drawn.
    let tooOld = save(picture(today.advanced(by: -8)), &rule)
    #expect(!tooOld && rule.newest == nil)
    let lastOfTheWeek = save(picture(today.advanced(by: -7)), &rule)
    #expect(lastOfTheWeek)
  }

  @Test func aDayAfterTodayNeverReloads() {
    var rule = WidgetReloadRule(newest: picture(today))
    let future = save(picture(today.next), &rule)
    #expect(!future && rule.newest?.date == today)
  }

  @Test func learningTheWidgetsDayKeepsANewerSave() {
    var rule = WidgetReloadRule(newest: nil)
    let first = save(picture(today), &rule)
    rule.learn(picture(today.previous))
    #expect(first && rule.newest?.date == today)
    let again = save(picture(today), &rule)
    #expect(!again)
  }
}

@Suite("Widget reload: the app's saves over a real cache", .timeLimit(.minutes(5)))
struct WidgetRefresherTests {
  @Test func savingTodaysPictureReloadsTheWidgetOnceByItsKind() async throws {
    let watched = try await Watched { _ = try await $0.repository.apod(for: today.previous) }
    let (harness, reloader) = (watched.harness, watched.reloader)

    _ = try await harness.repository.today()
    #expect(reloader.reloads == [WidgetReloadRule.widgetKind])
    // Every later load of the same day comes from the cache: no reload.
    _ = try await harness.repository.today()
    _ = try await harness.repository.today(.cacheOnly)
    #expect(reloader.reloads.count == 1)
    withExtendedLifetime(watched.refresher) {}
  }

  @Test func loadsFromTheCacheAndOlderDaysNeverReload() async throws {
    let watched = try await Watched { _ = try await $0.repository.today() }
    let (harness, reloader) = (watched.harness, watched.reloader)

    _ = try await harness.repository.today()
    // Explore saves 29 older days: the widget shows today's picture all along.
    let explored = try await harness.repository.explore(days: 30)
    #expect(explored.entries.count == 30)
    _ = try await harness.repository.apod(for: day("2001-01-01"))
    #expect(reloader.reloads.isEmpty)
    withExtendedLifetime(watched.refresher) {}
  }

  @Test func aRefreshThatBringsTheSamePictureDoesNotReload() async throws {
    let watched = try await Watched { _ = try await $0.repository.today() }
    let (harness, reloader) = (watched.harness, watched.reloader)

    _ = try await harness.repository.today(.refresh)
    #expect(await harness.source.dayCalls.count == 2)
    #expect(reloader.reloads.isEmpty)

    await harness.answer { .success(sampleAPOD($0, title: "Corrected title")) }
    _ = try await harness.repository.today(.refresh)
    #expect(reloader.reloads == [WidgetReloadRule.widgetKind])
    withExtendedLifetime(watched.refresher) {}
  }

  @Test func theNextAPODDayReloadsOnceItsPictureIsSaved() async throws {
    let watched = try await Watched { _ = try await $0.repository.today() }
    let (harness, reloader) = (watched.harness, watched.reloader)

    harness.clock.advance(by: 24 * 60 * 60)
    _ = try await harness.repository.today()
    _ = try await harness.repository.today()
    #expect(reloader.reloads == [WidgetReloadRule.widgetKind])
    withExtendedLifetime(watched.refresher) {}
  }
}
