import Localization
import Observation

/// "Restored" only when something is active afterwards; cancelling the App Store sign-in is never an
/// error.
public enum RestoreOutcome: Sendable, Equatable, CustomStringConvertible {
  case restored
  case nothingToRestore
  /// A cached Premium is kept.
  case failed(message: String)
  case cancelled

  public var userMessage: String {
    switch self {
    case .restored: Localized.text("Your purchases were restored. Premium is active.")
    case .nothingToRestore: Localized.text("There was nothing to restore for this Apple Account.")
    case .failed(let message): message
    case .cancelled: Localized.text("Restore was cancelled.")
    }
  }

  public var description: String {
    switch self {
    case .restored: "restored"
    case .nothingToRestore: "nothingToRestore"
    case .cancelled: "cancelled"
    case .failed(let message): "failed(\(message))"
    }
  }
}

/// On an explicit user action only: it may show an App Store sign-in.
@MainActor
@Observable
public final class RestoreCoordinator {
  public private(set) var isRestoring = false
  public private(set) var lastOutcome: RestoreOutcome?

  @ObservationIgnored private let strategy: any RunningModeStrategy
  @ObservationIgnored private let entitlements: EntitlementProvider
  @ObservationIgnored private let logger: any MonetizationLogging
  @ObservationIgnored private var running: Task<RestoreOutcome, Never>?

  public init(
    strategy: any RunningModeStrategy, entitlements: EntitlementProvider, logger: any MonetizationLogging
  ) {
    self.strategy = strategy
    self.entitlements = entitlements
    self.logger = logger
  }

  public enum Origin: Sendable, Equatable {
    case profile
    /// The SDK synchronizes after the interceptor answers `.success`, so the restore does not.
    case paywall
  }

  public func restore() async -> RestoreOutcome { await restore(from: .profile) }

  /// A second call while one runs joins it instead of starting another.
  public func restore(from origin: Origin) async -> RestoreOutcome {
    if let running { return await running.value }
    let task = Task { @MainActor in await self.performRestore(synchronizes: origin == .profile) }
    running = task
    isRestoring = true
    let outcome = await task.value
    running = nil
    isRestoring = false
    lastOutcome = outcome
    logger.log(.restoreFinished(outcome))
    return outcome
  }

  private func performRestore(synchronizes: Bool) async -> RestoreOutcome {
    logger.log(.restoreStarted(mode: strategy.mode))
    // The mode's own restore (the SDK's, or `AppStore.sync()` then, from Profile, `synchronize()`).
    var failure: String?
    switch await strategy.restorePurchases(synchronizes: synchronizes) {
    case .ran: break
    case .failed(let message): failure = message
    case .cancelled:
      // The user closed the App Store sign-in: silent, and nothing to re-check.
      return .cancelled
    }
    let decision = await entitlements.refresh(.restore)
    // Report "restored" only when a live check confirms Premium, never with nothing active; a
    // cached Premium after a failure stays, but the restore still failed.
    if decision.isDefinitive && decision.entitlement.isPremium { return .restored }
    if let failure { return .failed(message: failure) }
    if decision.isDefinitive { return .nothingToRestore }
    return .failed(
      message: Localized.text("We couldn't confirm your purchases. Check your connection and try again."))
  }
}
