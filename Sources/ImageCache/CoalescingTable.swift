/// Work in flight, shared by every caller that asks for the same key while it runs.
///
/// Each job is one unstructured `Task` plus the continuations of the callers waiting for it.
/// A caller that goes away is removed alone; when the last one goes, the job's task is handed
/// back to be cancelled. Not thread-safe (not `Sendable`): the pipeline actor owns it and does
/// every mutation; it is a class so that one generic pipeline method serves every table.
final class CoalescingTable<Key: Hashable, Value: Sendable> {
  typealias Waiter = CheckedContinuation<Value, any Error>

  private struct Job {
    let id: UInt64
    let task: Task<Void, Never>
    var waiters: [UInt64: Waiter]
  }

  private var jobs: [Key: Job] = [:]
  private var lastID: UInt64 = 0

  /// Jobs currently running.
  var count: Int { jobs.count }

  /// A fresh identifier for a job or a waiter.
  func makeID() -> UInt64 {
    lastID += 1
    return lastID
  }

  func isRunning(_ key: Key) -> Bool { jobs[key] != nil }

  /// Records a job started for `key` with no waiters yet.
  func start(_ key: Key, id: UInt64, task: Task<Void, Never>) {
    jobs[key] = Job(id: id, task: task, waiters: [:])
  }

  /// Adds a waiter to the running job. Returns false when no job runs for `key`.
  func addWaiter(_ waiter: Waiter, id: UInt64, to key: Key) -> Bool {
    guard jobs[key] != nil else { return false }
    jobs[key]?.waiters[id] = waiter
    return true
  }

  /// Removes one waiter. Returns its continuation (nil if it was already resumed) and, when it
  /// was the last waiter, the job's task, which the caller cancels; the job is forgotten then so
  /// that a new request starts fresh work.
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

  /// Ends job `id` and returns its waiters to resume. A job that was already abandoned (and maybe
  /// replaced by a newer one for the same key) returns no waiters.
  func finish(_ key: Key, id: UInt64) -> [Waiter] {
    guard let job = jobs[key], job.id == id else { return [] }
    jobs[key] = nil
    return Array(job.waiters.values)
  }
}
