import Basics
import Foundation

/// One decoded rendition of one image: the same URL at two sizes is two entries.
///
/// Hashed by the URL's hash computed once when the key is made (a URL hashes its whole string,
/// and a hit looks the key up more than once); equality still compares the URLs themselves.
struct ImageKey: Hashable, Sendable {
  let url: URL
  let size: ImageSize
  private let urlHash: Int

  init(url: URL, size: ImageSize) {
    self.init(url: url, urlHash: url.hashValue, size: size)
  }

  /// A key for a URL whose hash is already known (a resolved URL keeps it).
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

/// The memory tier: decoded images, least recently used first out, bounded by decoded cost.
///
/// Not thread-safe by itself; the pipeline reaches it only through `LockedMemoryImageCache`. Lookups and inserts are O(1); eviction scans for
/// the oldest entry (O(n)), which is fine for the few hundred images that fit in memory.
struct MemoryImageCache {
  private struct Entry {
    var image: DecodedImage
    var lastUse: UInt64
  }

  /// The most decoded bytes ever held at once. Never above `costLimit`.
  let costLimit: Int
  private var entries: [ImageKey: Entry] = [:]
  private var useCounter: UInt64 = 0
  /// Sum of the costs of the cached images.
  private(set) var totalCost = 0
  /// The highest `totalCost` reached, for the "never above its limit" check.
  private(set) var peakCost = 0

  init(costLimit: Int) {
    self.costLimit = max(0, costLimit)
  }

  var count: Int { entries.count }

  func contains(_ key: ImageKey) -> Bool { entries[key] != nil }

  /// Whether `url` is held at any size (sizes are derived per grid, so they cannot be listed).
  func containsImage(for url: URL) -> Bool { entries.keys.contains { $0.url == url } }

  /// The image for `key`, marking it most recently used.
  mutating func image(for key: ImageKey) -> DecodedImage? {
    // One hash lookup: the entry is updated in place through its index.
    guard let index = entries.index(forKey: key) else { return nil }
    useCounter += 1
    entries.values[index].lastUse = useCounter
    return entries.values[index].image
  }

  /// Stores `image`, first evicting least recently used images until it fits. An image larger
  /// than the whole limit is not stored at all: the limit is never exceeded, even briefly.
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

  /// Empties the tier (memory warning).
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

/// The memory tier behind a lock: the one copy both the pipeline actor and synchronous
/// first-frame lookups (`ImagePipeline.imageInMemoryNow(for:size:)`) read and write.
///
/// One store, not a snapshot: whatever the actor inserted, evicted or dropped is exactly what a
/// synchronous reader sees once the actor's call has returned. The lock is held only for the
/// dictionary work inside `withLock`, never across an `await`.
final class LockedMemoryImageCache: Sendable {
  private let cache: Locked<MemoryImageCache>

  /// The tier's limit in decoded bytes (immutable, so it needs no lock).
  let costLimit: Int

  init(costLimit: Int) {
    let tier = MemoryImageCache(costLimit: costLimit)
    self.costLimit = tier.costLimit
    cache = Locked(tier)
  }

  /// Runs `body` on the tier with the lock held. `body` must be quick and must not call back
  /// into this object (the lock is not recursive).
  func withLock<Result>(_ body: (inout MemoryImageCache) -> Result) -> Result {
    cache.withLock(body)
  }
}
