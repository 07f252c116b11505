import Basics

/// Waiting for the subscription SDK to sign a promotional offer: its server may never answer, and
/// the user must not wait on a spinning paywall for it.
public enum OfferSigning {
  /// How long a signature may take before the offer counts as not signable (Core then refuses to
  /// charge the standard price silently).
  public static let timeout: Duration = .seconds(10)

  /// The signature `relay` receives, or `.signingFailed` when `timeout` runs out on `clock`
  /// first. The timer's sleep is cancelled as soon as the signature arrives; a signature that
  /// arrives after the timeout changes nothing.
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
