/// A task that ends frees its place only if it is still the one running for its key.
struct BackgroundFetchQueue<Key: Hashable> {
  var limit: Int
  private var waiting: [Key] = []
  private var running: [Key: (id: UInt64, task: Task<Void, Never>)] = [:]
  private var lastID: UInt64 = 0

  init(limit: Int) {
    self.limit = limit
  }

  var outstanding: Int { waiting.count + running.count }

  func contains(_ key: Key) -> Bool {
    running[key] != nil || waiting.contains(key)
  }

  /// The caller checks `contains` first.
  mutating func enqueue(_ key: Key) {
    waiting.append(key)
  }

  /// `start` makes each key's task, which calls `finished(_:id:)` with the id it is given when it ends.
  mutating func startWaiting(_ start: (Key, UInt64) -> Task<Void, Never>) {
    while running.count < limit, !waiting.isEmpty {
      let key = waiting.removeFirst()
      lastID += 1
      running[key] = (lastID, start(key, lastID))
    }
  }

  mutating func finished(_ key: Key, id: UInt64) {
    if running[key]?.id == id { running[key] = nil }
  }

  mutating func cancel(where cancels: (Key) -> Bool) {
    waiting.removeAll(where: cancels)
    for (key, work) in running where cancels(key) {
      work.task.cancel()
      running[key] = nil
    }
  }
}
