import Basics
import Foundation
import Monetization
import TestSupport

/// The simulated outside world a scenario runs in: the App Store account, the subscription
/// backend, the SDK's paywalls, the device's storage and the clock. `AppModel` talks to it only
/// through the Monetization protocols, so the simulator drives the same code as the app.
///
/// Each launch gets a new *generation* of adapters; when the app quits, the old generation goes
/// silent (its calls do nothing), as a killed process would.
@MainActor
final class ScenarioWorld {
  /// The subscription backend's anonymous user id, upper case as an SDK may report it.
  static let backendUserID = "3F2504E0-4F89-41D3-9A0C-0305E82C3301"
  /// One subscription on the Apple Account.
  struct Subscription {
    enum State {
      case active
      case gracePeriod(until: Date)
      case billingRetry
      case revoked(at: Date)
    }

    var product: MonetizationFixtures.Product
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
    /// Replaced by a higher level of service in the same group (an upgrade): never entitles.
    var isUpgraded = false
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
  let sdkPromotedPurchase: SDKPromotedPurchaseBehaviour
  /// What the app told the SDK at its start (`showsPromotedInAppPurchasePaywall`).
  var sdkShowsPromotedPurchasePaywall = false
  /// The SDK's own paywall for a promoted purchase is on screen.
  var sdkPaywallUp = false
  var paywalls: [String: PaywallBehaviour]
  var appTransaction: AppTransactionSnapshot?
  var appTransactionVerified = true
  var nextPurchase: ScriptedPurchase?

  private(set) var generation = 0
  /// Every call into the simulated SDK, StoreKit and paywalls, with its argument when it has one
  /// (`backend.start` → `observer`). Calls from a launch that has quit are not recorded.
  let calls = CallLog()
  private(set) var displayedPlacements: [String] = []
  private(set) var finishedTransactions: [UInt64] = []
  /// Transactions the SDK finished by itself (Full mode).
  private(set) var finishedBySDK: [UInt64] = []
  /// Armed by the `killBeforeFinish` step: the next finish never happens, the process dies.
  var killBeforeNextFinish = false
  /// Set when the process was killed inside a step; the runner then drops the model.
  var wasKilled = false
  /// The running mode of the current (or last) launch; the SDK finishes transactions in Full mode.
  var launchedMode: RunningMode
  private var sdkListens = false
  /// Whether the SDK started in the running launch: paywalls load only then.
  private(set) var sdkIsStarted = false
  /// The running launch's start sequence, as the live adapter's session holds it (Core's
  /// `SDKStartGate`): a start under way is waited for, and only the latest attempt settles it.
  private(set) var startGate = SDKStartGate()
  /// SDK starts waiting for a `sdkStartCallsBack` step (`held`), oldest first.
  private var heldStarts: [HeldStart] = []
  private var nextHeldStartID = 0
  /// Armed by `holdNextStatusRead`: the next status read waits for the next purchase.
  var holdsNextStatusRead = false
  /// Status reads waiting for the next purchase, with the answer they read when asked.
  private var heldReads: [(id: Int, continuation: CheckedContinuation<Bool, Never>)] = []
  private var nextHeldReadID = 0
  /// The running launch's `PurchaseIntent.intents` stream, once the app listens.
  private var promotedPurchases: (generation: Int, continuation: AsyncStream<PromotedPurchase>.Continuation)?
  /// Promoted purchases handed to the running launch's listener.
  private(set) var sentPromotedPurchases = 0
  private var nextTransactionID: UInt64 = 1001
  /// The device's transactions: unfinished ones, with the signature StoreKit stored for them,
  /// are delivered again at every launch until finished.
  private let transactions = TransactionQueue()
  /// Displays whose dismissal the SDK lost (`dismissalLost`); released when the launch ends.
  private var lostDismissals: [CheckedContinuation<PaywallOutcome, Never>] = []
  /// Lost dismissals the app has not noticed yet: until it asks whether the paywall is on screen,
  /// its display wait is parked (it waits for the user, like a shown paywall).
  private var unnoticedLostDismissals = 0
  private var waitingDisplay:
    (placement: Placement, continuation: CheckedContinuation<PaywallOutcome, Never>)?
  private var hangingLoads = 0
  /// Presentations UIKit refused: they never answer until the process ends.
  private var silentDisplays = 0
  /// Refused presentations the app already gave up on (it called `closeAll`): nobody waits for them.
  /// SDK callbacks and UIKit presentations that never answer, even when Core gives up on them
  /// (cancels its task): they end only with the process.
  private let lostCallbacks = LostCallbacks()
  /// Lost SDK callbacks Core has not given up on yet.
  private var lostCalls = 0
  /// The app's waits on the device's clock; `request` is the radio request being sent when the
  /// wait began (its deadline, a backoff), if any.
  private var sleepers:
    [(
      id: Int, deadline: Date, continuation: CheckedContinuation<Void, any Error>,
      request: DeviceRadio.SendingRequest?, isBackoff: Bool, work: Int?
    )] = []
  private var nextSleeperID = 0
  private var changeWaiters: [CheckedContinuation<Void, Never>] = []
  /// The device's `UserDefaults`: survives relaunches.
  let device = InMemoryKeyValueStore()
  /// The log of the running launch; silenced when the process ends.
  var launchLog: LaunchLog?

