import Basics
import Foundation
import ImageCache
import Networking
import TestServer
import TestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What the widget holds at once while one timeline is made for the three home-screen sizes
/// (small, medium, large at 3×) from a 10 MB picture file already in the shared disk tier, as
/// WidgetKit asks for them: all three at once.
///
/// - `widget_timeline_peak_bytes_three_sizes`: the widget's path (`ImagePipeline.widgetImage`):
///   the most anonymous memory the process held above its starting point while the three loads
///   ran (`RssAnon` in `/proc/self/status`, sampled every half millisecond: heap and malloc's
///   large blocks, not the file pages the system can drop), plus the three decoded pictures,
///   which the header decoder used here does not allocate (width × height × 4 each, what ImageIO
///   would). Goal ≤ 12 MB; the extension lives under about 30 MB.
/// - `widget_timeline_peak_bytes_three_sizes_whole_file`: the same through the app's path
///   (`image(for:size:)`), which reads the whole file into memory for each size: what the widget
///   did before.
///
/// - `widget_download_peak_bytes`: the widget's path when the shared disk tier lacks the file: a
///   20 MB picture (the widget's file limit) downloaded from a loopback server and decoded for the
///   large widget, measured the same way. Goal ≤ 12 MB: the body goes to a file as it arrives.
///
/// Linux only (it reads `/proc`); elsewhere the figures are left out.
enum WidgetMemoryBenchmark {
  static let fileBytes = 10 << 20
  static let downloadBytes = 20 << 20

  static func run(clock: any Clocking) async throws -> [String: Double] {
    guard anonymousResidentBytes() != nil, fixMallocMapThreshold() else { return [:] }
    let picture = padded(ImageFixtures.jpeg(width: 6_000, height: 4_000), to: fileBytes)
    let widget = try await peak(
      picture, clock: clock,
      through: { images, url, size in
        try await images.widgetImage(for: url, size: size)
      })
    let wholeFile = try await peak(
      picture, clock: clock,
      through: { images, url, size in
        try await images.image(for: url, size: size)
      })
    let download = try await downloadPeak(
      padded(ImageFixtures.jpeg(width: 6_000, height: 4_000), to: downloadBytes), clock: clock)
    return [
      "widget_timeline_peak_bytes_three_sizes": Double(widget),
      "widget_timeline_peak_bytes_three_sizes_whole_file": Double(wholeFile),
      "widget_download_peak_bytes": Double(download),
    ]
  }

  /// The large widget's picture from a fresh widget pipeline over an empty disk tier, downloaded
  /// through a real `URLSession` from a loopback server; the median peak of five runs.
  private static func downloadPeak(_ picture: Data, clock: any Clocking) async throws -> Int {
    var peaks: [Int] = []
    for _ in 0..<5 {
      let folder = try TemporaryDirectory(prefix: "spacer-widget-download-bench")
      defer { folder.remove() }
      let server = LoopbackServer()
      let base = try await server.start()
      await server.route("/widget/new.jpg") { _ in .bytes(picture, contentType: "image/jpeg") }
      guard let url = URL(string: base.absoluteString + "/widget/new.jpg") else {
        throw WidgetMemoryBenchmarkError.badURL
      }
      let images = ImagePipeline(
        directory: folder.url, memoryCostLimit: ImageSize.widgetMemoryCostLimit, session: .uncached(),
        decoder: HeaderImageDecoder(), clock: clock)
      let sampler = PeakSampler()
      let decoded = try await images.widgetImage(for: url, size: .widget(width: 364, height: 382, scale: 3))
      let heap = sampler.stop()
      await server.stop()
      peaks.append(heap + decoded.cost)
    }
    return peaks.sorted()[peaks.count / 2]
  }

