/// A cancellation can reach the owner before the waiter registered: the id is then remembered, and
/// the registration resolves with `nil` instead of waiting for a value nobody may ever deliver.
struct Waiters<Value: Sendable>: Sendable {
  private var lastID: UInt64 = 0
  private var waiting: [UInt64: CheckedContinuation<Value?, Never>] = [:]
  private var cancelledBeforeRegistering: Set<UInt64> = []

  var count: Int { waiting.count }

  mutating func makeID() -> UInt64 {
    lastID += 1
    return lastID
  }

  mutating func register(_ id: UInt64, _ continuation: CheckedContinuation<Value?, Never>) -> Bool {
    if cancelledBeforeRegistering.remove(id) != nil { return false }
    waiting[id] = continuation
    return true
  }

  mutating func forget(_ id: UInt64) {
    cancelledBeforeRegistering.remove(id)
  }

  mutating func cancel(_ id: UInt64, stillWaiting: Bool) -> CheckedContinuation<Value?, Never>? {
    if let continuation = waiting.removeValue(forKey: id) { return continuation }
    if stillWaiting { cancelledBeforeRegistering.insert(id) }
    return nil
  }

  mutating func takeAll() -> [CheckedContinuation<Value?, Never>] {
    let all = Array(waiting.values)
    waiting.removeAll()
    return all
  }
}