  init(start: ScenarioStart, transcript: ScenarioTranscript) {
    self.transcript = transcript
    time = ScenarioTimeSource(start.now)
    online = start.online
    launchedMode = start.mode
    backendStart = start.backendStart
    backendCheck = start.backendCheck
    sdkPromotedPurchase = start.sdkPromotedPurchase
    paywalls = start.paywalls
    if let grandfathering = start.grandfathering {
      appTransaction = AppTransactionSnapshot(
        originalAppVersion: grandfathering.originalBuild,
        originalPurchaseDate: start.now.addingTimeInterval(-400 * 86_400),
        environment: grandfathering.sandbox ? .sandbox : .production)
      appTransactionVerified = grandfathering.verified
    }
    for subscription in start.subscriptions {
      add(subscription, start: start.now)
    }
    transactions.onRedeliver = { [transcript] update in
      transcript.append(world: "store: re-delivers unfinished transaction \(update.unsafePayloadValue.id)")
    }
  }

  var now: Date { time.now() }

  // MARK: - Generations (launches)

  /// Starts a new launch: earlier adapters go silent.
  func beginGeneration() -> Int {
    generation += 1
    transactions.endListening()
    sdkListens = false
    sdkIsStarted = false
    startGate = SDKStartGate()
    endPromotedPurchases()
    return generation
  }

  /// The app quits: a shown paywall disappears, pending work of the old launch is dropped.
  func endGeneration() {
    launchLog?.silence()
    launchLog = nil
    generation += 1
    transactions.endListening()
    sdkListens = false
    sdkIsStarted = false
    sdkPaywallUp = false
    silentDisplays = 0
    lostCalls = 0
    lostCallbacks.releaseAll()
    startGate = SDKStartGate()
    endPromotedPurchases()
    let held = heldStarts
    heldStarts.removeAll()
    for start in held { start.continuation.resume(returning: .failure(.other(detail: "app quit"))) }
    releaseHeldReads(answered: false)
    if let waiting = waitingDisplay {
      waitingDisplay = nil
      waiting.continuation.resume(
        returning: PaywallOutcome(purchaseResult: .none, closeReason: .programmatic))
    }
    let lost = lostDismissals
    lostDismissals.removeAll()
    unnoticedLostDismissals = 0
    for continuation in lost {
      continuation.resume(returning: PaywallOutcome(purchaseResult: .none, closeReason: .none))
    }
    notify()
  }

  func isCurrent(_ generation: Int) -> Bool { generation == self.generation }

  /// The device's storage as launch `generation` sees it: a quit launch can no longer write.
  func deviceStore(for generation: Int) -> any KeyValueStore {
    device.process { [weak self] in self?.isCurrent(generation) == true }
  }

