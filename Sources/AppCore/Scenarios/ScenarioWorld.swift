import Foundation
import Monetization

/// The simulated outside world a scenario runs in: the App Store account, the subscription
/// backend, the SDK's paywalls, the device's storage and the clock. `AppModel` talks to it only
/// through the Monetization protocols, so the simulator drives the same code as the app.
///
/// Each launch gets a new *generation* of adapters; when the app quits, the old generation goes
/// silent (its calls do nothing), as a killed process would.
final class ScenarioWorld {
  /// One subscription on the Apple Account.
  struct Subscription {
    enum State {
      case active
      case gracePeriod(until: Date)
      case billingRetry
      case revoked(at: Date)
    }

    var product: ScenarioCatalog.Product
    var transactionID: UInt64
    var originalID: UInt64
    var purchaseDate: Date
    var expirationDate: Date
    var willAutoRenew: Bool
    var state: State
    var familyShared: Bool
    var onThisDevice: Bool
    var knownToBackend: Bool
    var sandbox: Bool
    var verified: Bool
  }

  /// What a subscription is at a given time.
  enum EffectiveState: Equatable {
    case subscribed, grace, billingRetry, expired, revoked
  }

  let transcript: ScenarioTranscript
  let time: ScenarioTimeSource
  var online: Bool
  var subscriptions: [Subscription] = []
  var askToBuy: [String] = []
  var backendStart: BackendStartBehaviour
  var backendCheck: BackendCheckBehaviour
  var paywalls: [String: PaywallBehaviour]
  var appTransaction: AppTransactionSnapshot?
  var nextPurchase: ScriptedPurchase?

  private(set) var generation = 0
  private(set) var callCounts: [String: Int] = [:]
  private(set) var displayedPlacements: [String] = []
  private(set) var finishedTransactions: [UInt64] = []
  private(set) var sentUpdates = 0
  private var nextTransactionID: UInt64 = 1001
  private var unfinished: [TransactionSnapshot] = []
  private var updates: AsyncStream<VerificationResultSnapshot<TransactionSnapshot>>.Continuation?
  private var waitingDisplay: (placement: String, continuation: CheckedContinuation<PaywallOutcome, Never>)?
  private var hangingLoads = 0
  private var sleepers: [(id: Int, deadline: Date, continuation: CheckedContinuation<Void, any Error>)] = []
  private var nextSleeperID = 0
  private var changeWaiters: [CheckedContinuation<Void, Never>] = []
  var deviceStorage: [String: DeviceValue] = [:]

  enum DeviceValue: Equatable {
    case data(Data)
    case string(String)
    case bool(Bool)
  }

  init(start: ScenarioStart, transcript: ScenarioTranscript) {
    self.transcript = transcript
    time = ScenarioTimeSource(start.now)
    online = start.online
    backendStart = start.backendStart
    backendCheck = start.backendCheck
    paywalls = start.paywalls
    if let grandfathering = start.grandfathering {
      appTransaction = AppTransactionSnapshot(
        originalAppVersion: grandfathering.originalBuild,
        originalPurchaseDate: start.now.addingTimeInterval(-400 * 86_400),
        environment: grandfathering.sandbox ? .sandbox : .production)
    }
    for subscription in start.subscriptions {
      add(subscription, start: start.now)
    }
  }

  var now: Date { time.now() }

  // MARK: - Generations (launches)

  /// Starts a new launch: earlier adapters go silent.
  func beginGeneration() -> Int {
    generation += 1
    updates = nil
    sentUpdates = 0
    return generation
  }

  /// The app quits: a shown paywall disappears, pending work of the old launch is dropped.
  func endGeneration() {
    generation += 1
    updates?.finish()
    updates = nil
    sentUpdates = 0
    if let waiting = waitingDisplay {
      waitingDisplay = nil
      waiting.continuation.resume(
        returning: PaywallOutcome(purchaseResult: .none, closeReason: .programmatic))
    }
    notify()
  }

  func isCurrent(_ generation: Int) -> Bool { generation == self.generation }

  func count(_ call: String) {
    callCounts[call, default: 0] += 1
  }

  func note(_ message: String) {
    transcript.append(world: message)
  }

  // MARK: - Settling

  /// How many waits are for the user or the clock rather than for work in progress: a shown
  /// paywall, and a hung load whose timeout has not fired yet.
  var parkedCount: Int {
    (waitingDisplay == nil ? 0 : 1) + (hangingLoads > 0 && !sleepers.isEmpty ? 1 : 0)
  }

  /// `true` while a paywall is shown.
  var isPaywallUp: Bool { waitingDisplay != nil }

  /// Wakes whoever waits for the world to change.
  func notify() {
    let waiters = changeWaiters
    changeWaiters.removeAll()
    for waiter in waiters { waiter.resume() }
  }

  /// Returns after the next `notify()`.
  func waitForChange() async {
    await withCheckedContinuation { changeWaiters.append($0) }
  }

  // MARK: - Store

