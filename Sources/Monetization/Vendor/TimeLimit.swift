import Basics

/// The result of work run under a time limit.
public enum TimeLimited<Value: Sendable>: Sendable {
  case finished(Value)
  case timedOut
}

/// Bounds calls into vendor SDKs: a callback that never fires must not leave a launch, a check or
/// a restore waiting forever. The loser of the race is cancelled and the caller resumes once.
@MainActor
public enum TimeLimit {
  /// Runs `operation`, or gives up after `limit` (measured by `clock`).
  public static func run<Value: Sendable>(
    _ limit: Duration, clock: any Clocking,
    _ operation: @escaping @MainActor () async -> Value
  ) async -> TimeLimited<Value> {
    let race = Race<Value>()
    return await withCheckedContinuation { continuation in
      race.continuation = continuation
      race.work = Task { @MainActor in
        let value = await operation()
        race.finish(.finished(value))
      }
      race.timer = Task { @MainActor in
        do {
          try await clock.sleep(for: limit)
        } catch {
          return
        }
        race.finish(.timedOut)
      }
    }
  }

  @MainActor
  private final class Race<Value: Sendable> {
    var continuation: CheckedContinuation<TimeLimited<Value>, Never>?
    var work: Task<Void, Never>?
    var timer: Task<Void, Never>?

    func finish(_ result: TimeLimited<Value>) {
      guard let continuation else { return }
      self.continuation = nil
      work?.cancel()
      timer?.cancel()
      continuation.resume(returning: result)
    }
  }
}
