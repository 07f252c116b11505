/// Continuations waiting for a value, each with an id so its task's cancellation can find it.
///
/// Kept inside the owner's `Locked` state and only changed under that lock. A cancellation can
/// reach the owner before the waiter registered (the cancellation handler runs at once when the
/// task is already cancelled): the id is then remembered, and the registration resolves with
/// `nil` instead of waiting for a value that nobody may ever deliver.
struct Waiters<Value: Sendable>: Sendable {
  private var lastID: UInt64 = 0
  private var waiting: [UInt64: CheckedContinuation<Value?, Never>] = [:]
  private var cancelledBeforeRegistering: Set<UInt64> = []

  /// How many continuations are waiting.
  var count: Int { waiting.count }

  /// A new waiter id.
  mutating func makeID() -> UInt64 {
    lastID += 1
    return lastID
  }

  /// Keeps `continuation` under `id`, or returns `false` when that id was cancelled already (the
  /// caller resumes it with `nil`).
  mutating func register(_ id: UInt64, _ continuation: CheckedContinuation<Value?, Never>) -> Bool {
    if cancelledBeforeRegistering.remove(id) != nil { return false }
    waiting[id] = continuation
    return true
  }

  /// Drops the id a registration resolved without waiting (the value was there already).
  mutating func forget(_ id: UInt64) {
    cancelledBeforeRegistering.remove(id)
  }

  /// The cancelled waiter's continuation to resume with `nil`, or `nil` when it has not
  /// registered yet (it is remembered, see `register`) or was released already.
  mutating func cancel(_ id: UInt64, stillWaiting: Bool) -> CheckedContinuation<Value?, Never>? {
    if let continuation = waiting.removeValue(forKey: id) { return continuation }
    if stillWaiting { cancelledBeforeRegistering.insert(id) }
    return nil
  }

  /// Every waiting continuation, removed, to resume with the value.
  mutating func takeAll() -> [CheckedContinuation<Value?, Never>] {
    let all = Array(waiting.values)
    waiting.removeAll()
    return all
  }
}
