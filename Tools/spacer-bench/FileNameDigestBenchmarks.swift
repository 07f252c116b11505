import Basics
import Foundation
import ImageCache
import Networking

/// The two file-name digests, for issue 23's "one digest" decision: the APOD cache's readable
/// name with a 64-bit FNV-1a suffix (`JSONDiskCache.fileURL(for:)`) and the image disk tier's
/// SHA-256 of the URL (`SHA256Digest`), each per name, in nanoseconds (median of 25 batches of
/// 10,000 names).
@MainActor enum FileNameDigestBenchmarks {
  static let batch = 10_000

  static func run(clock: any Clocking) async -> [String: Double] {
    let cache = JSONDiskCache(
      directory: FileManager.default.temporaryDirectory.appending(path: "digest-bench"), clock: clock)
    let dayKeys = (0..<batch).map {
      "apod-\(2000 + $0 % 26)-\(String(format: "%02d-%02d", 1 + $0 % 12, 1 + $0 % 28))"
    }
    let imageURLs = (0..<batch).map { "https://apod.nasa.gov/apod/image/2412/NGC\($0)_Hubble_Webb_2048.jpg" }
    var sink = 0
    let fnvDay = await Benchmarks.medianMilliseconds(runs: 25) {
      for key in dayKeys { sink &+= cache.fileURL(for: key).path.utf8.count }
    }
    let shaDay = await Benchmarks.medianMilliseconds(runs: 25) {
      for key in dayKeys { sink &+= SHA256Digest(hashing: key).hexString.utf8.count }
    }
    let shaImage = await Benchmarks.medianMilliseconds(runs: 25) {
      for url in imageURLs { sink &+= SHA256Digest(hashing: url).hexString.utf8.count }
    }
    precondition(sink > 0, "the names must be built")
    let perName = 1e6 / Double(batch)
    return [
      "file_name_fnv1a_day_key_ns": fnvDay * perName,
      "file_name_sha256_day_key_ns": shaDay * perName,
      "file_name_sha256_image_url_ns": shaImage * perName,
    ]
  }
}
