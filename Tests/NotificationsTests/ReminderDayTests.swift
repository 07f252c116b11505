import APODTestSupport
import Foundation
import ImageCache
import ImageTestSupport
import NASA
import Notifications
import TestSupport
import Testing

private func apod(
  _ iso: String, _ media: APODMediaType = .image, title: String = "The Horsehead Nebula"
) -> APOD {
  let day = day(iso)
  return APOD(
    date: day, title: title, explanation: "", mediaType: media,
    hdurl: URL(string: "https://apod.nasa.gov/apod/image/sample/\(iso).jpg"),
    thumbnailURL: media == .video ? URL(string: "https://img.youtube.com/vi/\(iso)/0.jpg") : nil,
    videoURL: media == .video ? URL(string: "https://www.youtube.com/embed/\(iso)") : nil,
    pageURL: APOD.legacyPageURL(for: day), source: .v1)
}

private let paris: Calendar = {
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = TimeZone(identifier: "Europe/Paris") ?? .gmt
  return calendar
}()

@Suite("Reminder: what the day's reminder says")
struct ReminderContentDecisionTests {
  private let attachment = NotificationAttachment(identifier: "apod-2026-11-20", file: nil)

  @Test func aPublishedPictureIsNamedWithItsPicture() throws {
    let content = try #require(
      ReminderContent.decide(day: day("2026-11-20"), latest: apod("2026-11-20"), attachment: attachment))
    #expect(content.day == day("2026-11-20"))
    #expect(content.body == "Today’s picture: “The Horsehead Nebula”.")
    #expect(content.attachment == attachment)
  }

  @Test func aVideoDaySaysSo() throws {
    let video = apod("2026-11-20", .video, title: "A Prominence Lifts Off")
    let content = try #require(ReminderContent.decide(day: day("2026-11-20"), latest: video, attachment: nil))
    #expect(content.body == "Today’s APOD is a video: “A Prominence Lifts Off”.")
    #expect(content.attachment == nil)
    // Its thumbnail is the image a reminder attaches when saved.
    #expect(ReminderContent.image(of: video, on: day("2026-11-20")) == video.thumbnailURL)
  }

  @Test func notYetPublishedOrOfflineIsNoContent() {
    // Before publication the repository's today is the day before; offline there may be nothing.
    #expect(
      ReminderContent.decide(day: day("2026-11-20"), latest: apod("2026-11-19"), attachment: nil) == nil)
    #expect(ReminderContent.decide(day: day("2026-11-20"), latest: nil, attachment: nil) == nil)
    #expect(ReminderContent.image(of: apod("2026-11-19"), on: day("2026-11-20")) == nil)
  }

  @Test func yesterdaysContentNeverRingsAsTodays() throws {
    let yesterday = try #require(
      ReminderContent.decide(day: day("2026-11-19"), latest: apod("2026-11-19"), attachment: attachment))
    // 08:00 in Paris on 2026-11-20 is 02:00 in New York: APOD day 2026-11-20.
    let ring = utc("2026-11-20T07:00:00Z")
    let requests = ReminderPlan.requests(
      hour: 8, minute: 0, generalBody: "general", content: yesterday, ring: ring, calendar: paris)
    #expect(requests.map(\.body) == ["general"])
    #expect(requests.first?.trigger == .daily(hour: 8, minute: 0))
    #expect(requests.first?.attachment == nil)
  }

  @Test func theDaysContentRingsOnceAndTheOtherWeekdaysKeepTheGeneralSentence() throws {
    let content = try #require(
      ReminderContent.decide(day: day("2026-11-20"), latest: apod("2026-11-20"), attachment: attachment))
    let ring = try #require(
      ReminderPlan.nextRing(hour: 8, minute: 0, after: utc("2026-11-20T06:30:00Z"), calendar: paris))
    #expect(ring == utc("2026-11-20T07:00:00Z"))
    let requests = ReminderPlan.requests(
      hour: 8, minute: 0, generalBody: "general", content: content, ring: ring, calendar: paris)
    let once = try #require(requests.first)
    #expect(once.identifier == ReminderScheduler.requestIdentifier)
    #expect(once.body == content.body)
    #expect(once.attachment == attachment)
    #expect(
      once.trigger
        == NotificationCalendarTrigger(
          dateMatching: DateComponents(year: 2026, month: 11, day: 20, hour: 8, minute: 0), repeats: false))
    // 2026-11-20 is a Friday (weekday 6): every other weekday repeats weekly, with no picture.
    let weekly = requests.dropFirst()
    #expect(weekly.compactMap(\.trigger?.dateMatching.weekday).sorted() == [1, 2, 3, 4, 5, 7])
    #expect(weekly.allSatisfy { $0.trigger?.repeats == true && $0.body == "general" && $0.attachment == nil })
    #expect(Set(requests.map(\.identifier)).count == 7)
  }
}

