import Basics

/// The SDK's server may never answer, and the user must not wait on a spinning paywall for it.
public enum OfferSigning {
  /// Then the offer counts as not signable (Core refuses to charge the standard price silently).
  public static let timeout: Duration = .seconds(10)

  @MainActor
  public static func wait(
    for relay: OneShotRelay<PromotionalOfferRequest>, clock: any Clocking, timeout: Duration = timeout
  ) async -> PromotionalOfferRequest {
    switch await TimeLimit.run(timeout, clock: clock, { _ in await relay.value() }) {
    case .finished(let request?): request
    case .finished(nil), .timedOut: .signingFailed(detail: "timed out")
    }
  }
}
