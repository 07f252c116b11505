import Basics
import Foundation
import ImageCache
import NASA
import Networking
import TestSupport

/// The one file-name digest (`SHA256Digest`): the APOD cache's name for a day key
/// (`JSONDiskCache.fileURL(for:)`: the readable key and its SHA-256) and the image disk tier's
/// SHA-256 of a URL, per name in nanoseconds (median of 25 batches of 10,000 names); and what the
/// move from the earlier FNV-1a names costs once over 11,000 day files, then a listing after it.
@MainActor enum FileNameDigestBenchmarks {
  static let batch = 10_000

  static func run(clock: any Clocking) async throws -> [String: Double] {
    let cache = JSONDiskCache(
      directory: FileManager.default.temporaryDirectory.appending(path: "digest-bench"), clock: clock)
    let dayKeys = (0..<batch).map {
      "apod-day-\(2000 + $0 % 26)-\(String(format: "%02d-%02d", 1 + $0 % 12, 1 + $0 % 28))"
    }
    let imageURLs = (0..<batch).map { "https://apod.nasa.gov/apod/image/2412/NGC\($0)_Hubble_Webb_2048.jpg" }
    var sink = 0
    let dayName = await Benchmarks.medianMilliseconds(runs: 25) {
      for key in dayKeys { sink &+= cache.fileURL(for: key).path.utf8.count }
    }
    let imageName = await Benchmarks.medianMilliseconds(runs: 25) {
      for url in imageURLs { sink &+= SHA256Digest(hashing: url).hexString.utf8.count }
    }
    precondition(sink > 0, "the names must be built")
    let perName = 1e6 / Double(batch)
    var figures = [
      "file_name_day_key_ns": dayName * perName,
      "file_name_sha256_image_url_ns": imageName * perName,
    ]
    figures.merge(try moveOf11000DayFiles(clock: clock)) { _, new in new }
    return figures
  }

  /// 11,000 day files as an earlier build named them; the first listing moves every one.
  private static func moveOf11000DayFiles(clock: any Clocking) throws -> [String: Double] {
    let folder = try TemporaryDirectory(prefix: "spacer-bench-names")
    defer { folder.remove() }
    var day = try APODDay(iso: "1995-06-16")
    for _ in 0..<11_000 {
      let key = "apod-day-" + day.iso
      let envelope = #"{"savedAt":1790000000,"schema":1,"value":{"date":"\#(day.iso)"}}"#
      try Data(envelope.utf8).write(to: folder.url.appending(path: JSONDiskCache.legacyFileName(for: key)))
      day = day.next
    }
    let cache = JSONDiskCache(directory: folder.url, clock: clock)
    let wall = ContinuousClock()
    var moved = 0
    let move = wall.measure { moved = cache.savedFiles(withPrefix: "apod-day-").count }
    var listed = 0
    let listing = wall.measure { listed = cache.savedFiles(withPrefix: "apod-day-").count }
    guard moved == 11_000, listed == 11_000 else { throw BenchmarkError("the move lost day files") }
    func milliseconds(_ duration: Duration) -> Double {
      Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
    }
    return [
      "cache_file_names_moved_11000_ms": milliseconds(move),
      "cache_file_names_listed_11000_ms": milliseconds(listing),
    ]
  }
}
