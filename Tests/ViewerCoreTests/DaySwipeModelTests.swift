import Foundation
import ImageCache
import ImageTestSupport
import NASA
import Networking
import TestSupport
import Testing
import ViewerCore

/// Records the image URLs asked for; answers each with a small PNG, or never (`holds`), as a
/// stalled image host does.
private actor RecordingDownloader: ImageDownloading {
  private(set) var asked: [URL] = []
  let holds: Bool

  init(holds: Bool = false) { self.holds = holds }

  func download(_ url: URL) async throws(ImagePipelineError) -> Data {
    asked.append(url)
    if holds {
      // Silence until cancelled.
      while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) }
      throw .cancelled
    }
    return ImageFixtures.png(width: 8, height: 8)
  }
}

/// Answers every day at once but one, which waits for `gate` (a slow answer for one day).
private actor HeldDaySource: APODSource {
  let held: APODDay
  let gate = AsyncGate()

  init(holding day: APODDay) { held = day }

  func apod(for day: APODDay) async throws(APODError) -> APOD {
    if day == held { await gate.wait() }
    return sampleAPOD(day)
  }

  func apods(from start: APODDay, through end: APODDay) async throws(APODError) -> APODList {
    throw .notCached  // swiping asks for one day at a time
  }
}

private func day(_ iso: String) -> APODDay { try! APODDay(iso: iso) }

private func image(_ day: APODDay) -> URL {
  sampleAPOD(day).imageURL ?? sampleAPOD(day).hdImageURL!
}

@Suite("Swiping between days: the model")
@MainActor
struct DaySwipeModelTests {
  /// 2026-03-01 17:00 UTC: noon in New York, so today is 2026-03-01.
  let clock = TestClock(Date(timeIntervalSince1970: 1_772_384_400))
  let folder: TemporaryDirectory
  let source = FakeAPODSource(day: { .success(sampleAPOD($0)) })
  let repository: APODRepository

  init() throws {
    folder = try TemporaryDirectory()
    repository = APODRepository(
      source: source,
      cache: JSONDiskCache(directory: folder.url.appending(path: "apod"), clock: clock),
      clock: clock)
  }

  private func pipeline(_ downloader: RecordingDownloader) -> ImagePipeline {
    ImagePipeline(
      directory: folder.url.appending(path: "images"), downloader: downloader, decoder: HeaderImageDecoder(),
      clock: clock)
  }

  @Test func swipingToAnOlderDayShowsItAndPrefetchesItsNeighboursPreviews() async throws {
    let downloader = RecordingDownloader()
    let swiper = DaySwipeModel(
      apod: sampleAPOD(day("2026-02-20")), repository: repository, images: pipeline(downloader),
      clock: clock)
    #expect(await swiper.swipe(.older))
    #expect(swiper.page == .loaded(sampleAPOD(day("2026-02-19"))))
    // The older neighbour first (the direction of travel), then the day just left.
    #expect(await source.dayCalls == [day("2026-02-19"), day("2026-02-18"), day("2026-02-20")])
    try await eventually { await downloader.asked.count == 2 }
    #expect(Set(await downloader.asked) == [image(day("2026-02-18")), image(day("2026-02-20"))])
  }

  @Test func onlyAClearlySidewaysDragIsASwipe() {
    #expect(DaySwipeModel.Direction(dragWidth: 120, height: 10) == .older)
    #expect(DaySwipeModel.Direction(dragWidth: -120, height: -30) == .newer)
    #expect(DaySwipeModel.Direction(dragWidth: 60, height: 0) == nil)  // too short
    #expect(DaySwipeModel.Direction(dragWidth: 120, height: 70) == nil)  // a diagonal scroll
    #expect(DaySwipeModel.Direction(dragWidth: 0, height: 300) == nil)  // scrolling the text
  }

  /// Issue 21, defect 8: the system's Back swipe starts at the leading edge and goes right; in
  /// the detail it leaves the day, and must not also show the day before.
  @Test func aDragFromTheLeadingEdgeIsTheBackSwipeNeverADaySwipe() {
    let edge = DaySwipeModel.Direction.leadingEdgeWidth
    #expect(edge == 30)
    // The Back swipe, from the edge itself and from just inside the zone, even far and flat.
    #expect(DaySwipeModel.Direction(detailDragFrom: 0, dragWidth: 250, height: 4) == nil)
    #expect(DaySwipeModel.Direction(detailDragFrom: 12, dragWidth: 180, height: 10) == nil)
    #expect(DaySwipeModel.Direction(detailDragFrom: edge - 0.5, dragWidth: 120, height: 0) == nil)
    #expect(DaySwipeModel.Direction(detailDragFrom: 5, dragWidth: -200, height: 0) == nil)
    // From the zone's end on, the day swipe's own rule decides.
    #expect(DaySwipeModel.Direction(detailDragFrom: edge, dragWidth: 120, height: 10) == .older)
    #expect(DaySwipeModel.Direction(detailDragFrom: 160, dragWidth: 120, height: 10) == .older)
    #expect(DaySwipeModel.Direction(detailDragFrom: 300, dragWidth: -120, height: -30) == .newer)
    #expect(DaySwipeModel.Direction(detailDragFrom: 160, dragWidth: 60, height: 0) == nil)
    #expect(DaySwipeModel.Direction(detailDragFrom: 160, dragWidth: 120, height: 70) == nil)
  }

