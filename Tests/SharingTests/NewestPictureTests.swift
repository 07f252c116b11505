import APODTestSupport
import Foundation
import ImageCache
import NASA
import Sharing
import TestServer
import TestSupport
import Testing

/// "If the day is a video: Use the newest picture" over apod-basic on a loopback server whose
/// video days the test chooses, and the app's repository with its cache in a temporary folder.
@Suite("Get Astronomy Picture: the newest picture on a video day")
struct NewestPictureTests {
  /// apod-basic publishing every day from the archive's first through `today`, `videos` as
  /// videos and every other day as a picture.
  private func run(
    today: APODDay, videos: Set<APODDay>,
    _ body: (AstronomyPicture, LoopbackAPOD, APODRepository) async throws -> Void
  ) async throws {
    let now = utc("\(today.iso)T20:00:00Z")
    let folder = try TemporaryDirectory()
    try await LoopbackAPOD.run(now: now) { loopback in
      await loopback.server.route(prefix: LoopbackAPOD.basicPath + "/") { request in
        guard let day = try? APODDay(yymmdd: String(request.path.split(separator: "/").last ?? "")),
          day <= today
        else { return .json(APODFixtures.apodBasicNotFound, status: 404) }
        let sample = APODFixtures.sampleAPODBasic(for: day)
        return .json(
          videos.contains(day)
            ? sample.replacingOccurrences(of: #""media_type":"image""#, with: #""media_type":"video""#)
            : sample.replacingOccurrences(of: #""media_type":"video""#, with: #""media_type":"image""#))
      }
      let repository = loopback.repository(in: folder)
      let pictures = AstronomyPictureTests.Pictures()
      let shortcut = AstronomyPicture(repository: repository) { url throws(ImagePipelineError) in
        try pictures.picture(url)
      }
      try await body(shortcut, loopback, repository)
    }
  }

  private func dayRequests(_ loopback: LoopbackAPOD) async -> [String] {
    await loopback.server.requests().map(\.path).filter { $0.hasPrefix(LoopbackAPOD.basicPath + "/") }
  }

  @Test func aRunOfVideoDaysGivesTheNewestPictureBeforeItAndSaysWhichDay() async throws {
    let today = day("2026-11-20")
    try await run(today: today, videos: [today, today.previous, today.advanced(by: -2)]) {
      shortcut, loopback, _ in
      let file = try await shortcut.file(for: nil, ifVideo: .useNewestPicture)
      #expect(file.day == today.advanced(by: -3))
      #expect(file.fileName.hasPrefix("2026-11-17 "))
      #expect(file.skipped == AstronomyPicture.Skipped(day: today, today: true))
      #expect(
        file.note == "Today's APOD is not a picture; this is the newest picture before it, from 2026-11-17.")
      // Today, then the three days back to the picture: one request each.
      #expect(await dayRequests(loopback).count == 4)
    }
  }

  @Test func stopIsStillTheErrorAnAutomationCanSkip() async throws {
    let today = day("2026-11-20")
    try await run(today: today, videos: [today]) { shortcut, _, _ in
      do throws(AstronomyPicture.Failure) {
        _ = try await shortcut.file(for: nil, ifVideo: .stop)
        Issue.record("Stop returned a picture on a video day")
      } catch {
        #expect(error == .notAPicture(today, video: true, today: true))
      }
    }
  }

  @Test func aPictureDayIsItselfWithNothingSkipped() async throws {
    let today = day("2026-11-20")
    try await run(today: today, videos: [today.previous]) { shortcut, loopback, _ in
      let file = try await shortcut.file(for: nil, ifVideo: .useNewestPicture)
      #expect(file.day == today)
      #expect(file.skipped == nil)
      #expect(file.note == nil)
      #expect(await dayRequests(loopback).count == 1)
    }
  }

  @Test func savedDaysAreReadWithoutARequest() async throws {
    let today = day("2026-11-20")
    let asked = today.advanced(by: -10)
    try await run(today: today, videos: [asked, asked.previous, asked.advanced(by: -2)]) {
      shortcut, loopback, repository in
      for back in 0...3 { _ = try await repository.apod(for: asked.advanced(by: -back)) }
      let before = await dayRequests(loopback).count
      let file = try await shortcut.file(for: asked, ifVideo: .useNewestPicture)
      #expect(file.day == asked.advanced(by: -3))
      #expect(file.skipped == AstronomyPicture.Skipped(day: asked, today: false))
      #expect(
        file.note
          == "The APOD of 2026-11-10 is not a picture; this is the newest picture before it, from 2026-11-07."
      )
      #expect(await dayRequests(loopback).count == before)
    }
  }

  @Test func aLongerRunStopsAfterAFewRequestsAndSaysHowFarItLooked() async throws {
    let today = day("2026-11-20")
    let videos = Set(APODDay.lastDays(8, endingOn: today))
    try await run(today: today, videos: videos) { shortcut, loopback, _ in
      do throws(AstronomyPicture.Failure) {
        _ = try await shortcut.file(for: nil, ifVideo: .useNewestPicture)
        Issue.record("a run of videos returned a picture")
      } catch {
        let oldest = today.advanced(by: -AstronomyPicture.newestPictureRequests)
        #expect(error == .noEarlierPicture(today, today: true, lookedBackTo: oldest, because: nil))
        #expect(
          error.message(now: loopback.clock.now)
            == "Today's APOD is not a picture, and neither is any day back to \(oldest.iso).")
      }
      #expect(await dayRequests(loopback).count == 1 + AstronomyPicture.newestPictureRequests)
    }
  }

  @Test func theDayAfterTheArchivesFirstGivesTheFirstDay() async throws {
    let second = APODDay.first.next
    try await run(today: day("2026-11-20"), videos: [second]) { shortcut, loopback, _ in
      let file = try await shortcut.file(for: second, ifVideo: .useNewestPicture)
      #expect(file.day == APODDay.first)
      #expect(await dayRequests(loopback).count == 2)
    }
  }

  @Test func nothingIsAskedBeforeTheArchivesFirstDay() async throws {
    let second = APODDay.first.next
    try await run(today: day("2026-11-20"), videos: [APODDay.first, second]) { shortcut, loopback, _ in
      do throws(AstronomyPicture.Failure) {
        _ = try await shortcut.file(for: second, ifVideo: .useNewestPicture)
        Issue.record("a video on the archive's second day returned a picture")
      } catch {
        #expect(error == .noEarlierPicture(second, today: false, lookedBackTo: APODDay.first, because: nil))
        #expect(
          error.message(now: loopback.clock.now)
            == "The APOD of 1995-06-17 is not a picture, and there is no picture before it: "
            + "the archive starts on 1995-06-16.")
      }
      #expect(await dayRequests(loopback) == ["950617", "950616"].map { LoopbackAPOD.basicPath + "/" + $0 })
    }
  }
}
