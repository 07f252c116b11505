import AppCore
import Basics
import Favorites
import Foundation
import ImageCache
import Monetization
import NASA
import TestServer
import TestSupport
import TodayCore
import ViewerCore
import WidgetCore

/// `launch_to_today_warm_ms`: a new process's graph, built as the app builds it (`AppProcess`, then
/// `AppModel` with the scenarios' store and SDK doubles), until Today shows the saved day and its
/// preview; `launch_to_today_warm_floor_ms`: the same two files read and decoded plainly;
/// `launch_to_today_warm_unavoidable_ms`: the floor with the Today record and the decode's hop.
@MainActor enum LaunchBenchmark {
  static func run(clock wallClock: any Clocking) async throws -> [String: Double] {
    let folder = try TemporaryDirectory(prefix: "spacer-bench-launch")
    // Removed at the end of the run, not when ARC ends `folder` early in a release build.
    defer { folder.remove() }
    let root = folder.url
    // The demo server's video days have no picture to wait for: the latest picture day is today.
    var now = wallClock.now
    let videoDay = #""media_type""# + #":"video""#
    while APODFixtures.sampleAPODBasic(for: APODDay.today(now: now)).contains(videoDay) {
      now.addTimeInterval(-86_400)
    }
    let clock = TestClock(now)
    let server = DemoServer(clock: clock)
    let endpoints = try await server.start()
    let info: [String: any Sendable] = [
      SharedConfiguration.Key.appGroup: "group.bench", "CFBundleShortVersionString": "bench",
    ]
    let folders = ProcessFolders(
      appGroupContainer: { $0 == "group.bench" ? root.appending(path: "group") : nil },
      caches: root.appending(path: "caches"), applicationSupport: root.appending(path: "support"))

    func launchProcess() -> AppProcess {
      AppProcess(
        info: info, folders: folders, imageDecoder: HeaderImageDecoder(), clock: clock,
        service: (endpoints.v1, endpoints.apodBasic))
    }

    // Primed once, online: today's day file, and its preview in the disk tier.
    let primer = launchProcess()
    let apod = try await primer.stack.repository.today().apod
    guard case .image(let preview, _) = apod.hero else { throw BenchmarkError("today is not a picture") }
    await primer.stack.images.keepOriginal(previewFileBytes(), for: preview)
    guard let previewFile = await primer.stack.images.cacheFileURL(for: preview),
      FileManager.default.fileExists(atPath: previewFile.path)
    else { throw BenchmarkError("the preview is not on disk") }
    let dayFile = try fileURL(in: primer.stack.storage.apodCache, named: "apod-day-\(apod.date.iso)")
    let recordFile = try fileURL(in: primer.stack.storage.apodCache, named: "apod-today")
    let requestsBefore = await server.requestCount()

    var run = 0
    let launch = try await Benchmarks.medianMilliseconds(runs: 500) {
      run += 1
      let process = launchProcess()
      let fakes = MonetizationFakeSet(clock: clock)
      let monetization = AppMonetization(
        MonetizationDependencies(
          keyValueStore: fakes.store, subscriptionBackend: fakes.backend, storeEntitlements: fakes.storeKit,
          paywallPresenter: fakes.presenter, purchaser: fakes.purchaser,
          subscriptionManagement: FakeSubscriptionManagement(), monetizationLogger: fakes.logger,
          configuration: MonetizationConfiguration(
            subscriptionGroupID: MonetizationFixtures.groupID, defaultRunningMode: .full),
          clock: clock))
      let content = process.content(
        favoritesRepository: FileFavoritesRepository(
          directory: root.appending(path: "favorites-\(run)"), clock: clock),
        notificationCenter: FakeNotificationCenter(status: .authorized),
        reminderSettingsStore: FakeReminderSettingsStore())
      let model = AppModel(monetization: monetization, content: content)
      await model.today.load()
      guard case .loaded(let shown) = model.today.state,
        let card = model.images.progressiveImage(for: shown.apod)
      else { throw BenchmarkError("Today did not load a picture: \(model.today.state)") }
      await card.load()
      guard case .preview = card.phase else { throw BenchmarkError("no preview: \(card.phase)") }
    }
    guard await server.requestCount() == requestsBefore else {
      throw BenchmarkError("a warm launch touched the network")
    }
    await server.stop()

    let decoder = HeaderImageDecoder()
    let floor = try await Benchmarks.medianMilliseconds(runs: 500) {
      let day = try PlainAPODEnvelope.decode(try Data(contentsOf: dayFile))
      let bytes = try Data(contentsOf: previewFile)
      let image = try decoder.decode(bytes, maxPixelSize: ImageSize.preview.maxPixelSize)
      guard !day.value.title.isEmpty, image.pixelWidth > 0 else { throw BenchmarkError("empty day or image") }
    }

    // What no composition can skip: the floor, plus the record naming the day shown, plus the hop
    // off the main actor and back that a phone's decode needs.
    let unavoidable = try await Benchmarks.medianMilliseconds(runs: 500) {
      _ = try JSONDecoder().decode(PlainTodayRecord.self, from: try Data(contentsOf: recordFile))
      let day = try PlainAPODEnvelope.decode(try Data(contentsOf: dayFile))
      let image = try await readAndDecodeOffMain(previewFile, with: decoder)
      guard !day.value.title.isEmpty, image.pixelWidth > 0 else { throw BenchmarkError("empty day or image") }
    }
    return [
      "launch_to_today_warm_ms": launch, "launch_to_today_warm_floor_ms": floor,
      "launch_to_today_warm_unavoidable_ms": unavoidable,
    ]
  }

  private struct PlainTodayRecord: Decodable {
    struct Value: Decodable {
      var checkedOn: String
      var showing: String
    }
    var value: Value
  }

  @concurrent
  private nonisolated static func readAndDecodeOffMain(
    _ file: URL, with decoder: HeaderImageDecoder
  ) async throws -> DecodedImage {
    try decoder.decode(try Data(contentsOf: file), maxPixelSize: ImageSize.preview.maxPixelSize)
  }

  /// A 1,280 × 960 JPEG as large as an APOD preview usually is (~300 KB): comment segments after
  /// its start marker, which every reader skips, so reading the file costs what a real one does.
  private static func previewFileBytes() -> Data {
    let picture = ImageFixtures.jpeg(width: 1_280, height: 960)
    var file = Data(picture.prefix(2))
    let body = Data(repeating: 0x20, count: 60_000)
    for _ in 0..<5 {
      file += [0xFF, 0xFE, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)]
      file += body
    }
    return file + picture.dropFirst(2)
  }

  private static func fileURL(in directory: URL, named prefix: String) throws -> URL {
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    guard let name = names.first(where: { $0.hasPrefix(prefix) }) else {
      throw BenchmarkError("no \(prefix) file in \(directory.path)")
    }
    return directory.appending(path: name)
  }
}
