import APODTestSupport
import AppCore
import Foundation
import ImageCache
import NASA
import TestSupport
import Testing
import WidgetCore

/// The app process is set up once (`AppProcess`, as `LiveAppEnvironment` builds it): the app's
/// model and the Shortcuts actions share one repository and one image pipeline over the App Group.
@Suite("One process setup", .timeLimit(.minutes(5)))
@MainActor
struct AppProcessTests {
  private static func aPictureDay() throws -> APODDay {
    var day = try APODDay(iso: "2026-11-10")
    while APODFixtures.sampleAPODBasic(for: day).contains(#""media_type":"video""#) { day = day.next }
    return day
  }

  /// The process and the app's model as `LiveAppEnvironment` builds them, with the scenarios' fakes.
  private static func app(
    over loopback: LoopbackAPOD, in folder: TemporaryDirectory, info: [String: any Sendable] = [:],
    group: (name: String, url: URL)? = nil, reminderPictures: URL? = nil
  ) -> (AppProcess, TestContent, ContentDependencies, AppModel) {
    let process = AppProcess(
      info: info,
      folders: ProcessFolders(
        appGroupContainer: { $0 == group?.name ? group?.url : nil },
        caches: folder.url.appending(path: "caches"),
        applicationSupport: folder.url.appending(path: "support")),
      imageDecoder: HeaderImageDecoder(), clock: loopback.clock,
      service: (loopback.v1URL, loopback.basicURL))
    let fakes = TestContent(clock: loopback.clock)
    let content = process.content(
      favoritesRepository: fakes.favorites, notificationCenter: fakes.notificationCenter,
      reminderSettingsStore: fakes.reminderStore, reminderPictures: reminderPictures)
    let monetization = MonetizationFakeSet(store: InMemoryKeyValueStore(), clock: loopback.clock)
    return (
      process, fakes, content,
      AppModel(monetization: monetization.appMonetization(mode: .full), content: content)
    )
  }

  @Test func theAppAndAShortcutsActionUseOneRepositoryAndOnePipeline() async throws {
    let today = try Self.aPictureDay()
    let now = utc("\(today.iso)T20:00:00Z")
    let folder = try TemporaryDirectory()
    let group = folder.url.appending(path: "group", directoryHint: .isDirectory)
    try await LoopbackAPOD.run(now: now) { loopback in
      await loopback.serveBasicFeed(days: APODDay.lastDays(3, endingOn: today))
      let (process, _, content, model) = Self.app(
        over: loopback, in: folder,
        info: [SharedConfiguration.Key.appGroup: "group.test", "CFBundleShortVersionString": "2.0"],
        group: ("group.test", group))

      await model.today.load()
      guard case .loaded(let shown) = model.today.state, let hd = shown.apod.hdImageURL else {
        throw TestFailure("Today did not load a picture: \(model.today.state)")
      }
      let png = ImageFixtures.png(width: 6, height: 4)
      await model.images.pipeline.keepOriginal(png, for: hd)

      let action = process.astronomyPicture
      let file = try await action.file(picked: nil, timeZone: .gmt, now: now)
      #expect(file.data == png)
      #expect(await loopback.server.requestCount() == 1)
      #expect(action.repository === content.apodRepository)
      #expect(model.images.pipeline === process.stack.images)
      #expect(content.imagePipeline === process.stack.images)
      #expect(process.stack.storage.isShared)
      #expect(process.configuration.versionText == "2.0")
    }
  }

  /// A build signed without the App Group saved in the app's own folders; the first launch with
  /// the group moves that into it, so nothing is asked again.
  @Test func theFirstLaunchWithTheAppGroupKeepsWhatAnEarlierBuildSaved() async throws {
    let today = try Self.aPictureDay()
    let folder = try TemporaryDirectory()
    let group = folder.url.appending(path: "group", directoryHint: .isDirectory)
    try await LoopbackAPOD.run(now: utc("\(today.iso)T20:00:00Z")) { loopback in
      await loopback.serveBasicFeed(days: APODDay.lastDays(3, endingOn: today))
      let (_, _, _, earlier) = Self.app(over: loopback, in: folder)
      await earlier.today.load()
      let asked = await loopback.server.requestCount()
      #expect(asked == 1)

      let (process, _, _, model) = Self.app(
        over: loopback, in: folder, info: [SharedConfiguration.Key.appGroup: "group.test"],
        group: ("group.test", group))
      await model.today.load()

      guard case .loaded(let shown) = model.today.state else {
        throw TestFailure("Today did not load: \(model.today.state)")
      }
      #expect(shown.apod.date == today)
      #expect(await loopback.server.requestCount() == asked)
      #expect(process.stack.storage.apodCache.path.hasPrefix(group.path))
      #expect(!FileManager.default.fileExists(atPath: folder.url.appending(path: "caches/apod").path))
    }
  }

  /// The background refresh and the reminder's day come from the process as the app builds them.
  @Test func theBackgroundRefreshPutsTodaysTitleAndPictureInTheAppsReminder() async throws {
    let today = try Self.aPictureDay()
    // 00:30 in New York: today is published, and a ring two hours on is still today there.
    let now = utc("\(today.iso)T05:30:00Z")
    let ring = Calendar.current.dateComponents([.hour, .minute], from: now.addingTimeInterval(2 * 3600))
    let folder = try TemporaryDirectory()
    try await LoopbackAPOD.run(now: now) { loopback in
      await loopback.serveBasicFeed(days: APODDay.lastDays(3, endingOn: today))
      let (process, fakes, _, model) = Self.app(
        over: loopback, in: folder, reminderPictures: folder.url.appending(path: "reminder"))
      let reminder = model.profile.reminder
      try await reminder.setTime(hour: try #require(ring.hour), minute: try #require(ring.minute))
      await reminder.setEnabled(true)
      #expect(await fakes.notificationCenter.pending.allSatisfy { $0.attachment == nil })

      // The picture is already held, so the refresh asks the service for the day only.
      let apod = try await process.stack.repository.apod(for: today, policy: .automatic).apod
      let png = ImageFixtures.png(width: 6, height: 4)
      await process.stack.images.keepOriginal(png, for: try #require(apod.imageURL))

      _ = await process.reminderRefresh.run(rescheduling: reminder)
      let once = try #require(await fakes.notificationCenter.pending.first { $0.trigger?.repeats == false })
      #expect(once.body == "Today’s picture: “\(apod.title)”.")
      #expect(await fakes.notificationCenter.attachedData["apod-\(today.iso)"] != nil)
    }
  }
}
