import Basics
import Foundation

/// A URL hashes its whole string and a hit looks the key up more than once, so the hash is computed
/// once.
struct ImageKey: Hashable, Sendable {
  let url: URL
  let size: ImageSize
  private let urlHash: Int

  init(url: URL, size: ImageSize) {
    self.init(url: url, urlHash: url.hashValue, size: size)
  }

  init(url: URL, urlHash: Int, size: ImageSize) {
    self.url = url
    self.size = size
    self.urlHash = urlHash
  }

  static func == (lhs: ImageKey, rhs: ImageKey) -> Bool {
    lhs.size == rhs.size && lhs.url == rhs.url
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(urlHash)
    hasher.combine(size)
  }
}

/// Reached only through `LockedMemoryImageCache`. Eviction scans for the oldest entry (O(n)), fine
/// for the few hundred images that fit in memory.
struct MemoryImageCache {
  private struct Entry {
    var image: DecodedImage
    var lastUse: UInt64
  }

  let costLimit: Int
  private var entries: [ImageKey: Entry] = [:]
  private var useCounter: UInt64 = 0
  private(set) var totalCost = 0
  private(set) var peakCost = 0

  init(costLimit: Int) {
    self.costLimit = max(0, costLimit)
  }

  var count: Int { entries.count }

  func contains(_ key: ImageKey) -> Bool { entries[key] != nil }

  /// Sizes are derived per grid, so they cannot be listed.
  func containsImage(for url: URL) -> Bool { entries.keys.contains { $0.url == url } }

  mutating func image(for key: ImageKey) -> DecodedImage? {
    // One hash lookup: the entry is updated in place through its index.
    guard let index = entries.index(forKey: key) else { return nil }
    useCounter += 1
    entries.values[index].lastUse = useCounter
    return entries.values[index].image
  }

  /// An image larger than the whole limit is not stored: the limit is never exceeded, even briefly.
  mutating func insert(_ image: DecodedImage, for key: ImageKey) {
    remove(key)
    guard image.cost <= costLimit else { return }
    while totalCost + image.cost > costLimit, let oldest = leastRecentlyUsedKey() {
      remove(oldest)
    }
    useCounter += 1
    entries[key] = Entry(image: image, lastUse: useCounter)
    totalCost += image.cost
    peakCost = max(peakCost, totalCost)
  }

  mutating func removeAll() {
    entries.removeAll()
    totalCost = 0
  }

  mutating func remove(_ key: ImageKey) {
    guard let entry = entries.removeValue(forKey: key) else { return }
    totalCost -= entry.image.cost
  }

  private func leastRecentlyUsedKey() -> ImageKey? {
    entries.min { $0.value.lastUse < $1.value.lastUse }?.key
  }
}

/// One store, not a snapshot: what the actor inserted, evicted or dropped is exactly what a
/// synchronous first-frame reader sees. The lock is never held across an `await`.
final class LockedMemoryImageCache: Sendable {
  private let cache: Locked<MemoryImageCache>

  let costLimit: Int

  init(costLimit: Int) {
    let tier = MemoryImageCache(costLimit: costLimit)
    self.costLimit = tier.costLimit
    cache = Locked(tier)
  }

  /// `body` must be quick and must not call back into this object (the lock is not recursive).
  func withLock<Result>(_ body: (inout MemoryImageCache) -> Result) -> Result {
    cache.withLock(body)
  }
}
