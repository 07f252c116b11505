/// Background work by key, first come first served, at most `limit` running at a time: the
/// pipeline's prefetches (by image and size) and its downloads for pinned favorites (by URL).
/// A key is queued once; cancelling drops it from the queue or cancels its running task, and a
/// task that ends frees its place only if it is still the one running for its key.
struct BackgroundFetchQueue<Key: Hashable> {
  var limit: Int
  private var waiting: [Key] = []
  private var running: [Key: (id: UInt64, task: Task<Void, Never>)] = [:]
  private var lastID: UInt64 = 0

  init(limit: Int) {
    self.limit = limit
  }

  /// Keys queued or running.
  var outstanding: Int { waiting.count + running.count }

  /// Whether `key` is queued or running.
  func contains(_ key: Key) -> Bool {
    running[key] != nil || waiting.contains(key)
  }

  /// Queues `key` behind the others (the caller checks `contains` first).
  mutating func enqueue(_ key: Key) {
    waiting.append(key)
  }

  /// Starts queued keys while fewer than `limit` run: `start` makes each one's task, which calls
  /// `finished(_:id:)` with the id it is given when it ends.
  mutating func startWaiting(_ start: (Key, UInt64) -> Task<Void, Never>) {
    while running.count < limit, !waiting.isEmpty {
      let key = waiting.removeFirst()
      lastID += 1
      running[key] = (lastID, start(key, lastID))
    }
  }

  /// The task `id` for `key` has ended: its place is free unless a newer task runs for the key.
  mutating func finished(_ key: Key, id: UInt64) {
    if running[key]?.id == id { running[key] = nil }
  }

  /// Drops the queued keys `cancels` picks and cancels the running ones.
  mutating func cancel(where cancels: (Key) -> Bool) {
    waiting.removeAll(where: cancels)
    for (key, work) in running where cancels(key) {
      work.task.cancel()
      running[key] = nil
    }
  }
}
