import Localization
import Observation

public enum RollbackReason: Sendable, Equatable, CustomStringConvertible {
  case paywallClosed
  case awaitingApproval
  case purchaseNotConfirmed

  public var description: String {
    switch self {
    case .paywallClosed: "paywallClosed"
    case .awaitingApproval: "awaitingApproval"
    case .purchaseNotConfirmed: "purchaseNotConfirmed"
    }
  }
}

public enum GateAttemptResult: Sendable, Equatable, CustomStringConvertible {
  case ran
  /// The caller undoes any optimistic UI.
  case rolledBack(RollbackReason)
  case alreadyPresenting
  case unavailable(PaywallUnavailableReason)

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

@MainActor
public protocol FeatureGating: AnyObject {
  func isUnlocked(_ feature: Feature) -> Bool
  func attempt(_ feature: Feature, action: @escaping @MainActor () async -> Void) async -> GateAttemptResult
}

@MainActor
@Observable
public final class FeatureGateCoordinator: FeatureGating {
  @ObservationIgnored private let entitlements: EntitlementProvider
  @ObservationIgnored private let paywalls: PaywallFlow
  @ObservationIgnored private let isAwaitingApproval: @MainActor () -> Bool
  @ObservationIgnored private let logger: any MonetizationLogging

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