  func count(_ call: SimulatedCall, argument: String? = nil) {
    calls.record(call.rawValue, argument: argument)
  }

  func note(_ message: String) {
    transcript.append(world: message)
  }

  // MARK: - Settling

  /// How many waits are for the user or the clock rather than for work in progress: a shown
  /// paywall, a hung load whose timeout has not fired yet, and a refused presentation whose
  /// display watchdog has not fired yet.
  var parkedCount: Int {
    // One paywall at a time: at most one of these waits exists.
    (waitingDisplay != nil || unnoticedLostDismissals > 0
      || ((hangingLoads > 0 || lostCalls > 0 || silentDisplays > 0) && !sleepers.isEmpty) ? 1 : 0)
      // A held start or status read waits for a step, under Core's time limit (a sleeper).
      + (sleepers.isEmpty ? 0 : heldReads.count + (isAwaitingHeldStart ? 1 : 0))
  }

  /// The radio requests whose sender waits on the clock before trying again (a 503's backoff):
  /// nothing of theirs is on its way until the clock moves.
  var requestsBackingOff: Set<Int> {
    Set(sleepers.filter(\.isBackoff).compactMap { $0.request?.number })
  }

  /// The radio requests whose deadline waits on the clock. A held request whose deadline has not
  /// begun its wait yet (the transport's deadline is a task of its own, and may start after the
  /// request reached the server) is still the app's work: moving the clock then would start the
  /// deadline from the new time, and the request would outlive it.
  var requestsWithDeadline: Set<Int> {
    Set(sleepers.filter { !$0.isBackoff }.compactMap { $0.request?.number })
  }

  /// Whether tracked work `work` waits on the clock itself: not a request's deadline, which may
  /// still be registered a moment after its answer came.
  func waitsOnTheClock(_ work: Int) -> Bool {
    sleepers.contains { $0.work == work && ($0.request == nil || $0.isBackoff) }
  }

  /// `true` while a paywall is shown.
  var isPaywallUp: Bool { waitingDisplay != nil }

  /// Whether the paywall for `placement` is on screen (the SDK's own view of it). Asked while a
  /// dismissal was lost, the answer tells the app the paywall is gone: from then on the lost
  /// display no longer parks the world (the app stopped waiting for it).
  func isOnScreen(_ placement: String) -> Bool {
    if waitingDisplay?.placement.rawValue == placement { return true }
    unnoticedLostDismissals = 0
    notify()
    return false
  }

  /// The user closes the shown paywall. With `dismissalLost` the SDK never reports it: the app's
  /// display wait stays parked until it notices the paywall is gone.
  func userClosesPaywall(reason: PaywallCloseReason) {
    guard let waiting = waitingDisplay else { return }
    guard paywalls[waiting.placement.rawValue] == .dismissalLost else {
      dismiss(with: PaywallOutcome(purchaseResult: .cancelled, closeReason: reason))
      return
    }
    waitingDisplay = nil
    lostDismissals.append(waiting.continuation)
    unnoticedLostDismissals += 1
    note("sdk: paywall '\(waiting.placement)' closed, but the SDK never reports the dismissal")
    notify()
  }

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

  /// Returns after the next `notify()`, or after `interval` (real time) at the latest. Some of what
  /// settling depends on changes without telling the world (Core's SDK start gate counting one
  /// more waiter), so the runner looks again rather than wait for a notify that never comes.
  func waitForChange(orAfter interval: Duration) async {
    let timer = Task { @MainActor [weak self] in
      try? await Task.sleep(for: interval)
      guard !Task.isCancelled else { return }
      self?.notify()
    }
    await waitForChange()
    timer.cancel()
  }

  // MARK: - Store

