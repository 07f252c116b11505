import Basics

/// Nothing may use the SDK before its start has finished, and a paywall tap can come while launch
/// is still starting it. While an attempt is under way a new call waits for it instead of starting
/// the SDK again beside it (Core's time limit may have given up on it, the SDK has not); only the
/// latest attempt settles the gate.
public final class SDKStartGate: Sendable {
  public enum Phase: Sendable, Equatable {
    case pending
    case started
    case failed(SubscriptionBackendError)
  }

  private struct State: Sendable {
    var phase: Phase = .pending
    var latestAttempt: UInt64 = 0
    var isAttemptUnderWay = false
    var waiters = Waiters<Phase>()
  }

  private enum Step: Sendable {
    case done(Result<Void, SubscriptionBackendError>)
    case waitForAttemptUnderWay
    case attempt(UInt64)
  }

  private let state = Locked(State())

  public init() {}

  public var phase: Phase {
    state.withLock { $0.phase }
  }

  public var waiterCount: Int {
    state.withLock { $0.waiters.count }
  }

  /// `prepare` runs on every call, so it must be idempotent.
  public func start(
    prepare: @Sendable () async -> Void,
    attempt: @Sendable () async -> Result<Void, SubscriptionBackendError>
  ) async -> Result<Void, SubscriptionBackendError> {
    await prepare()
    let step = state.withLock { (state: inout State) -> Step in
      if state.phase == .started { return .done(.success(())) }
      if state.isAttemptUnderWay { return .waitForAttemptUnderWay }
      state.latestAttempt += 1
      state.isAttemptUnderWay = true
      state.phase = .pending
      return .attempt(state.latestAttempt)
    }
    switch step {
    case .done(let result):
      return result
    case .waitForAttemptUnderWay:
      switch await waitUntilSettled() {
      case .started: return .success(())
      case .failed(let error): return .failure(error)
      case .pending, nil:
        return .failure(.other(detail: "gave up waiting for the start under way"))
      }
    case .attempt(let number):
      let result = await attempt()
      settle(attempt: number, result)
      return result
    }
  }

  public func settle(attempt number: UInt64, _ result: Result<Void, SubscriptionBackendError>) {
    let phase: Phase =
      switch result {
      case .success: .started
      case .failure(let error): .failed(error)
      }
    let waiters = state.withLock { (state: inout State) -> [CheckedContinuation<Phase?, Never>] in
      guard number == state.latestAttempt, state.isAttemptUnderWay else { return [] }
      state.isAttemptUnderWay = false
      state.phase = phase
      return state.waiters.takeAll()
    }
    for waiter in waiters { waiter.resume(returning: phase) }
  }

  /// `nil` when the waiting task was cancelled first (Core cancels a paywall load that timed out).
  public func waitUntilSettled() async -> Phase? {
    let id = state.withLock { $0.waiters.makeID() }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Phase?, Never>) in
        let resolved = state.withLock { (state: inout State) -> Phase?? in
          if state.phase != .pending {
            state.waiters.forget(id)
            return .some(state.phase)
          }
          return state.waiters.register(id, continuation) ? .none : .some(nil)
        }
        if let resolved { continuation.resume(returning: resolved) }
      }
    } onCancel: {
      let waiter = state.withLock { $0.waiters.cancel(id, stillWaiting: $0.phase == .pending) }
      waiter?.resume(returning: nil)
    }
  }

  public static func loadFailure(after settled: Phase?) -> PaywallLoadFailure? {
    switch settled {
    case .started: nil
    case nil: .error(detail: "cancelled while the subscription SDK was starting")
    case .failed(.notConfigured): .notConfigured
    case .failed(.network): .noNetwork
    case .failed(let error): .error(detail: "the subscription SDK did not start: \(error)")
    case .pending: .error(detail: "the subscription SDK has not started")
    }
  }
}