  private func add(_ subscription: ScenarioSubscription, start: Date) {
    guard let product = ScenarioCatalog.product(subscription.product) else { return }
    let purchased = subscription.purchased.resolve(from: start)
    let expires =
      subscription.expires?.resolve(from: start) ?? ScenarioCatalog.addPeriod(of: product, to: purchased)
    let state: Subscription.State =
      switch subscription.state {
      case .active: .active
      case .gracePeriod:
        .gracePeriod(
          until: subscription.graceEnds?.resolve(from: start) ?? start.addingTimeInterval(6 * 86_400))
      case .billingRetry: .billingRetry
      case .revoked: .revoked(at: start)
      }
    let id = takeTransactionID()
    subscriptions.append(
      Subscription(
        product: product, transactionID: id, originalID: id, purchaseDate: purchased, expirationDate: expires,
        willAutoRenew: subscription.willAutoRenew, state: state, familyShared: subscription.familyShared,
        onThisDevice: subscription.onThisDevice, knownToBackend: subscription.knownToBackend,
        sandbox: subscription.sandbox, verified: subscription.verified))
  }

  private func takeTransactionID() -> UInt64 {
    defer { nextTransactionID += 1 }
    return nextTransactionID
  }

  func effectiveState(_ subscription: Subscription) -> EffectiveState {
    switch subscription.state {
    case .revoked: .revoked
    case .billingRetry: .billingRetry
    case .gracePeriod(let until): now <= until ? .grace : .billingRetry
    case .active: subscription.expirationDate >= now ? .subscribed : .expired
    }
  }

  func transaction(for subscription: Subscription) -> TransactionSnapshot {
    var revocation: Date?
    if case .revoked(let date) = subscription.state { revocation = date }
    return TransactionSnapshot(
      id: subscription.transactionID, originalID: subscription.originalID, productID: subscription.product.id,
      subscriptionGroupID: ScenarioCatalog.subscriptionGroupID, purchaseDate: subscription.purchaseDate,
      expirationDate: subscription.expirationDate, revocationDate: revocation,
      revocationReason: revocation == nil ? nil : .other,
      ownershipType: subscription.familyShared ? .familyShared : .purchased,
      environment: subscription.sandbox ? .sandbox : .production)
  }

  func signed(_ subscription: Subscription) -> VerificationResultSnapshot<TransactionSnapshot> {
    let transaction = transaction(for: subscription)
    return subscription.verified ? .verified(transaction) : .unverified(transaction, .invalidSignature)
  }

  func index(of product: String) -> Int? {
    subscriptions.lastIndex { $0.product.id == product }
  }

  /// Creates a subscription bought now (by the app in Observer mode, by the SDK in Full mode).
  @discardableResult
  func buy(_ productID: String, knownToBackend: Bool, verified: Bool = true) -> Subscription? {
    guard let product = ScenarioCatalog.product(productID) else { return nil }
    let id = takeTransactionID()
    let subscription = Subscription(
      product: product, transactionID: id, originalID: id, purchaseDate: now,
      expirationDate: ScenarioCatalog.addPeriod(of: product, to: now), willAutoRenew: true, state: .active,
      familyShared: false, onThisDevice: true, knownToBackend: knownToBackend, sandbox: false,
      verified: verified)
    subscriptions.append(subscription)
    return subscription
  }

  /// Moves time forward: renews auto-renewing subscriptions (delivering each renewal as an
  /// update when the app listens) and fires due timeouts.
  func advance(by seconds: TimeInterval) {
    time.advance(by: seconds)
    for index in subscriptions.indices {
      guard case .active = subscriptions[index].state, subscriptions[index].willAutoRenew else { continue }
      while subscriptions[index].expirationDate < now {
        let renewedAt = subscriptions[index].expirationDate
        subscriptions[index].purchaseDate = renewedAt
        subscriptions[index].expirationDate = ScenarioCatalog.addPeriod(
          of: subscriptions[index].product, to: renewedAt)
        subscriptions[index].transactionID = takeTransactionID()
        note(
          "store: \(subscriptions[index].product.id) renewed until "
            + subscriptions[index].expirationDate.formatted(.iso8601))
        deliver(signed(subscriptions[index]))
      }
    }
    let due = sleepers.filter { $0.deadline <= now }
    sleepers.removeAll { $0.deadline <= now }
    for sleeper in due { sleeper.continuation.resume() }
    notify()
  }

  // MARK: - Transaction updates

  /// A new `Transaction.updates` stream for `generation`; unfinished transactions are delivered
  /// at once, as StoreKit does after launch.
  func updatesStream(for generation: Int) -> AsyncStream<VerificationResultSnapshot<TransactionSnapshot>> {
    let (stream, continuation) = AsyncStream<VerificationResultSnapshot<TransactionSnapshot>>.makeStream()
    guard isCurrent(generation) else {
      continuation.finish()
      return stream
    }
    updates = continuation
    for transaction in unfinished {
      note("store: re-delivers unfinished transaction \(transaction.id)")
      continuation.yield(.verified(transaction))
      sentUpdates += 1
    }
    return stream
  }