  private func add(_ subscription: ScenarioSubscription, start: Date) {
    guard let product = ScenarioCatalog.product(subscription.product) else { return }
    let purchased = subscription.purchased.resolve(from: start)
    let expires =
      subscription.expires?.resolve(from: start) ?? MonetizationFixtures.addPeriod(of: product, to: purchased)
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
    if subscription.isUpgraded { return .expired }
    return switch subscription.state {
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
      subscriptionGroupID: ProductCatalog.localSubscriptionGroupID, purchaseDate: subscription.purchaseDate,
      expirationDate: subscription.expirationDate, isUpgraded: subscription.isUpgraded,
      revocationDate: revocation,
      revocationReason: revocation == nil ? nil : .other,
      ownershipType: subscription.familyShared ? .familyShared : .purchased,
      environment: subscription.sandbox ? .sandbox : .production)
  }

  func signed(_ subscription: Subscription) -> VerificationResultSnapshot<TransactionSnapshot> {
    let transaction = transaction(for: subscription)
    return subscription.verified ? .verified(transaction) : .unverified(transaction, .invalidSignature)
  }

  func index(of product: String) -> Int? {
    subscriptions.lastIndex { $0.product.id.rawValue == product }
  }

  /// Creates a subscription bought now (by the app in Observer mode, by the SDK in Full mode).
  @discardableResult
  func buy(_ productID: String, knownToBackend: Bool, verified: Bool = true) -> Subscription? {
    guard let product = ScenarioCatalog.product(productID) else { return nil }
    let id = takeTransactionID()
    let subscription = Subscription(
      product: product, transactionID: id, originalID: id, purchaseDate: now,
      expirationDate: MonetizationFixtures.addPeriod(of: product, to: now), willAutoRenew: true,
      state: .active,
      familyShared: false, onThisDevice: true,
      // A real backend validates with Apple: an invalid signature is never listed.
      knownToBackend: knownToBackend && verified, sandbox: false, verified: verified)
    subscriptions.append(subscription)
    return subscription
  }

  /// The subscription renews now (a billing problem was solved): a new period and a new,
  /// unfinished transaction.
  func renewNow(at index: Int) {
    subscriptions[index].state = .active
    renew(at: index, from: now)
  }

  /// A new period starting at `start`, with a new transaction delivered as unfinished.
  private func renew(at index: Int, from start: Date) {
    subscriptions[index].purchaseDate = start
    subscriptions[index].expirationDate = MonetizationFixtures.addPeriod(
      of: subscriptions[index].product, to: start)
    subscriptions[index].transactionID = takeTransactionID()
    note(
      "store: \(subscriptions[index].product.id) renewed until "
        + subscriptions[index].expirationDate.formatted(.iso8601))
    deliverNew(signed(subscriptions[index]))
  }

  /// Moves time forward: renews auto-renewing subscriptions (delivering each renewal as an
  /// update when the app listens) and fires due timeouts.
  func advance(by seconds: TimeInterval) {
    time.advance(by: seconds)
    for index in subscriptions.indices {
      guard case .active = subscriptions[index].state, subscriptions[index].willAutoRenew else { continue }
      while subscriptions[index].expirationDate < now {
        renew(at: index, from: subscriptions[index].expirationDate)
      }
    }
    let due = sleepers.filter { $0.deadline <= now }
    sleepers.removeAll { $0.deadline <= now }
    for sleeper in due {
      // A request whose own wait ended (its deadline) is the app's work again, not the world's.
      sleeper.request?.wake()
      sleeper.continuation.resume()
    }
    notify()
  }

  // MARK: - Transaction updates

  /// A new `Transaction.updates` stream for `generation`; unfinished transactions are delivered
  /// at once, with the signature StoreKit stored for them, as StoreKit does after launch.
  func updatesStream(for generation: Int) -> AsyncStream<VerificationResultSnapshot<TransactionSnapshot>> {
    guard isCurrent(generation) else {
      let (stream, continuation) = AsyncStream<VerificationResultSnapshot<TransactionSnapshot>>.makeStream()
      continuation.finish()
      return stream
    }
    return transactions.listen()
  }

  /// A new transaction (a purchase, a renewal, an approved Ask to Buy): it stays unfinished until
  /// someone finishes it, so it is re-delivered at every launch, also when it happened while the
  /// app was not running. Delivered at once when the app or the SDK listens.
  func deliverNew(_ update: VerificationResultSnapshot<TransactionSnapshot>) {
    transactions.remember(unfinished: update)
    deliver(update)
  }

