import Basics

/// The result of work run under a time limit.
public enum TimeLimited<Value: Sendable>: Sendable {
  case finished(Value)
  /// The limit ran out first, or the waiting task was cancelled: the caller gave up on the work.
  case timedOut
}

extension TimeLimited: Equatable where Value: Equatable {}

/// The one race between work and a timer on the injected clock, for everything Core bounds: SDK
/// calls (start, check, synchronize, restore), a paywall's load and its display watchdog, and a
/// promotional offer's signature. A callback that never fires must not leave anything waiting
/// forever.
///
/// Whichever ends first resumes the caller, exactly once; the timer's sleep is then cancelled, and
/// so is the work when `cancelsWork` is set. The work and the timer are unstructured tasks on
/// purpose: work that ignores cancellation (an SDK callback that never comes) must not keep the
/// caller waiting, as a task group would. Cancelling the waiting task gives up at once.
///
/// Both tasks run on the main actor, work first: work that answers without suspending (or a
/// paywall shown at once) ends the race before the timer is armed, so no sleep is left on the
/// clock for a test to trip over. The race's state is behind a lock all the same, because the
/// cancellation handler runs on whatever thread cancels the caller.
@MainActor
public enum TimeLimit {
  /// Runs `operation`, or gives up after `limit` measured by `clock`. `operation` receives a
  /// handle whose `stopTimer()` lets it run as long as it needs from then on (a paywall that has
  /// appeared stays up as long as the user likes).
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

/// Lets the work of a `TimeLimit.run` stop its timer.
public struct TimeLimitTimer: Sendable {
  fileprivate let race: any TimerStopping

  /// Stops the timer: the work may now take as long as it needs.
  public func stopTimer() {
    race.stopTimer()
  }
}

private protocol TimerStopping: Sendable {
  func stopTimer()
}

/// The state of one race, behind a lock: the work, the timer and the finish can come from any
/// thread, in any order (the timer can end before the tasks were even stored).
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

  /// Keeps the caller's continuation; `false` (after resuming it) when the race was given up
  /// before it began (the caller was cancelled already).
  func begin(_ continuation: CheckedContinuation<TimeLimited<Value>, Never>) -> Bool {
    let isFinished = state.withLock { (state: inout State) -> Bool in
      if !state.isFinished { state.continuation = continuation }
      return state.isFinished
    }
    if isFinished { continuation.resume(returning: .timedOut) }
    return !isFinished
  }

  /// Keeps the tasks, cancelling at once what a finish or a stop that came first asks for.
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

  /// Resolves the race the first time; later calls do nothing.
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
