import Basics
import Foundation

/// Starts the subscription SDK, bounded: a start that never calls back must not keep the app from
/// launching. A failure (other than a missing API key) is retried later: on foreground, with
/// backoff, and before a gated paywall loads. Does nothing once started. Built by `MonetizationGraph`,
/// which hands its `retryIfDue()` to the paywall flow at construction.
@MainActor
public final class BackendStart {
  private let backend: any SubscriptionBackend
  private let entitlements: EntitlementProvider
  private let options: SDKStartOptions
  private let logger: any MonetizationLogging
  private let clock: any Clocking
  /// Set once the launch sequence is over: no retry runs before (it would race the first start).
  public private(set) var isLaunched = false
  /// Set while a failed start waits to be retried.
  private var retry: BackendStartRetry?
  private var retrying: Task<Void, Never>?

  /// - Parameter options: what the running mode's strategy tells the SDK at every start.
  public init(
    backend: any SubscriptionBackend, options: SDKStartOptions, entitlements: EntitlementProvider,
    logger: any MonetizationLogging, clock: any Clocking
  ) {
    self.backend = backend
    self.options = options
    self.entitlements = entitlements
    self.logger = logger
    self.clock = clock
  }

  /// The launch sequence is over: from now on a failed start may be retried.
  public func launchDidEnd() { isLaunched = true }

  /// Starts the SDK once, bounded by the entitlements' SDK call time limit; the result reaches
  /// the entitlement provider (`backendDidStart`).
  public func start() async {
    let mode = options.mode
    let (backend, options) = (backend, options)
    let started = await TimeLimit.run(entitlements.backendCallTimeout, clock: clock) {
      _ async -> Result<Void, SubscriptionBackendError> in
      do throws(SubscriptionBackendError) {
        try await backend.start(options: options)
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    let result: Result<Void, SubscriptionBackendError> =
      switch started {
      case .finished(let result): result
      case .timedOut: .failure(.other(detail: "start timed out"))
      }
    entitlements.backendDidStart(result)
    switch result {
    case .success:
      retry = nil
      logger.log(.backendStarted(mode: mode))
      await entitlements.synchronizeOwedSinceBeforeStart()
    case .failure(.notConfigured):
      retry = nil
      logger.log(.backendStartFailed(.notConfigured))
    case .failure(let error):
      var next = retry ?? BackendStartRetry()
      next.failed(at: clock.now)
      retry = next
      logger.log(.backendStartFailed(error))
    }
  }

  /// Starts again when a failed start's backoff allows; nothing before launch or once started.
  public func retryIfDue() async {
    guard isLaunched, let retry, retry.isDue(at: clock.now), retrying == nil else { return }
    await retryNow()
  }

  /// A gated tap: the user wants the SDK now and the network may be back, so the backoff (which
  /// paces the automatic retries) does not apply. Joins a retry already running.
  public func retryOnUserAction() async {
    guard isLaunched, retry != nil else { return }
    await retryNow()
  }

  private func retryNow() async {
    if let retrying { return await retrying.value }
    let attempt = Task { @MainActor in await self.start() }
    retrying = attempt
    await attempt.value
    retrying = nil
  }
}