@Suite("Reminder: the picture's copy")
struct ReminderAttachmentTests {
  @Test func theCopyIsANewFileNamedForItsFormatAndTheCacheKeepsItsOwn() async throws {
    let images = try TemporaryDirectory()
    let folder = try TemporaryDirectory()
    let png = ImageFixtures.png(width: 4, height: 3)
    let pipeline = makePipeline(images)
    let url = try #require(URL(string: "https://apod.nasa.gov/apod/image/sample/a.png"))
    let cached = try #require(await pipeline.cacheFileURL(for: url))
    try FileManager.default.createDirectory(
      at: cached.deletingLastPathComponent(), withIntermediateDirectories: true)
    try png.write(to: cached)

    let copies = ReminderAttachmentFolder(url: folder.url.appending(path: "reminder"))
    let first = try #require(copies.copy(png, identifier: "apod-2026-11-20"))
    let file = try #require(first.file)
    #expect(file.lastPathComponent == "apod-2026-11-20.png")
    #expect(file != cached)
    #expect(try Data(contentsOf: file) == png)
    // The system moves the copy away; the cache's file stays.
    try FileManager.default.removeItem(at: file)
    #expect(FileManager.default.fileExists(atPath: cached.path))

    // A new copy replaces a leftover one.
    _ = copies.copy(png, identifier: "apod-2026-11-20")
    let jpeg = try #require(
      copies.copy(ImageFixtures.jpeg(width: 2, height: 2), identifier: "apod-2026-11-21"))
    #expect(jpeg.file?.lastPathComponent == "apod-2026-11-21.jpg")
    #expect(try FileManager.default.contentsOfDirectory(atPath: copies.url.path) == ["apod-2026-11-21.jpg"])
  }

  @Test func bytesThatAreNoPictureAreNotAttached() throws {
    let folder = try TemporaryDirectory()
    let copies = ReminderAttachmentFolder(url: folder.url)
    #expect(copies.copy(Data("<html>".utf8), identifier: "apod-2026-11-20") == nil)
  }
}

/// Answers every picture with a small PNG and records what was asked; fails while `failing`.
private final class Pictures: ImageDownloading, @unchecked Sendable {
  private let lock = NSLock()
  private var urls: [URL] = []
  var failing = false

  var asked: [URL] { lock.withLock { urls } }

  func download(_ url: URL) async throws(ImagePipelineError) -> Data {
    lock.withLock { urls.append(url) }
    if failing { throw .notAnImage(contentType: "text/html") }
    return ImageFixtures.png(width: 4, height: 3)
  }
}

