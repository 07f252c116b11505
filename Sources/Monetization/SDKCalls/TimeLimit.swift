import Basics

public enum TimeLimited<Value: Sendable>: Sendable {
  case finished(Value)
  /// The limit ran out first, or the waiting task was cancelled: the caller gave up on the work.
  case timedOut
}

extension TimeLimited: Equatable where Value: Equatable {}

/// A callback that never fires must not leave anything waiting forever. The work and the timer are
/// unstructured tasks on purpose: work that ignores cancellation must not keep the caller waiting, as
/// a task group would. Work runs first, so work that answers without suspending ends the race before
/// the timer is armed (no sleep left on the clock for a test to trip over).
@MainActor
public enum TimeLimit {
  /// `stopTimer()` lets `operation` run as long as it needs from then on (a paywall that has appeared
  /// stays up as long as the user likes).
  public static func run<Value: Sendable>(
    _ limit: Duration, clock: any Clocking, cancelsWork: Bool = true,
    _ operation: @escaping @MainActor (_ timer: TimeLimitTimer) async -> Value
  ) async -> TimeLimited<Value> {
    let race = TimeLimitRace<Value>(cancelsWork: cancelsWork)
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<TimeLimited<Value>, Never>) in
        guard race.begin(continuation) else { return }
        let work = Task { @MainActor in race.finish(.finished(await operation(TimeLimitTimer(race: race)))) }
        let timer = Task { @MainActor in
          do {
            try await clock.sleep(for: limit)
          } catch {
            return
          }
          race.finish(.timedOut)
        }
        race.hold(work: work, timer: timer)
      }
    } onCancel: {
      race.finish(.timedOut)
    }
  }
}

public struct TimeLimitTimer: Sendable {
  fileprivate let race: any TimerStopping

  public func stopTimer() {
    race.stopTimer()
  }
}

private protocol TimerStopping: Sendable {
  func stopTimer()
}

/// The work, the timer and the finish can come from any thread, in any order.
private final class TimeLimitRace<Value: Sendable>: TimerStopping {
  private struct State: Sendable {
    var continuation: CheckedContinuation<TimeLimited<Value>, Never>?
    var isFinished = false
    var isTimerStopped = false
    var work: Task<Void, Never>?
    var timer: Task<Void, Never>?
  }

  private let cancelsWork: Bool
  private let state = Locked(State())

  init(cancelsWork: Bool) {
    self.cancelsWork = cancelsWork
  }

  func begin(_ continuation: CheckedContinuation<TimeLimited<Value>, Never>) -> Bool {
    let isFinished = state.withLock { (state: inout State) -> Bool in
      if !state.isFinished { state.continuation = continuation }
      return state.isFinished
    }
    if isFinished { continuation.resume(returning: .timedOut) }
    return !isFinished
  }

  func hold(work: Task<Void, Never>, timer: Task<Void, Never>) {
    let (cancelWork, cancelTimer) = state.withLock { (state: inout State) -> (Bool, Bool) in
      state.work = work
      state.timer = timer
      return (state.isFinished && cancelsWork, state.isFinished || state.isTimerStopped)
    }
    if cancelWork { work.cancel() }
    if cancelTimer { timer.cancel() }
  }

  func stopTimer() {
    let timer = state.withLock { (state: inout State) -> Task<Void, Never>? in
      state.isTimerStopped = true
      return state.timer
    }
    timer?.cancel()
  }

  func finish(_ result: TimeLimited<Value>) {
    let ended = state.withLock {
      (
        state: inout State
      ) -> (CheckedContinuation<TimeLimited<Value>, Never>?, Task<Void, Never>?, Task<Void, Never>?)? in
      guard !state.isFinished else { return nil }
      state.isFinished = true
      defer { state.continuation = nil }
      return (state.continuation, state.work, state.timer)
    }
    guard let (continuation, work, timer) = ended else { return }
    timer?.cancel()
    if cancelsWork { work?.cancel() }
    continuation?.resume(returning: result)
  }
}
