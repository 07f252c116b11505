import Basics
import TestSupport
import Testing

/// Records the order of events from main-actor operations.
@MainActor
private final class EventLog {
  private(set) var events: [String] = []
  private var release: CheckedContinuation<Void, Never>?
  private var holding: CheckedContinuation<Void, Never>?

  func note(_ event: String) { events.append(event) }

  /// Suspends until `open()`; `waitUntilHeld()` returns once something is suspended here.
  func hold() async {
    await withCheckedContinuation { continuation in
      release = continuation
      holding?.resume()
      holding = nil
    }
  }

  func waitUntilHeld() async {
    guard release == nil else { return }
    await withCheckedContinuation { holding = $0 }
  }

  func open() {
    release?.resume()
    release = nil
  }
}

@MainActor
@Suite("Serial task queue: operations run in the order they were asked for")
struct SerialTaskQueueTests {
  @Test func aLaterOperationWaitsForAnEarlierOneThatIsSuspended() async throws {
    let queue = SerialTaskQueue()
    let log = EventLog()

    let first = Task { @MainActor in
      await queue.run {
        log.note("first started")
        await log.hold()
        log.note("first finished")
        return 1
      }
    }
    try await bounded("the first operation to start") { await log.waitUntilHeld() }
    let second = Task { @MainActor in
      await queue.run {
        log.note("second ran")
        return 2
      }
    }
    // Give the second operation every chance to jump the queue while the first is suspended.
    for _ in 0..<20 { await Task.yield() }
    #expect(log.events == ["first started"])

    log.open()
    #expect(try await bounded("the first operation") { await first.value } == 1)
    #expect(try await bounded("the second operation") { await second.value } == 2)
    #expect(log.events == ["first started", "first finished", "second ran"])
  }

  @Test func eachCallerGetsItsOwnOperationsResult() async {
    let queue = SerialTaskQueue()
    async let a = queue.run { "a" }
    async let b = queue.run { "b" }
    #expect(await [a, b] == ["a", "b"])
  }
}
