import Basics

/// Where the subscription SDK's own paywall events reach Core: the Observer-mode purchase and
/// restore buttons (answered by Core's `PaywallInterceptor`) and the results of paywalls the SDK
/// opened by itself (a promoted purchase, a deeplink).
///
/// The SDK adapter must exist before the Core graph that answers it (the graph is built over the
/// adapter), so neither can take the other at construction. Both take this relay instead: the
/// app builds it first, hands it to the adapter and to `AppMonetization`, whose initialiser answers
/// it once. Nothing is routed after construction.
///
/// Rules:
/// - Core answers once (`answer`); a later answer changes nothing.
/// - Before Core answered there is no interceptor: the adapter answers the SDK `.failed`, so
///   nothing is bought behind Core's back (the SDK cannot start before Core answered anyway).
/// - A dismissal reported before Core answered waits and is delivered when it answers; every
///   dismissal is delivered exactly once, in the order reported, one at a time, whatever thread
///   reports it.
public final class PaywallEventsRelay: Sendable {
  private struct State: Sendable {
    var isAnswered = false
    var interceptor: PaywallInterceptor?
    var receiver: (@Sendable (PaywallOutcome) -> Void)?
    var waiting: [PaywallOutcome] = []
    /// One caller at a time hands dismissals to the receiver, so they arrive in order.
    var isDelivering = false
  }

  private let state = Locked(State())

  public init() {}

  /// Core's answers: the interceptor for the paywall's buttons (`nil` when the running mode has
  /// the SDK buy and restore by itself) and where SDK-opened paywalls' results go. Dismissals
  /// reported earlier are delivered now. Returns `false`, changing nothing, when Core already
  /// answered.
  @discardableResult
  public func answer(
    interceptor: PaywallInterceptor?, dismissals receiver: @escaping @Sendable (PaywallOutcome) -> Void
  ) -> Bool {
    let (answered, delivers) = state.withLock { (state: inout State) -> (Bool, Bool) in
      guard !state.isAnswered else { return (false, false) }
      state.isAnswered = true
      state.interceptor = interceptor
      state.receiver = receiver
      return (true, claimDelivery(&state))
    }
    if delivers { deliverWaiting() }
    return answered
  }

  /// The interceptor the paywall's purchase and restore buttons go to; `nil` before Core answered
  /// and when the running mode has none.
  public var interceptor: PaywallInterceptor? {
    state.withLock { $0.interceptor }
  }

  /// Whether Core has answered.
  public var isAnswered: Bool {
    state.withLock { $0.isAnswered }
  }

  /// A paywall the SDK opened by itself was dismissed: delivered to Core, or kept until it answers.
  public func paywallDismissed(_ outcome: PaywallOutcome) {
    let delivers = state.withLock { (state: inout State) -> Bool in
      state.waiting.append(outcome)
      return claimDelivery(&state)
    }
    if delivers { deliverWaiting() }
  }

  /// Claims the delivery when there is a receiver, something waits and nobody delivers already.
  private func claimDelivery(_ state: inout State) -> Bool {
    guard state.receiver != nil, !state.waiting.isEmpty, !state.isDelivering else { return false }
    state.isDelivering = true
    return true
  }

  /// Hands every waiting dismissal to the receiver, outside the lock, until none is left
  /// (dismissals reported meanwhile are picked up in order).
  private func deliverWaiting() {
    while true {
      let batch = state.withLock {
        (state: inout State) -> (receiver: @Sendable (PaywallOutcome) -> Void, outcomes: [PaywallOutcome])? in
        guard let receiver = state.receiver, !state.waiting.isEmpty else {
          state.isDelivering = false
          return nil
        }
        defer { state.waiting.removeAll() }
        return (receiver, state.waiting)
      }
      guard let batch else { return }
      for outcome in batch.outcomes { batch.receiver(outcome) }
    }
  }
}