  /// Delivers an update to the running app's listener, if one listens. A change to an existing
  /// transaction (a refund) while the app is not running is lost: StoreKit does not re-emit it.
  func deliver(_ update: VerificationResultSnapshot<TransactionSnapshot>) {
    if sdkListens { sdkFinishUnfinished() }
    transactions.deliver(update)
  }

  /// Keeps a new transaction as unfinished (once per id).
  func remember(unfinished transaction: VerificationResultSnapshot<TransactionSnapshot>) {
    transactions.remember(unfinished: transaction)
  }

  /// How many updates reached the running launch's listener.
  var sentUpdates: Int { transactions.deliveredCount }

  // MARK: - Promotional offers

  /// What the backend signed: the offer, the product and the user, by nonce. The App Store checks a
  /// purchase against this record, never against what the app hands back.
  struct IssuedOffer {
    let offerID: String
    let productID: String
    let userID: String
  }
  private(set) var issuedOffers: [UUID: IssuedOffer] = [:]
  /// The app account token of each purchase, in order.
  var purchaseTokens: [UUID?] = []

  /// The backend signs `offerID` for `productID` and the user it knows.
  func signOffer(_ offerID: String, productID: String) -> PromotionalOfferSignature {
    let nonce = UUID()
    issuedOffers[nonce] = IssuedOffer(offerID: offerID, productID: productID, userID: Self.backendUserID)
    return PromotionalOfferSignature(
      offerID: offerID, keyID: "SIMULATED", nonce: nonce, signature: "c2lnbmVk",
      timestamp: Int(now.timeIntervalSince1970 * 1000), signedForUserID: Self.backendUserID)
  }

  /// Why the App Store refuses `offer` on this purchase, or `nil` when it matches what was signed.
  func offerMismatch(_ offer: PromotionalOfferSignature, productID: ProductID, token: UUID?) -> String? {
    guard let issued = issuedOffers[offer.nonce] else { return "no signature has this nonce" }
    if issued.offerID != offer.offerID { return "the offer differs from the one signed" }
    if issued.productID != productID.rawValue { return "the product differs from the one signed" }
    if token?.uuidString.lowercased() != issued.userID.lowercased() {
      return "the app account token is not the signed user's"
    }
    return nil
  }

  // MARK: - Promoted purchases

  /// The App Store's promoted purchases for launch `generation` (`PurchaseIntent.intents`).
  func promotedPurchaseStream(for generation: Int) -> AsyncStream<PromotedPurchase> {
    let (stream, continuation) = AsyncStream<PromotedPurchase>.makeStream()
    if isCurrent(generation) {
      promotedPurchases?.continuation.finish()
      promotedPurchases = (generation, continuation)
    } else {
      continuation.finish()
    }
    return stream
  }

  /// The user buys `product` on its App Store page: the running app's listener receives it.
  /// `false` when no launch listens.
  func promote(_ product: ProductID) -> Bool {
    guard let promotedPurchases, isCurrent(promotedPurchases.generation) else { return false }
    sentPromotedPurchases += 1
    promotedPurchases.continuation.yield(PromotedPurchase(productID: product))
    return true
  }

  private func endPromotedPurchases() {
    promotedPurchases?.continuation.finish()
    promotedPurchases = nil
    sentPromotedPurchases = 0
  }

  /// The app finishes a transaction; when a `killBeforeFinish` step armed it, the process dies
  /// instead, between the grant and the finish. Returns whether the finish happened.
  func finish(_ transactionID: UInt64) -> Bool {
    if killBeforeNextFinish {
      killBeforeNextFinish = false
      wasKilled = true
      note("app killed before finishing transaction \(transactionID)")
      endGeneration()
      return false
    }
    finishedTransactions.append(transactionID)
    transactions.finish(transactionID)
    return true
  }