  /// Delivers an update to the running app's listener, if one listens. An update while the app
  /// is not running is lost (StoreKit does not re-emit refunds at the next launch).
  func deliver(_ update: VerificationResultSnapshot<TransactionSnapshot>) {
    if case .verified(let transaction) = update, !unfinished.contains(where: { $0.id == transaction.id }) {
      if updates != nil { unfinished.append(transaction) }
    }
    guard let updates else { return }
    updates.yield(update)
    sentUpdates += 1
  }

  func remember(unfinished transaction: TransactionSnapshot) {
    if !unfinished.contains(where: { $0.id == transaction.id }) { unfinished.append(transaction) }
  }

  func finish(_ transactionID: UInt64) {
    finishedTransactions.append(transactionID)
    unfinished.removeAll { $0.id == transactionID }
  }

  // MARK: - Paywalls

  func load(placement: String) async -> PaywallLoadResult {
    if backendStart == .notConfigured { return .failed(.notConfigured) }
    if backendStart == .fail { return .failed(.error(detail: "SDK not started")) }
    guard online else { return .failed(.noNetwork) }
    let plans = ScenarioCatalog.productIDs.compactMap(ScenarioCatalog.plan)
    let id = "\(placement)-screen"
    switch paywalls[placement] ?? .normal {
    case .normal:
      return .loaded(PaywallPresentation(id: id, placement: placement, type: .normal, plans: plans))
    case .fallback:
      return .loaded(PaywallPresentation(id: id, placement: placement, type: .fallback, plans: plans))
    case .deactivated: return .loaded(PaywallPresentation(id: id, placement: placement, type: .deactivated))
    case .client:
      return .loaded(PaywallPresentation(id: id, placement: placement, type: .client, plans: plans))
    case .loadError: return .failed(.error(detail: "presentationNotLoaded"))
    case .noNetwork: return .failed(.noNetwork)
    case .hang:
      note("sdk: paywall '\(placement)' is loading and never answers")
      await hangUntilCancelled()
      return .failed(.error(detail: "cancelled"))
    }
  }

  private func hangUntilCancelled() async {
    hangingLoads += 1
    notify()
    let (stream, continuation) = AsyncStream<Never>.makeStream()
    await withTaskCancellationHandler {
      for await _ in stream {}
    } onCancel: {
      continuation.finish()
    }
    hangingLoads -= 1
    notify()
  }

  func display(_ presentation: PaywallPresentation) async -> PaywallOutcome {
    displayedPlacements.append(presentation.placement)
    note("sdk: paywall '\(presentation.placement)' is on screen")
    return await withCheckedContinuation { continuation in
      waitingDisplay = (presentation.placement, continuation)
      notify()
    }
  }

  /// Dismisses the shown paywall with `outcome`.
  func dismiss(with outcome: PaywallOutcome) {
    guard let waiting = waitingDisplay else { return }
    waitingDisplay = nil
    note("sdk: paywall '\(waiting.placement)' dismissed")
    waiting.continuation.resume(returning: outcome)
    notify()
  }

  // MARK: - Timeouts

  func sleep(for duration: Duration) async throws {
    let (seconds, attoseconds) = duration.components
    let deadline = now.addingTimeInterval(TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18)
    nextSleeperID += 1
    let id = nextSleeperID
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        if Task.isCancelled {
          continuation.resume(throwing: CancellationError())
        } else {
          sleepers.append((id, deadline, continuation))
          notify()
        }
      }
    } onCancel: {
      Task { @MainActor in self.cancelSleeper(id) }
    }
  }

  private func cancelSleeper(_ id: Int) {
    guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return }
    let sleeper = sleepers.remove(at: index)
    sleeper.continuation.resume(throwing: CancellationError())
    notify()
  }
}

/// The scenario clock, readable from any isolation (the `now` closure is `@Sendable`).
nonisolated final class ScenarioTimeSource: @unchecked Sendable {  // `lock` guards `current`.
  private let lock = NSLock()
  private var current: Date

  init(_ start: Date) { current = start }

  func now() -> Date { lock.withLock { current } }

  func advance(by seconds: TimeInterval) {
    lock.withLock { current = current.addingTimeInterval(seconds) }
  }
}

/// The event log of a run: step headers, Core's monetization events, and world notes.
/// Callable from any isolation.
// Unchecked: `lock` guards `entries` and `names`.
nonisolated public final class ScenarioTranscript: MonetizationLogging, @unchecked Sendable {
  private let lock = NSLock()
  private var entries: [String] = []
  private var names: [String] = []

  public init() {}

  public func log(_ event: MonetizationLog) {
    lock.withLock {
      entries.append("    \(event.message)")
      names.append(event.name)
    }
  }

  func append(step: String) {
    lock.withLock { entries.append(step) }
  }

  func append(world message: String) {
    lock.withLock { entries.append("    · \(message)") }
  }

  /// Every line so far.
  public var lines: [String] { lock.withLock { entries } }

  /// The names of every monetization event so far.
  public var eventNames: [String] { lock.withLock { names } }
}