  @Test func aDaySeenOnceIsNeverFetchedAgain() async throws {
    let swiper = DaySwipeModel(
      apod: sampleAPOD(day("2026-02-20")), repository: repository, images: pipeline(RecordingDownloader()),
      clock: clock)
    await swiper.swipe(.older)
    await swiper.swipe(.newer)
    #expect(swiper.page.day == day("2026-02-20"))
    let calls = await source.dayCalls
    #expect(calls.count == Set(calls).count)
  }

  /// Each day a swipe moves to is told as the swipe begins (a pushed detail reports it to the
  /// navigation state); a swipe that goes nowhere tells nothing.
  @Test func eachDaySwipedToIsToldAsTheSwipeBegins() async throws {
    var told: [APODDay] = []
    let swiper = DaySwipeModel(
      apod: sampleAPOD(day("2026-03-01")), repository: repository, images: pipeline(RecordingDownloader()),
      clock: clock, dayChanged: { told.append($0) })
    #expect(await swiper.swipe(.newer) == false)
    #expect(told.isEmpty)
    await swiper.swipe(.older)
    await swiper.swipe(.older)
    await swiper.swipe(.newer)
    #expect(told == [day("2026-02-28"), day("2026-02-27"), day("2026-02-28")])
  }

  @Test func thereIsNothingOlderThanTheFirstAPODNorNewerThanToday() async throws {
    let first = DaySwipeModel(
      apod: sampleAPOD(.first), repository: repository, images: pipeline(RecordingDownloader()),
      clock: clock)
    #expect(await first.swipe(.older) == false)
    #expect(first.page == .loaded(sampleAPOD(.first)))
    let today = DaySwipeModel(
      apod: sampleAPOD(day("2026-03-01")), repository: repository, images: pipeline(RecordingDownloader()),
      clock: clock)
    #expect(await today.swipe(.newer) == false)
    #expect(today.navigation.newer == nil)
    #expect(await source.dayCalls.isEmpty)
  }

  /// A device clock reset to 1990 (before the first APOD): swiping and prefetching trap nowhere
  /// and ask for no day outside the archive.
  @Test func aClockBeforeTheFirstAPODTrapsNowhere() async throws {
    clock.set(Date(timeIntervalSince1970: 636_310_800))  // 1990-03-01 17:00 UTC
    let swiper = DaySwipeModel(
      apod: sampleAPOD(day("2026-02-20")), repository: repository, images: pipeline(RecordingDownloader()),
      clock: clock)
    await swiper.start()
    _ = await swiper.swipe(.older)
    _ = await swiper.swipe(.newer)
    #expect(swiper.navigation.newer == nil)
    #expect(await source.dayCalls.allSatisfy { $0 >= APODDay.first })
  }

  @Test func aDayWithoutAPictureSaysWhyAndCanBeSwipedPast() async throws {
    await source.answer(day: { $0 == day("2026-02-19") ? .failure(.noAPOD($0)) : .success(sampleAPOD($0)) })
    let swiper = DaySwipeModel(
      apod: sampleAPOD(day("2026-02-20")), repository: repository, images: pipeline(RecordingDownloader()),
      clock: clock)
    await swiper.swipe(.older)
    guard case .failed(let failed, let message) = swiper.page else {
      Issue.record("expected the day to say why, got \(swiper.page)")
      return
    }
    #expect(failed == day("2026-02-19"))
    #expect(message.contains("no Astronomy Picture of the Day"))
    await swiper.swipe(.older)
    #expect(swiper.page == .loaded(sampleAPOD(day("2026-02-18"))))
  }

  @Test func aLateAnswerForADaySwipedPastIsNotShown() async throws {
    // The day before is slow to come; the user swipes on past it, and its answer arrives last.
    let slowDay = day("2026-02-19")
    let source = HeldDaySource(holding: slowDay)
    let repository = APODRepository(
      source: source,
      cache: JSONDiskCache(directory: folder.url.appending(path: "held"), clock: clock),
      clock: clock)
    let swiper = DaySwipeModel(
      apod: sampleAPOD(day("2026-02-20")), repository: repository, images: pipeline(RecordingDownloader()),
      clock: clock)
    let first = Task { await swiper.swipe(.older) }
    try await eventually { await source.gate.waiting == 1 }
    // The second swipe shows its day, then waits on the slow day too (a neighbour to prefetch).
    let second = Task { await swiper.swipe(.older) }
    try await eventually { swiper.page == .loaded(sampleAPOD(day("2026-02-18"))) }
    await source.gate.open()
    try await bounded("the first task") { await first.value }
    try await bounded("the second task") { await second.value }
    #expect(swiper.page == .loaded(sampleAPOD(day("2026-02-18"))))
  }

  @Test func leavingStopsTheNeighboursPrefetches() async throws {
    let downloader = RecordingDownloader(holds: true)
    let images = pipeline(downloader)
    let swiper = DaySwipeModel(
      apod: sampleAPOD(day("2026-02-20")), repository: repository, images: images, clock: clock)
    await swiper.start()
    try await eventually { await images.statistics().prefetchesOutstanding == 2 }
    await swiper.stop()
    #expect(await images.statistics().prefetchesOutstanding == 0)
  }
}
