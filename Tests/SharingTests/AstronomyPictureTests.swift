import APODTestSupport
import Foundation
import ImageCache
import ImageTestSupport
import NASA
import Sharing
import TestSupport
import Testing

/// "Get Astronomy Picture" for Shortcuts: which day, which bytes, which error, over NASA's
/// services on a real loopback server and the app's repository with its cache in a temporary folder.
@Suite("Get Astronomy Picture: which day, which bytes, which error")
struct AstronomyPictureTests {
  /// Records the picture URLs asked and answers with a small PNG (the bytes' own route is
  /// `PictureDownload`'s, tested in ImageCacheTests).
  final class Pictures: @unchecked Sendable {
    private let lock = NSLock()
    private var urls: [URL] = []
    var failure: ImagePipelineError?

    var asked: [URL] { lock.withLock { urls } }

    func picture(_ url: URL) throws(ImagePipelineError) -> PictureFile {
      lock.withLock { urls.append(url) }
      if let failure { throw failure }
      guard let file = PictureFile(data: ImageFixtures.png(width: 4, height: 3)) else {
        throw .notAnImage(contentType: nil)
      }
      return file
    }
  }

  private static func isVideo(_ day: APODDay) -> Bool {
    APODFixtures.sampleAPODBasic(for: day).contains(#""media_type":"video""#)
  }

  /// 15:00 in New York on the first day from 2026-11-10 whose kind (video or not) is `video`.
  static func afternoon(ofADayThat video: Bool, previousIsVideo: Bool? = nil) throws -> Date {
    var day = try APODDay(iso: "2026-11-10")
    while isVideo(day) != video || previousIsVideo.map({ isVideo(day.previous) != $0 }) == true {
      day = day.next
    }
    let formatter = ISO8601DateFormatter()
    return try #require(formatter.date(from: "\(day.iso)T20:00:00Z"))
  }

  func run(
    now: Date, published: (APODDay) -> [APODDay],
    _ body: (AstronomyPicture, Pictures, APODRepository, APODDay) async throws -> Void
  ) async throws {
    let folder = try TemporaryDirectory()
    try await LoopbackAPOD.run(now: now) { loopback in
      let today = APODDay.today(now: now)
      await loopback.serveBasicFeed(days: published(today))
      let repository = loopback.repository(in: folder)
      let pictures = Pictures()
      let shortcut = AstronomyPicture(repository: repository) { url throws(ImagePipelineError) in
        try pictures.picture(url)
      }
      try await body(shortcut, pictures, repository, today)
    }
  }

  @Test func todaysPictureIsTheHDFileNamedAfterTheDay() async throws {
    let now = try Self.afternoon(ofADayThat: false)
    try await run(now: now, published: { APODDay.lastDays(3, endingOn: $0) }) {
      shortcut, pictures, repository, today in
      let file = try await shortcut.file(for: nil)
      #expect(file.day == today)
      let apod = try await repository.apod(for: today).apod
      let hd = try #require(apod.hdImageURL)
      #expect(pictures.asked == [hd])
      #expect(file.typeIdentifier == "public.png")
      #expect(file.fileName.hasPrefix(today.iso + " "))
      #expect(file.fileName.hasSuffix(".png"))
      #expect(file.data == ImageFixtures.png(width: 4, height: 3))
    }
  }

  @Test func beforePublicationItIsTheNewestEarlierDay() async throws {
    let now = try Self.afternoon(ofADayThat: false, previousIsVideo: false)
    // Today's picture is not out yet: the service knows only the days before.
    try await run(now: now, published: { APODDay.lastDays(3, endingOn: $0.previous) }) {
      shortcut, pictures, _, today in
      let file = try await shortcut.file(for: nil)
      #expect(file.day == today.previous)
      #expect(pictures.asked.count == 1)
    }
  }

  @Test func aVideoTodayIsTheErrorAnAutomationCanSkip() async throws {
    let now = try Self.afternoon(ofADayThat: true)
    try await run(now: now, published: { APODDay.lastDays(3, endingOn: $0) }) {
      shortcut, pictures, _, today in
      do throws(AstronomyPicture.Failure) {
        _ = try await shortcut.file(for: nil)
        Issue.record("a video day returned a picture")
      } catch {
        #expect(error == .notAPicture(today, video: true, today: true))
        #expect(error.message(now: now) == "Today's APOD is a video; there is no picture to return.")
      }
      #expect(pictures.asked.isEmpty)
    }
  }

  @Test func aGivenDayIsThatDayAndAVideoDayNamesIt() async throws {
    let now = try Self.afternoon(ofADayThat: false)
    try await run(now: now, published: { APODDay.lastDays(10, endingOn: $0) }) { shortcut, _, _, today in
      let pictureDay = try #require(
        APODDay.lastDays(10, endingOn: today.previous).first { !Self.isVideo($0) })
      #expect(try await shortcut.file(for: pictureDay).day == pictureDay)

      let videoDay = try #require(APODDay.lastDays(10, endingOn: today).first(where: Self.isVideo))
      do throws(AstronomyPicture.Failure) {
        _ = try await shortcut.file(for: videoDay)
        Issue.record("a video day returned a picture")
      } catch {
        #expect(error == .notAPicture(videoDay, video: true, today: false))
        #expect(
          error.message(now: now) == "The APOD of \(videoDay.iso) is a video; there is no picture to return.")
      }
    }
  }

  @Test func aDayWithoutAnAPODAndAFailedDownloadSayWhy() async throws {
    let now = try Self.afternoon(ofADayThat: false)
    try await run(now: now, published: { [$0] }) { shortcut, pictures, _, today in
      let missing = today.advanced(by: -5)
      do throws(AstronomyPicture.Failure) {
        _ = try await shortcut.file(for: missing)
        Issue.record("a day without an APOD returned a picture")
      } catch {
        #expect(error == .unavailable(.noAPOD(missing)))
      }
      pictures.failure = .notAnImage(contentType: "text/html")
      do throws(AstronomyPicture.Failure) {
        _ = try await shortcut.file(for: today)
        Issue.record("a failed download returned a picture")
      } catch {
        #expect(error == .download(.notAnImage(contentType: "text/html")))
        #expect(!error.message(now: now).isEmpty)
      }
    }
  }
}

