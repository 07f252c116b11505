import Localization
import Observation

/// Why a gated action did not run after the paywall closed.
public enum RollbackReason: Sendable, Equatable, CustomStringConvertible {
  /// The user closed the paywall without buying.
  case paywallClosed
  /// Ask to Buy: the purchase waits for approval; the later update unlocks.
  case awaitingApproval
  /// The paywall reported a purchase or restore, but the re-check did not confirm Premium.
  case purchaseNotConfirmed

  public var description: String {
    switch self {
    case .paywallClosed: "paywallClosed"
    case .awaitingApproval: "awaitingApproval"
    case .purchaseNotConfirmed: "purchaseNotConfirmed"
    }
  }
}

/// What happened to a gated action.
public enum GateAttemptResult: Sendable, Equatable, CustomStringConvertible {
  /// The action ran (directly, or after the paywall unlocked the feature).
  case ran
  /// The action did not run; the caller undoes any optimistic UI.
  case rolledBack(RollbackReason)
  /// A paywall was already up: this tap was ignored.
  case alreadyPresenting
  /// No paywall could be shown; the action did not run.
  case unavailable(PaywallUnavailableReason)

  /// What to tell the user when the action did not run, or `nil` when silence is right (it ran,
  /// the user closed the paywall, or a paywall is already up).
  public var userNotice: String? {
    switch self {
    case .ran, .alreadyPresenting, .rolledBack(.paywallClosed): nil
    case .rolledBack(.awaitingApproval):
      Localized.text("Waiting for approval. This unlocks as soon as your request is approved.")
    case .rolledBack(.purchaseNotConfirmed):
      Localized.text(
        "We couldn't confirm your purchase yet. If you were charged, tap Restore Purchases in Profile.")
    case .unavailable(let reason): reason.userMessage
    }
  }

  public var description: String {
    switch self {
    case .ran: "ran"
    case .rolledBack(let reason): "rolledBack(\(reason))"
    case .alreadyPresenting: "alreadyPresenting"
    case .unavailable(let reason): "unavailable(\(reason))"
    }
  }
}

/// The narrow surface feature modules need: ask whether a capability is unlocked, and run an
/// action behind its gate.
@MainActor
public protocol FeatureGating: AnyObject {
  func isUnlocked(_ feature: Feature) -> Bool
  func attempt(_ feature: Feature, action: @escaping @MainActor () async -> Void) async -> GateAttemptResult
}

/// Runs premium actions: unlocked → run; otherwise present the `premium` placement, wait for the
/// outcome, re-check, run if now unlocked, else roll back.
@MainActor
@Observable
public final class FeatureGateCoordinator: FeatureGating {
  @ObservationIgnored private let entitlements: EntitlementProvider
  @ObservationIgnored private let paywalls: PaywallFlow
  @ObservationIgnored private let isAwaitingApproval: @MainActor () -> Bool
  @ObservationIgnored private let logger: any MonetizationLogging

  /// - Parameter isAwaitingApproval: whether an Ask to Buy purchase is waiting, to explain a
  ///   rollback.
  public init(
    entitlements: EntitlementProvider, paywalls: PaywallFlow,
    isAwaitingApproval: @escaping @MainActor () -> Bool, logger: any MonetizationLogging
  ) {
    self.entitlements = entitlements
    self.paywalls = paywalls
    self.isAwaitingApproval = isAwaitingApproval
    self.logger = logger
  }

  public func isUnlocked(_ feature: Feature) -> Bool {
    entitlements.isUnlocked(feature)
  }

  public func attempt(
    _ feature: Feature, action: @escaping @MainActor () async -> Void
  ) async -> GateAttemptResult {
    let result = await resolve(feature, action: action)
    logger.log(.gateAttempted(feature: feature, result: result))
    return result
  }

  private func resolve(
    _ feature: Feature, action: @escaping @MainActor () async -> Void
  ) async -> GateAttemptResult {
    if entitlements.isUnlocked(feature) {
      await action()
      return .ran
    }
    // An unknown state also opens the paywall on tap: only automatic paywalls wait for an answer.
    switch await paywalls.present(placement: Placement.premium) {
    case .alreadyPresenting:
      return .alreadyPresenting
    case .unavailable(let reason):
      return .unavailable(reason)
    case .dismissed(let outcome):
      if entitlements.isUnlocked(feature) {
        await action()
        return .ran
      }
      if isAwaitingApproval() { return .rolledBack(.awaitingApproval) }
      switch outcome.purchaseResult {
      case .purchased, .restored: return .rolledBack(.purchaseNotConfirmed)
      case .cancelled, .none: return .rolledBack(.paywallClosed)
      }
    }
  }
}