  /// The three sizes loaded at once through `load` from a fresh pipeline whose disk tier already
  /// holds the file; the median peak of five runs.
  private static func peak(
    _ picture: Data, clock: any Clocking,
    through load: @escaping @Sendable (ImagePipeline, URL, ImageSize) async throws -> DecodedImage
  ) async throws -> Int {
    var peaks: [Int] = []
    for _ in 0..<5 {
      let folder = try TemporaryDirectory(prefix: "spacer-widget-bench")
      defer { folder.remove() }
      let server = LoopbackServer()
      let base = try await server.start()
      await server.route("/widget/day.jpg") { _ in .bytes(picture, contentType: "image/jpeg") }
      guard let url = URL(string: base.absoluteString + "/widget/day.jpg") else {
        throw WidgetMemoryBenchmarkError.badURL
      }
      // Fill the disk tier as the app would have, then start from a widget process's empty memory.
      let app = ImagePipeline(
        directory: folder.url, session: .uncached(),
        decoder: HeaderImageDecoder(), clock: clock)
      _ = try await app.image(for: url, size: .thumbnail)
      await server.stop()
      let images = ImagePipeline(
        directory: folder.url, memoryCostLimit: ImageSize.widgetMemoryCostLimit,
        downloader: OfflineImageDownloader(), decoder: HeaderImageDecoder(), clock: clock)

      let sampler = PeakSampler()
      let decoded = try await withThrowingTaskGroup(of: DecodedImage.self) { group in
        for size in sizes {
          group.addTask { try await load(images, url, size) }
        }
        return try await group.reduce(into: [DecodedImage]()) { $0.append($1) }
      }
      let heap = sampler.stop()
      peaks.append(heap + decoded.reduce(0) { $0 + $1.cost })
    }
    return peaks.sorted()[peaks.count / 2]
  }

  private static let sizes: [ImageSize] = [
    .widget(width: 170, height: 170, scale: 3), .widget(width: 364, height: 170, scale: 3),
    .widget(width: 364, height: 382, scale: 3),
  ]

  /// `jpeg` grown to `bytes` with application segments (APP15) after its start marker: a valid
  /// JPEG file of that size whose picture is the original's.
  static func padded(_ jpeg: Data, to bytes: Int) -> Data {
    var file = Data(jpeg.prefix(2))
    let segmentBody = 65_533
    while file.count + jpeg.count - 2 + segmentBody + 4 <= bytes {
      file += [0xFF, 0xEF, 0xFF, 0xFF]  // APP15, length 65,535 (the length bytes included)
      file += Data(count: segmentBody)
    }
    file += jpeg.dropFirst(2)
    return file
  }

  /// glibc serves a large allocation with its own mapping, returned on free, but raises that
  /// threshold after such a free (up to 32 MB), so later 10 MB buffers would reuse freed heap and
  /// never show in `RssAnon`. Fixing it at 128 KB (`mallopt(M_MMAP_THRESHOLD, …)`, looked up at
  /// run time: Swift's Glibc module has no malloc.h) makes every large buffer show while it lives.
  static func fixMallocMapThreshold() -> Bool {
    guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "mallopt") else { return false }
    typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
    let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
    let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD in glibc's malloc.h
    return mallopt(mmapThreshold, 128 * 1024) == 1
  }

  /// The process's anonymous resident memory in bytes (`RssAnon`), or nil where there is no
  /// `/proc/self/status`.
  static func anonymousResidentBytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("RssAnon:") {
      let kilobytes = line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { Int($0) }
      return kilobytes.map { $0 * 1024 }
    }
    return nil
  }
}

/// Samples `RssAnon` on its own thread from creation until `stop()`, keeping the highest value
/// above the first.
private final class PeakSampler: Sendable {
  private struct State {
    var running = true
    var peak = 0
  }
  private let state = Locked(State())
  private let baseline: Int
  private let finished = DispatchSemaphore(value: 0)

  init() {
    baseline = WidgetMemoryBenchmark.anonymousResidentBytes() ?? 0
    let thread = Thread { [self] in
      while state.withLock({ $0.running }) {
        let now = WidgetMemoryBenchmark.anonymousResidentBytes() ?? baseline
        state.withLock { $0.peak = max($0.peak, now - baseline) }
        usleep(500)
      }
      finished.signal()
    }
    thread.start()
  }

  /// Stops sampling and gives the peak, in bytes above the starting point.
  func stop() -> Int {
    let now = WidgetMemoryBenchmark.anonymousResidentBytes() ?? baseline
    state.withLock {
      $0.peak = max($0.peak, now - baseline)
      $0.running = false
    }
    finished.wait()
    return state.withLock { $0.peak }
  }
}

enum WidgetMemoryBenchmarkError: Error {
  case badURL
}