/// The background refresh and the saved content over apod-basic on a loopback server, the app's
/// repository and image pipeline in temporary folders, and a notification centre that moves an
/// attached file away as iOS does.
@MainActor
@Suite("Reminder: today's picture in the reminder")
struct ReminderDayTests {
  private static func isVideo(_ day: APODDay) -> Bool {
    APODFixtures.sampleAPODBasic(for: day).contains(#""media_type":"video""#)
  }

  /// 06:30 in Paris (00:30 in New York) on the first day from 2026-11-10 whose kind is `video`.
  private static func morning(ofADayThat video: Bool) -> Date {
    var day = (try? APODDay(iso: "2026-11-10")) ?? .first
    while isVideo(day) != video { day = day.next }
    return utc("\(day.iso)T05:30:00Z")
  }

  private let images: TemporaryDirectory

  init() throws { images = try TemporaryDirectory() }

  private func run(
    now: Date, published: (APODDay) -> [APODDay],
    _ body: (
      ReminderRefresh, ReminderScheduler, FakeNotificationCenter, LoopbackAPOD, Pictures, APODRepository
    )
      async throws -> Void
  ) async throws {
    let cache = try TemporaryDirectory()
    let copies = try TemporaryDirectory()
    try await LoopbackAPOD.run(now: now) { loopback in
      let today = APODDay.today(now: now)
      await loopback.serveBasicFeed(days: published(today))
      let repository = loopback.repository(in: cache)
      let pictures = Pictures()
      let pipeline = makePipeline(images, downloader: pictures)
      let folder = ReminderAttachmentFolder(url: copies.url)
      let center = FakeNotificationCenter(status: .authorized)
      let scheduler = ReminderScheduler(
        center: center, store: FakeReminderSettingsStore(),
        latestTitle: { try? await repository.today(.cacheOnly).apod.title },
        days: ReminderDays(clock: loopback.clock, calendar: { paris }) { day in
          await ReminderContent.saved(day: day, repository: repository, images: pipeline, folder: folder)
        })
      try await scheduler.setTime(hour: 8, minute: 0)
      let refresh = ReminderRefresh(repository: repository, images: pipeline, clock: loopback.clock)
      try await body(refresh, scheduler, center, loopback, pictures, repository)
    }
  }

  @Test func afterTheRefreshTheReminderCarriesTodaysTitleAndACopyOfItsPicture() async throws {
    try await run(now: Self.morning(ofADayThat: false), published: { APODDay.lastDays(3, endingOn: $0) }) {
      refresh, scheduler, center, loopback, pictures, repository in
      let today = APODDay.today(now: loopback.clock.now)
      await scheduler.setEnabled(true)
      // Nothing saved yet: the reminder says what it always said, and asked nothing.
      #expect(await center.pending.map(\.trigger) == [.daily(hour: 8, minute: 0)])
      #expect(await loopback.server.requestCount() == 0)

      let next = await refresh.run(rescheduling: scheduler)
      #expect(next == ReminderRefresh.earliestBegin(after: .published(today), now: loopback.clock.now))

      let apod = try await repository.apod(for: today, policy: .cacheOnly).apod
      let once = try #require(await center.pending.first { $0.trigger?.repeats == false })
      #expect(once.body == "Today’s picture: “\(apod.title)”.")
      // 06:30 in Paris: today's ring at 08:00.
      #expect(
        once.trigger?.dateMatching
          == DateComponents(year: today.year, month: today.month, day: today.day, hour: 8, minute: 0))
      #expect(await center.pending.count == 7)
      #expect(pictures.asked == [apod.imageURL].compactMap(\.self))
      #expect(await center.attachedData["apod-\(today.iso)"] == ImageFixtures.png(width: 4, height: 3))
      // The system took a copy: the image cache still holds its own file.
      let imageURL = try #require(apod.imageURL)
      #expect(
        await makePipeline(images, downloader: OfflineImageDownloader()).cachedData(for: imageURL) != nil)
    }
  }

  @Test func aVideoDaySaysSoWithItsSavedThumbnail() async throws {
    try await run(now: Self.morning(ofADayThat: true), published: { APODDay.lastDays(3, endingOn: $0) }) {
      refresh, scheduler, center, loopback, pictures, _ in
      let today = APODDay.today(now: loopback.clock.now)
      await scheduler.setEnabled(true)
      #expect(await refresh.run() == .published(today))
      await scheduler.refresh()
      let once = try #require(await center.pending.first { $0.trigger?.repeats == false })
      #expect(once.body.hasPrefix("Today’s APOD is a video: “"))
      // apod-basic gives a video's poster: the still the reminder shows.
      #expect(pictures.asked.count == 1)
      #expect(await center.attachedData["apod-\(today.iso)"] == ImageFixtures.png(width: 4, height: 3))
    }
  }

  @Test func beforePublicationTheReminderKeepsTheGeneralSentenceAndTheRefreshComesBackSoon() async throws {
    let now = Self.morning(ofADayThat: false)
    try await run(now: now, published: { APODDay.lastDays(3, endingOn: $0.previous) }) {
      refresh, scheduler, center, _, _, _ in
      await scheduler.setEnabled(true)
      #expect(await refresh.run() == .notYet)
      await scheduler.refresh()
      let pending = await center.pending
      #expect(pending.map(\.trigger) == [.daily(hour: 8, minute: 0)])
      // Yesterday's title is the general sentence's "last time you looked", never today's picture.
      #expect(pending.first?.body.hasPrefix("A new picture is up.") == true)
      #expect(pending.first?.attachment == nil)
      #expect(ReminderRefresh.earliestBegin(after: .notYet, now: now) == now.addingTimeInterval(30 * 60))
    }
  }

  @Test func offlineTheReminderSaysWhatItAlwaysSays() async throws {
    try await run(now: Self.morning(ofADayThat: false), published: { _ in [] }) {
      refresh, scheduler, center, loopback, _, _ in
      await loopback.server.stop()
      await scheduler.setEnabled(true)
      #expect(await refresh.run() == .notYet)
      await scheduler.refresh()
      #expect(await center.pending.map(\.body) == [ReminderScheduler.defaultBody])
    }
  }

  @Test func theNextDayWithoutARefreshGoesBackToTheGeneralSentence() async throws {
    try await run(now: Self.morning(ofADayThat: false), published: { APODDay.lastDays(3, endingOn: $0) }) {
      refresh, scheduler, center, loopback, _, _ in
      let today = APODDay.today(now: loopback.clock.now)
      await scheduler.setEnabled(true)
      _ = await refresh.run()
      await scheduler.refresh()
      #expect(await center.pending.count == 7)
      // The day's reminder rang; the app opens the next morning before any refresh ran.
      loopback.clock.advance(by: 24 * 60 * 60)
      #expect(APODDay.today(now: loopback.clock.now) == today.next)
      await scheduler.refresh()
      let pending = await center.pending
      #expect(pending.map(\.trigger) == [.daily(hour: 8, minute: 0)])
      #expect(pending.first?.attachment == nil)
    }
  }

  @Test func theRefreshIsAskedForAfterTheUsualPublicationInNewYork() {
    // 2026-11-20 is in standard time (UTC-5): midnight is 05:00 UTC.
    #expect(
      ReminderRefresh.earliestBegin(after: .published(day("2026-11-20")), now: utc("2026-11-20T06:00:00Z"))
        == utc("2026-11-21T05:15:00Z"))
    // 2026-07-01 is in summer time (UTC-4): midnight is 04:00 UTC.
    #expect(
      ReminderRefresh.earliestBegin(after: .published(day("2026-07-01")), now: utc("2026-07-01T12:00:00Z"))
        == utc("2026-07-02T04:15:00Z"))
    // Not out at 23:50 in New York: again at the publication, not half an hour later.
    #expect(
      ReminderRefresh.earliestBegin(after: .notYet, now: utc("2026-11-21T04:50:00Z"))
        == utc("2026-11-21T05:15:00Z"))
  }
}