/// The action's Date parameter: Shortcuts gives an instant in the device's time zone
/// (`ShortcutDay`, tested in NASATests); here, that the picture follows it.
@Suite("Get Astronomy Picture: the date Shortcuts gives")
struct AstronomyPicturePickedDateTests {
  private static func isVideo(_ day: APODDay) -> Bool {
    APODFixtures.sampleAPODBasic(for: day).contains(#""media_type":"video""#)
  }

  /// 20:00 UTC (15:00 in New York, already 05:00 the next day in Tokyo) on the first day from
  /// 2026-11-10 whose kind is `video`.
  private static func evening(ofADayThat video: Bool) -> Date {
    var day = (try? APODDay(iso: "2026-11-10")) ?? .first
    while isVideo(day) != video { day = day.next }
    return utc("\(day.iso)T20:00:00Z")
  }

  private func run(
    now: Date, _ body: (AstronomyPicture, AstronomyPictureTests.Pictures, APODDay) async throws -> Void
  ) async throws {
    let folder = try TemporaryDirectory()
    try await LoopbackAPOD.run(now: now) { loopback in
      let today = APODDay.today(now: now)
      await loopback.serveBasicFeed(days: APODDay.lastDays(10, endingOn: today))
      let pictures = AstronomyPictureTests.Pictures()
      let shortcut = AstronomyPicture(repository: loopback.repository(in: folder)) {
        url throws(ImagePipelineError) in try pictures.picture(url)
      }
      try await body(shortcut, pictures, today)
    }
  }

  @Test func aPickedDateIsThatDayInTheDevicesTimeZone() async throws {
    let now = Self.evening(ofADayThat: false)
    let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
    try await run(now: now) { shortcut, pictures, today in
      let pictureDay = try #require(
        APODDay.lastDays(9, endingOn: today.previous).first { !Self.isVideo($0) })
      // Midnight in Tokyo on that day is still the day before in New York and in GMT.
      let midnight = utc("\(pictureDay.iso)T00:00:00+09:00")
      #expect(try await shortcut.file(picked: midnight, timeZone: tokyo, now: now).day == pictureDay)
      // "Current Date" in Tokyo (already tomorrow there): today's picture.
      #expect(try await shortcut.file(picked: now, timeZone: tokyo, now: now).day == today)
      // Two days ahead of New York is after the device's date too: the reason, and nothing asked.
      let asked = pictures.asked
      let later = today.advanced(by: 2)
      do throws(AstronomyPicture.Failure) {
        _ = try await shortcut.file(picked: utc("\(later.iso)T09:00:00+09:00"), timeZone: tokyo, now: now)
        Issue.record("a day in the future returned a picture")
      } catch {
        #expect(error == .unavailable(.invalidDay(.afterToday(later, today: today))))
        #expect(error.message(now: now).hasPrefix("\(later.iso) is in the future"))
      }
      #expect(pictures.asked == asked)
    }
  }

