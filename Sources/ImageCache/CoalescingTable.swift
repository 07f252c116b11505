/// A caller that goes away is removed alone; when the last one goes, the job's task is handed back
/// to be cancelled. Not thread-safe: the pipeline actor owns it; a class, so that one generic
/// pipeline method serves every table.
final class CoalescingTable<Key: Hashable, Value: Sendable> {
  typealias Waiter = CheckedContinuation<Value, any Error>

  private struct Job {
    let id: UInt64
    let task: Task<Void, Never>
    var waiters: [UInt64: Waiter]
  }

  private var jobs: [Key: Job] = [:]
  private var lastID: UInt64 = 0

  var count: Int { jobs.count }

  func makeID() -> UInt64 {
    lastID += 1
    return lastID
  }

  func isRunning(_ key: Key) -> Bool { jobs[key] != nil }

  func start(_ key: Key, id: UInt64, task: Task<Void, Never>) {
    jobs[key] = Job(id: id, task: task, waiters: [:])
  }

  func addWaiter(_ waiter: Waiter, id: UInt64, to key: Key) -> Bool {
    guard jobs[key] != nil else { return false }
    jobs[key]?.waiters[id] = waiter
    return true
  }

  /// When it was the last waiter, returns the job's task, which the caller cancels; the job is
  /// forgotten then, so that a new request starts fresh work.
  func removeWaiter(
    _ id: UInt64, from key: Key
  ) -> (waiter: Waiter?, orphanedTask: Task<Void, Never>?) {
    guard var job = jobs[key], let waiter = job.waiters.removeValue(forKey: id) else { return (nil, nil) }
    if job.waiters.isEmpty {
      jobs[key] = nil
      return (waiter, job.task)
    }
    jobs[key] = job
    return (waiter, nil)
  }

  /// A job that was already abandoned (maybe replaced by a newer one for the key) returns no waiters.
  func finish(_ key: Key, id: UInt64) -> [Waiter] {
    guard let job = jobs[key], job.id == id else { return [] }
    jobs[key] = nil
    return Array(job.waiters.values)
  }
}
