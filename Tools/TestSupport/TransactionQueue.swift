import Monetization

/// StoreKit's transactions on one device, as `Transaction.updates` delivers them: a new
/// transaction (a purchase, a renewal, an approved Ask to Buy) stays unfinished until the app
/// finishes it, and every new listener receives the unfinished ones first, at every launch. A
/// change to a transaction (a refund) reaches only a listener that is running.
@MainActor
public final class TransactionQueue {
  public typealias Update = VerificationResultSnapshot<TransactionSnapshot>

  /// New transactions nobody finished yet, with the signature StoreKit stored for them.
  public private(set) var unfinished: [Update] = []
  /// How many updates reached a listener since the listeners last ended.
  public private(set) var deliveredCount = 0
  /// Called for each unfinished transaction delivered again to a new listener.
  public var onRedeliver: (@MainActor (Update) -> Void)?
  private var listeners: [AsyncStream<Update>.Continuation] = []

  public init() {}

  /// Whether a listener is running.
  public var isListened: Bool { !listeners.isEmpty }

  /// A new `Transaction.updates` sequence: the unfinished transactions come first.
  public func listen() -> AsyncStream<Update> {
    let (stream, continuation) = AsyncStream<Update>.makeStream()
    listeners.append(continuation)
    for update in unfinished {
      onRedeliver?(update)
      continuation.yield(update)
      deliveredCount += 1
    }
    return stream
  }

  /// The process ended: its listeners stop, unfinished transactions stay.
  public func endListening() {
    for listener in listeners { listener.finish() }
    listeners.removeAll()
    deliveredCount = 0
  }

  /// A new transaction: kept until finished, delivered to the running listeners.
  public func deliverNew(_ update: Update) {
    remember(unfinished: update)
    deliver(update)
  }

  /// A change to a transaction, delivered to the running listeners only (never kept).
  public func deliver(_ update: Update) {
    for listener in listeners { listener.yield(update) }
    if !listeners.isEmpty { deliveredCount += 1 }
  }

  /// Keeps a new transaction as unfinished (once per id) without delivering it: a purchase's
  /// transaction comes back in the purchase result, and again at the next launch if unfinished.
  public func remember(unfinished update: Update) {
    let id = update.unsafePayloadValue.id
    if !unfinished.contains(where: { $0.unsafePayloadValue.id == id }) { unfinished.append(update) }
  }

  /// Finishes `transactionID`; returns whether it was unfinished.
  @discardableResult
  public func finish(_ transactionID: UInt64) -> Bool {
    let before = unfinished.count
    unfinished.removeAll { $0.unsafePayloadValue.id == transactionID }
    return unfinished.count < before
  }
}