  /// The SDK started in Full mode: it listens to `Transaction.updates` and finishes every
  /// verified transaction, including those re-delivered at launch.
  func sdkStarted(mode: RunningMode) {
    sdkIsStarted = true
    guard mode == .full else { return }
    sdkListens = true
    sdkFinishUnfinished()
  }

  // MARK: - Held SDK starts and status reads

  /// A start whose callback comes only when the scenario says so (`held`). Task cancellation does
  /// not end it: the real SDK's start keeps going when Core gives up waiting.
  func holdStart(mode: RunningMode) async -> Result<Void, SubscriptionBackendError> {
    note("sdk: start waits to be called back (held)")
    nextHeldStartID += 1
    let id = nextHeldStartID
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        heldStarts.append(HeldStart(id: id, mode: mode, continuation: continuation))
        notify()
      }
    } onCancel: {
      Task { @MainActor in self.gaveUpOnHeldStart(id) }
    }
  }

  /// Core stopped waiting for this start (its time limit): it stays held for a late callback,
  /// but no longer parks the world.
  private func gaveUpOnHeldStart(_ id: Int) {
    guard let index = heldStarts.firstIndex(where: { $0.id == id }) else { return }
    heldStarts[index].isAwaited = false
    notify()
  }

  /// Whether Core waits for a held start: the attempt itself, or a later call waiting for it.
  private var isAwaitingHeldStart: Bool {
    !heldStarts.isEmpty && (heldStarts.contains(where: \.isAwaited) || startGate.waiterCount > 0)
  }

  /// The newest (or oldest) held start calls back with `answer`; `false` when none waits.
  func callBackHeldStart(_ answer: HeldStartAnswer, which: HeldStartCall) -> Bool {
    guard !heldStarts.isEmpty else { return false }
    let start = which == .newest ? heldStarts.removeLast() : heldStarts.removeFirst()
    let result: Result<Void, SubscriptionBackendError>
    switch answer {
    case .ok:
      sdkStarted(mode: start.mode)
      result = .success(())
    case .fail: result = .failure(.network)
    case .notConfigured: result = .failure(.notConfigured)
    }
    note("sdk: the \(which.rawValue) held start calls back: \(answer.rawValue)")
    start.continuation.resume(returning: result)
    notify()
    return true
  }

  /// Waits until the next purchase has gone through; `false` when the wait ended otherwise (Core
  /// gave up on the read, or the process ended).
  func waitForNextPurchase() async -> Bool {
    nextHeldReadID += 1
    let id = nextHeldReadID
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        heldReads.append((id, continuation))
        notify()
      }
    } onCancel: {
      Task { @MainActor in self.releaseHeldRead(id) }
    }
  }

  private func releaseHeldRead(_ id: Int) {
    guard let index = heldReads.firstIndex(where: { $0.id == id }) else { return }
    heldReads.remove(at: index).continuation.resume(returning: false)
    notify()
  }

  /// A purchase went through (or the process ended): held status reads answer now.
  func releaseHeldReads(answered: Bool) {
    let held = heldReads
    heldReads.removeAll()
    if answered, !held.isEmpty {
      note("store: the held status read answers what it read before the purchase")
    }
    for read in held { read.continuation.resume(returning: answered) }
    if !held.isEmpty { notify() }
  }

  private func sdkFinishUnfinished() {
    for transaction in transactions.unfinished {
      guard case .verified(let verified) = transaction else { continue }
      note("sdk: finishes transaction \(verified.id)")
      finishedBySDK.append(verified.id)
      transactions.finish(verified.id)
    }
  }

  // MARK: - Paywalls

  func load(placement: Placement) async -> PaywallLoadResult {
    if backendStart == .notConfigured { return .failed(.notConfigured) }
    // The SDK loads nothing until its start succeeded in this launch.
    guard sdkIsStarted else { return .failed(.error(detail: "SDK not started")) }
    // As the live presenter: a start sequence that ended failed (a late failure of an earlier
    // attempt settling it) fails every load, whatever the SDK itself did.
    if case .failed = startGate.phase, let failure = SDKStartGate.loadFailure(after: startGate.phase) {
      return .failed(failure)
    }
    guard online else { return .failed(.noNetwork) }
    let plans = MonetizationFixtures.products.map(\.plan)
    let id = "\(placement)-screen"
    switch paywalls[placement.rawValue] ?? .normal {
    case .normal, .neverShown, .displayFails, .dismissalLost:
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

  /// An SDK callback that never fires: Core's time limit gives up on it (cancels its task), but
  /// the call itself returns only when the process ends, as a lost completion handler would.
  func loseCallback() async {
    lostCalls += 1
    notify()
    let generation = generation
    await withTaskCancellationHandler {
      await lostCallbacks.wait()
    } onCancel: {
      Task { @MainActor in self.gaveUpOnLostCallback(in: generation) }
    }
  }

  private func gaveUpOnLostCallback(in generation: Int) {
    guard isCurrent(generation), lostCalls > 0 else { return }
    lostCalls -= 1
    notify()
  }

  /// A paywall load that never answers until Core gives up on it (cancels it at its time limit).
  func hangUntilCancelled() async {
    hangingLoads += 1
    notify()
    await waitUntilCancelled()
    hangingLoads -= 1
    notify()
  }

  func display(
    _ presentation: PaywallPresentation, onShown: @escaping @MainActor @Sendable () -> Void
  ) async -> PaywallOutcome {
    switch paywalls[presentation.placement.rawValue] ?? .normal {
    case .neverShown:
      note("sdk: paywall '\(presentation.placement)' was refused by UIKit and never reports back")
      silentDisplays += 1
      notify()
      await lostCallbacks.wait()
      return PaywallOutcome(purchaseResult: .none, closeReason: .none, error: "app quit")
    case .displayFails:
      note("sdk: paywall '\(presentation.placement)' failed to display")
      return PaywallOutcome(purchaseResult: .none, closeReason: .none, error: "display failed")
    default:
      break
    }
    displayedPlacements.append(presentation.placement.rawValue)
    note("sdk: paywall '\(presentation.placement)' is on screen")
    onShown()
    return await withCheckedContinuation { continuation in
      waitingDisplay = (presentation.placement, continuation)
      notify()
    }
  }

  /// `closeAll()`: a refused presentation still never answers, but the app no longer waits for it.
  func closeAll() {
    silentDisplays = 0
    dismiss(with: PaywallOutcome(purchaseResult: .none, closeReason: .programmatic))
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
    let request = DeviceRadio.sending
    let isBackoff = request?.isSenderRunning == true
    let work = JourneyWork.current
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        if Task.isCancelled {
          continuation.resume(throwing: CancellationError())
        } else {
          sleepers.append((id, deadline, continuation, request, isBackoff, work))
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

/// An SDK start waiting for a `sdkStartCallsBack` step.
struct HeldStart {
  let id: Int
  let mode: RunningMode
  let continuation: CheckedContinuation<Result<Void, SubscriptionBackendError>, Never>
  /// Until Core's time limit gives up on it.
  var isAwaited = true
}

/// The scenario clock, readable from any isolation (the `now` closure is `@Sendable`). The store
/// and the backend live on true time; the device's clock can be set off it by the user.
final class ScenarioTimeSource: Sendable {
  private struct Time: Sendable {
    var current: Date
    var deviceOffset: TimeInterval = 0
  }

  private let time: Locked<Time>

  init(_ start: Date) { time = Locked(Time(current: start)) }

  /// True time: the App Store's and the backend's.
  func now() -> Date { time.withLock { $0.current } }

  /// The device's clock, what the app reads.
  func deviceNow() -> Date { time.withLock { $0.current.addingTimeInterval($0.deviceOffset) } }

  /// Sets the device's clock `offset` seconds off true time (0 puts it right again).
  func setDeviceOffset(_ offset: TimeInterval) {
    time.withLock { $0.deviceOffset = offset }
  }

  func advance(by seconds: TimeInterval) {
    time.withLock { $0.current = $0.current.addingTimeInterval(seconds) }
  }
}

/// One launch's view of the transcript: a process that has ended (quit or killed) logs nothing.
final class LaunchLog: MonetizationLogging, Sendable {
  private struct State {
    var isAlive = true
    /// Transaction updates this launch's listener is done with (`transactionUpdateHandled`).
    var handledUpdates = 0
    var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    /// The access of every entitlement update, in order (`entitlementUpdated`).
    var accessUpdates: [AccessLevel] = []
    /// Promoted purchases this launch is done with (`promotedPurchaseHandled`).
    var handledPromotedPurchases = 0
    var promotedWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = Locked(State())
  private let transcript: ScenarioTranscript

  init(transcript: ScenarioTranscript) { self.transcript = transcript }

  func log(_ event: MonetizationLog) {
    let (alive, ready) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
      guard state.isAlive else { return (false, []) }
      if case .entitlementUpdated(let access, _, _) = event { state.accessUpdates.append(access) }
      if case .promotedPurchaseHandled = event {
        state.handledPromotedPurchases += 1
        let ready = state.promotedWaiters.filter { $0.count <= state.handledPromotedPurchases }
        state.promotedWaiters.removeAll { $0.count <= state.handledPromotedPurchases }
        return (true, ready.map(\.continuation))
      }
      guard case .transactionUpdateHandled = event else { return (true, []) }
      state.handledUpdates += 1
      let ready = state.waiters.filter { $0.count <= state.handledUpdates }.map(\.continuation)
      state.waiters.removeAll { $0.count <= state.handledUpdates }
      return (true, ready)
    }
    guard alive else { return }
    transcript.log(event)
    for continuation in ready { continuation.resume() }
  }

  /// How many transaction updates this launch has handled.
  var handledUpdates: Int { state.withLock { $0.handledUpdates } }

  /// The access of every entitlement update this launch, in order.
  var accessUpdates: [AccessLevel] { state.withLock { $0.accessUpdates } }

  /// How many promoted purchases this launch has handled.
  var handledPromotedPurchases: Int { state.withLock { $0.handledPromotedPurchases } }

  /// Returns once this launch has handled `count` promoted purchases, or was silenced.
  func waitUntilPromotedHandled(count: Int) async {
    await withCheckedContinuation { continuation in
      let done = state.withLock { state -> Bool in
        guard state.isAlive, state.handledPromotedPurchases < count else { return true }
        state.promotedWaiters.append((count, continuation))
        return false
      }
      if done { continuation.resume() }
    }
  }

  /// Returns once this launch has handled `count` updates, or was silenced.
  func waitUntilHandled(count: Int) async {
    await withCheckedContinuation { continuation in
      let done = state.withLock { state -> Bool in
        guard state.isAlive, state.handledUpdates < count else { return true }
        state.waiters.append((count, continuation))
        return false
      }
      if done { continuation.resume() }
    }
  }

  /// The launch is over: nothing it logs counts any more, and nobody waits for it.
  func silence() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.isAlive = false
      defer {
        state.waiters.removeAll()
        state.promotedWaiters.removeAll()
      }
      return state.waiters.map(\.continuation) + state.promotedWaiters.map(\.continuation)
    }
    for continuation in waiters { continuation.resume() }
  }
}

/// The event log of a run: step headers, Core's monetization events, and world notes.
/// Callable from any isolation.
public final class ScenarioTranscript: MonetizationLogging, Sendable {
  private struct Record: Sendable {
    var entries: [String] = []
    var kinds: [MonetizationLog.Kind] = []
  }

  private let record = Locked(Record())

  public init() {}

  public func log(_ event: MonetizationLog) {
    record.withLock { record in
      record.entries.append("    \(event.message)")
      record.kinds.append(event.kind)
    }
  }

  func append(step: String) {
    record.withLock { $0.entries.append(step) }
  }

  func append(world message: String) {
    record.withLock { $0.entries.append("    · \(message)") }
  }

  /// Every line so far.
  public var lines: [String] { record.withLock { $0.entries } }

  /// Which monetization events were logged so far, in order.
  public var eventKinds: [MonetizationLog.Kind] { record.withLock { $0.kinds } }
}