  @Test func aVideoOnTheDevicesCurrentDateIsTodaysError() async throws {
    let now = Self.evening(ofADayThat: true)
    let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
    try await run(now: now) { shortcut, pictures, today in
      do throws(AstronomyPicture.Failure) {
        _ = try await shortcut.file(picked: now, timeZone: tokyo, now: now)
        Issue.record("a video day returned a picture")
      } catch {
        #expect(error == .notAPicture(today, video: true, today: true))
        #expect(error.message(now: now) == "Today's APOD is a video; there is no picture to return.")
      }
      #expect(pictures.asked.isEmpty)
    }
  }
}

/// The bytes as the app's action gets them (`AstronomyPicture(repository:download:)`, the init
/// `ShortcutActions` uses): `PictureDownload` over a real image pipeline whose disk tier is a
/// temporary folder. (Its download through `HTTPTransport` is PictureDownloadTests'; the days'
/// HD URLs are https, which a loopback server cannot serve.)
@Suite("Get Astronomy Picture: the disk tier first, else a download", .timeLimit(.minutes(5)))
struct AstronomyPictureBytesTests {
  @Test func aPictureTheDiskTierHoldsIsReturnedWithoutADownloadAndAnotherSaysWhyOffline() async throws {
    // 15:00 in New York on a picture day whose day before is a picture too (every third sample
    // day is a video).
    var today = try APODDay(iso: "2026-11-10")
    func isVideo(_ day: APODDay) -> Bool {
      APODFixtures.sampleAPODBasic(for: day).contains(#""media_type":"video""#)
    }
    while isVideo(today) || isVideo(today.previous) { today = today.next }
    let now = utc("\(today.iso)T20:00:00Z")
    let cache = try TemporaryDirectory()
    let images = try TemporaryDirectory()
    let png = ImageFixtures.png(width: 6, height: 4)
    try await LoopbackAPOD.run(now: now) { loopback in
      await loopback.serveBasicFeed(days: APODDay.lastDays(3, endingOn: today))
      let repository = loopback.repository(in: cache)
      let hd = try #require(try await repository.apod(for: today).apod.hdImageURL)
      // The app (or the widget) saved today's HD picture in the shared disk tier.
      await makePipeline(images).keepOriginal(png, for: hd)

      // The action's own pipeline over the same folder, and no network at all.
      let offline = AstronomyPicture(
        repository: repository,
        download: PictureDownload(images: makePipeline(images), downloader: OfflineImageDownloader()))
      let file = try await offline.file(picked: nil, timeZone: .gmt, now: now)
      #expect(file.day == today)
      #expect(file.data == png)
      #expect(file.typeIdentifier == "public.png")

      // The day before is not saved: it would be downloaded; offline, the action says why.
      do throws(AstronomyPicture.Failure) {
        _ = try await offline.file(for: today.previous)
        Issue.record("a picture neither saved nor downloaded was returned")
      } catch {
        guard case .download = error else {
          Issue.record("expected a download failure, got \(error)")
          return
        }
        #expect(!error.message(now: now).isEmpty)
      }
    }
  }
}
