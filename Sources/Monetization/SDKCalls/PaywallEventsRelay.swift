import Basics

/// The SDK adapter must exist before the Core graph that answers it, so neither takes the other at
/// construction: both take this relay, which `AppMonetization`'s initialiser answers once. Before
/// Core answered the adapter answers the SDK `.failed`, so nothing is bought behind Core's back.
/// Dismissals are delivered exactly once, in order, whatever thread reports them.
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

  /// Dismissals reported earlier are delivered now. Returns `false`, changing nothing, when Core
  /// already answered.
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

  public var interceptor: PaywallInterceptor? {
    state.withLock { $0.interceptor }
  }

  public var isAnswered: Bool {
    state.withLock { $0.isAnswered }
  }

  public func paywallDismissed(_ outcome: PaywallOutcome) {
    let delivers = state.withLock { (state: inout State) -> Bool in
      state.waiting.append(outcome)
      return claimDelivery(&state)
    }
    if delivers { deliverWaiting() }
  }

  private func claimDelivery(_ state: inout State) -> Bool {
    guard state.receiver != nil, !state.waiting.isEmpty, !state.isDelivering else { return false }
    state.isDelivering = true
    return true
  }

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
