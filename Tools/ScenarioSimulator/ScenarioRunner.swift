import AppCore
import Basics
import Favorites
import FavoritesCore
import Foundation
import Monetization
import NASA
import TestSupport

/// The result of running one scenario.
public struct ScenarioReport: Sendable, Equatable {
  public var name: String
  /// The event log: step headers, Core's monetization events, and world notes.
  public var transcript: [String]
  /// One line per failed expectation or impossible step; empty when the scenario passed.
  public var failures: [String]

  public var passed: Bool { failures.isEmpty }
}

/// Runs scenarios against the real `AppModel` wired to a simulated world.
@MainActor
public final class ScenarioRunner {
  /// How long a step may take in real time before the run is declared stuck: a hang guard, far
  /// above a step's real cost (milliseconds). A loaded machine (other builds, two busy loops
  /// beside the suite) once needed more than 30 s, so it is two minutes, as the tests' own guards.
  public var stepWatchdog: Duration

  public init(stepWatchdog: Duration = .seconds(120)) {
    self.stepWatchdog = stepWatchdog
  }

  /// Runs every step of `scenario` and checks its expectations.
  public func run(_ scenario: Scenario) async -> ScenarioReport {
    let session = ScenarioSession(scenario: scenario, watchdog: stepWatchdog)
    return await session.run()
  }
}

/// One run: the world, the current `AppModel`, and the bookkeeping expectations read.
@MainActor
final class ScenarioSession {
  let scenario: Scenario
  let watchdog: Duration
  let transcript = ScenarioTranscript()
  let world: ScenarioWorld
  /// APODs, images, favorites and reminder stores; one set for every launch of the run.
  let content: SimulatedContent
  var model: AppModel?
  var tracked: [TrackedWork] = []
  /// Label → what the gated tap or favorite save did.
  var attempts: [String: AttemptOutcome] = [:]
  /// Where `callOrder` starts looking: the call log's length at the previous expect.
  var callsCheckedUpTo = 0
  var tapCount = 0
  var actionsRun = 0
  var lastRestore: RestoreOutcome?
  var lastInterceptor: InterceptorResponse?
  var failures: [String] = []
  var stepNumber = 0
  /// The APOD world of a journey (`start.apod`), nil for monetization scenarios.
  var apod: APODWorld?
  /// What the user has in front of them, as the journey steps drove it.
  let journey: JourneyState
  /// `accessChanges` counts from here: the access at the previous expect (or at the first frame
  /// of the launch since), and how many of this launch's entitlement updates it had seen.
  var accessBaseline: (access: AccessLevel, updatesSeen: Int)?

  final class TrackedWork {
    /// Its tasks' `JourneyWork.current`.
    let id: Int
    var isDone = false
    /// True while the work only waits for the clock (a screen staying current).
    var isIdle: @MainActor () -> Bool = { false }

    init(id: Int) { self.id = id }
  }
  private var trackedWorkMade = 0

  init(scenario: Scenario, watchdog: Duration) {
    self.scenario = scenario
    self.watchdog = watchdog
    world = ScenarioWorld(start: scenario.start, transcript: transcript)
    content = SimulatedContent(clock: ScenarioDeviceClock(world: world))
    journey = JourneyState()
    seedSnapshot()
  }

  func run() async -> ScenarioReport {
    transcript.append(step: "scenario: \(scenario.name)")
    if let summary = scenario.summary { transcript.append(step: "  \(summary)") }
    if let setup = scenario.start.apod {
      do {
        apod = try await APODWorld.start(
          setup, world: world, clock: ScenarioDeviceClock(world: world), online: scenario.start.online)
        world.note(
          "apod: the demo server answers on 127.0.0.1"
            + (setup.wrongDay.map { ", always with \($0.iso)" } ?? ""))
      } catch {
        fail("\(error)")
        content.remove()
        return ScenarioReport(name: scenario.name, transcript: transcript.lines, failures: failures)
      }
    }
    transcript.append(step: "[0] app opens (first frame)")
    openApp()
    for (index, step) in scenario.steps.enumerated() {
      stepNumber = index + 1
      transcript.append(step: "[\(stepNumber)] \(step.title)")
      await perform(step)
      if world.wasKilled { dropKilledApp() }
    }
    if let expectation = scenario.expect {
      stepNumber = scenario.steps.count + 1
      transcript.append(step: "[end] expect")
      check(expectation)
      await checkScreen(expectation.screen)
    }
    model?.shutdown()
    world.endGeneration()
    await apod?.stop()
    content.remove()
    return ScenarioReport(name: scenario.name, transcript: transcript.lines, failures: failures)
  }

  // MARK: - Steps

  private func perform(_ step: ScenarioStep) async {
    switch step {
    case .launch:
      if model == nil { openApp() }
      guard let model, model.launchState == .notLaunched else {
        return fail("the app is already launched (use relaunch)")
      }
      await track { await model.launch() }
      await firstScreenAppears()
    case .quit:
      quit()
    case .relaunch:
      quit()
      openApp()
      guard let model else { return }
      await track { await model.launch() }
      await firstScreenAppears()
    case .foreground:
      guard let model = runningModel() else { return }
      if journey.inBackground {
        // Back from the home screen: the scene turns active again, and Core decides.
        journey.inBackground = false
        await track { await model.scenePhaseDidChange(to: .active) }
      } else {
        await track { await model.enterForeground() }
      }
    case .tap(let feature, let label):
      guard let model = runningModel() else { return }
      tapCount += 1
      let key = label ?? "tap\(tapCount)"
      await track {
        let result = await model.monetization.attempt(feature) { self.actionsRun += 1 }
        self.attempts[key] = .gate(result)
      }
    case .buy(let product, let result, let offer, let billingPlan):
      await buy(product, result, offer: offer, billingPlan: billingPlan)
    case .closePaywall(let reason):
      if !world.isPaywallUp, world.sdkPaywallUp, let model = runningModel() {
        // The adapter's default result handler reports the SDK's own paywall.
        world.sdkPaywallUp = false
        world.note("sdk: its own paywall dismissed")
        await track {
          await model.monetization.paywallDidClose(
            placement: .openedBySDK, outcome: PaywallOutcome(purchaseResult: .cancelled, closeReason: reason))
        }
        return await settle()
      }
      guard world.isPaywallUp else { return fail("no paywall is shown") }
      world.userClosesPaywall(reason: reason)
      await settle()
    case .restoreInPaywall:
      await restoreInPaywall()
    case .approvePurchase(let product):
      guard let index = world.askToBuy.firstIndex(of: product) else {
        return fail("no purchase of \(product) waits for approval")
      }
      world.askToBuy.remove(at: index)
      // In Full mode the SDK's backend hears of the approval; in Observer mode only synchronize().
      let knownToBackend = world.launchedMode == .full
      guard let subscription = world.buy(product, knownToBackend: knownToBackend) else { return }
      world.note(
        "store: \(product) approved (transaction \(subscription.transactionID))"
          + (model == nil ? " while the app is not running" : ""))
      world.deliverNew(world.signed(subscription))
      await settle()
    case .declinePurchase(let product):
      guard let index = world.askToBuy.firstIndex(of: product) else {
        return fail("no purchase of \(product) waits for approval")
      }
      world.askToBuy.remove(at: index)
      world.note("store: \(product) declined; StoreKit tells the app nothing")
    case .transactionUpdate(let product, let verified):
      guard let index = world.index(of: product) else { return fail("no subscription to \(product) exists") }
      let transaction = world.transaction(for: world.subscriptions[index])
      world.deliver(verified ? .verified(transaction) : .unverified(transaction, .invalidSignature))
      await settle()
    case .refund(let product):
      guard let index = world.index(of: product) else { return fail("no subscription to \(product) exists") }
      world.subscriptions[index].state = .revoked(at: world.now)
      world.note("store: \(product) refunded\(model == nil ? " while the app is not running" : "")")
      world.deliver(world.signed(world.subscriptions[index]))
      await settle()
    case .billingProblem(let product, let graceDays):
      guard let index = world.index(of: product) else { return fail("no subscription to \(product) exists") }
      world.subscriptions[index].expirationDate = min(world.subscriptions[index].expirationDate, world.now)
      world.subscriptions[index].state =
        graceDays.map { .gracePeriod(until: world.now.addingTimeInterval($0 * 86_400)) } ?? .billingRetry
    case .cancelAutoRenew(let product):
      guard let index = world.index(of: product) else { return fail("no subscription to \(product) exists") }
      world.subscriptions[index].willAutoRenew = false
    case .advanceTime(let seconds):
      world.advance(by: seconds)
      await settle()
    case .goOffline:
      world.online = false
      apod?.radio.setOnline(false)
    case .goOnline:
      world.online = true
      apod?.radio.setOnline(true)
    case .restore:
      // The Profile screen's button: its alert is what the user reads.
      guard let model = runningModel() else { return }
      await track {
        await model.profile.restore()
        self.lastRestore = model.monetization.restores.lastOutcome
      }
    case .changeMode(let mode):
      guard let model = runningModel() else { return }
      // Profile's running-mode picker, as the user changes it.
      model.profile.selectRunningMode(mode)
    case .setBackend(let start, let check):
      world.backendStart = start ?? world.backendStart
      world.backendCheck = check ?? world.backendCheck
    case .setPaywall(let placement, let behaviour):
      world.paywalls[placement] = behaviour
    case .killBeforeFinish:
      world.killBeforeNextFinish = true
    case .saveFavorite(let date, let label):
      guard let model = runningModel(), let day = APODDay(rawValue: date) else { return }
      tapCount += 1
      let key = label ?? "tap\(tapCount)"
      let favorite = Favorite(
        date: day, title: "APOD \(date)", mediaType: .image, imageURL: nil, hdImageURL: nil, pageURL: nil,
        copyright: nil, altText: nil, dateAdded: world.time.deviceNow())
      await track {
        let saved = await model.favorites.add(favorite)
        self.attempts[key] = .favorite(saved: saved)
      }
    case .removeFavorite(let date):
      guard let model = runningModel(), let day = APODDay(rawValue: date) else { return }
      await track { _ = await model.favorites.remove(day) }
    case .openFavorites:
      guard let model = runningModel() else { return }
      await track { await model.favorites.load() }
      world.note("favorites screen shows \(Self.describe(Self.shown(model.favorites.state)))")
    case .upgrade(let from, let to):
      guard let index = world.index(of: from) else { return fail("no subscription to \(from) exists") }
      world.subscriptions[index].isUpgraded = true
      let knownToBackend = world.launchedMode == .full
      guard let subscription = world.buy(to, knownToBackend: knownToBackend) else { return }
      world.note("store: \(from) upgraded to \(to) (transaction \(subscription.transactionID))")
      world.deliverNew(world.signed(subscription))
      await settle()
    case .paymentFixed(let product):
      guard let index = world.index(of: product) else { return fail("no subscription to \(product) exists") }
      world.renewNow(at: index)
      await settle()
    case .resumeAutoRenew(let product):
      guard let index = world.index(of: product) else { return fail("no subscription to \(product) exists") }
      world.subscriptions[index].willAutoRenew = true
    case .setDeviceClock(let offset):
      world.time.setDeviceOffset(offset)
    case .sdkStartCallsBack(let result, let which):
      if !world.callBackHeldStart(result, which: which) {
        world.note("sdk: no start call waits for an answer: the callback changes nothing")
      }
      await settle()
    case .holdNextStatusRead:
      world.holdsNextStatusRead = true
    case .promotedPurchase(let product, let result):
      guard runningModel() != nil else { return }
      world.nextPurchase = result
      world.note("app store: the user buys \(product) on its product page (a promoted purchase)")
      // What the SDK does follows what it was told at its start, not the app's mode.
      if world.sdkIsStarted, world.sdkShowsPromotedPurchasePaywall, world.sdkPromotedPurchase != .showsNothing
      {
        world.sdkPaywallUp = true
        world.note("sdk: opens its own paywall for \(product)")
        if world.sdkPromotedPurchase == .showsPaywallAlone {
          world.note("app store: the app's listener receives nothing")
          return await settle()
        }
      } else {
        world.note("sdk: shows nothing for it")
      }
      guard world.promote(ProductID(rawValue: product)) else {
        return fail("the app does not listen for promoted purchases (add a launch step)")
      }
      await settle()
    case .dismissMessage:
      guard let model = runningModel() else { return }
      guard let message = model.navigation.message else { return fail("no message is shown to dismiss") }
      model.navigation.dismissMessage(message.id)
      await settle()
    case .journey(let step):
      await performJourney(step)
    case .expect(let expectation):
      check(expectation)
      await checkScreen(expectation.screen)
    }
  }

  /// Creates the app's model, as the process start does: the persisted snapshot is read here.
  func openApp() {
    let generation = world.beginGeneration()
    let log = LaunchLog(transcript: transcript)
    world.launchLog = log
    let store = world.deviceStore(for: generation)
    let storeKit = SimulatedStoreKit(world: world, generation: generation)
    let grandfathering = scenario.start.grandfathering.map {
      GrandfatheringPolicy(cutoffBuild: $0.cutoffBuild)
    }
    let groupID = scenario.start.configuredGroupID ?? ProductCatalog.localSubscriptionGroupID
    let monetization = MonetizationDependencies(
      keyValueStore: store, subscriptionBackend: SimulatedBackend(world: world, generation: generation),
      storeEntitlements: storeKit, appTransactions: storeKit,
      paywallPresenter: SimulatedPaywalls(world: world, generation: generation),
      purchaser: SimulatedPurchaser(world: world, generation: generation),
      subscriptionManagement: FakeSubscriptionManagement(), monetizationLogger: log,
      configuration: MonetizationConfiguration(
        subscriptionGroupID: groupID,
        paywallLoadTimeout: .seconds(scenario.start.paywallTimeout),
        defaultRunningMode: scenario.start.mode, grandfathering: grandfathering),
      clock: ScenarioDeviceClock(world: world))
    let dependencies = Dependencies(monetization: monetization, content: content.dependencies(apod: apod))
    let model = AppModel(dependencies: dependencies)
    self.model = model
    accessBaseline = (model.monetization.entitlements.entitlement.access, 0)
    processStarted(model)
  }

  /// The process died inside the last step (`killBeforeFinish`): its model is gone; the world
  /// already silenced that launch.
  private func dropKilledApp() {
    world.wasKilled = false
    model?.shutdown()
    model = nil
    tracked.removeAll()
  }

  private func quit() {
    guard let model else { return }
    model.shutdown()
    self.model = nil
    tracked.removeAll()
    journey.reset()
    world.endGeneration()
    world.note("app quit")
  }

  private func buy(
    _ product: String, _ result: ScriptedPurchase, offer: String?, billingPlan: BillingPlanType?
  ) async {
    guard let model = runningModel() else { return }
    guard world.isPaywallUp else { return fail("no paywall is shown to buy from") }
    var plan = ScenarioCatalog.product(product)?.plan
    if let billingPlan { plan?.billingPlanType = billingPlan }
    switch model.monetization.settings.activeMode {
    case .observer:
      // The SDK calls the app's purchase interceptor, then the adapter closes the paywall.
      world.nextPurchase = result
      var response: InterceptorResponse?
      // The adapter has the backend sign the offer the paywall showed, for the backend's user.
      let request = offer.map { offerID in
        PromotionalOfferRequest.signed(world.signOffer(offerID, productID: product))
      }
      let before = Set(world.subscriptions.map(\.transactionID))
      await track { response = await model.monetization.paywallInterceptor?.purchase(plan, request, nil) }
      // A process killed inside the interceptor never closes its paywall.
      guard let response, !world.wasKilled else { return }
      lastInterceptor = response
      sdkAnswered(response, only: Set(world.subscriptions.map(\.transactionID)).subtracting(before))
      if response.closesPaywall {
        world.count(.paywallCloseAll)
        let purchased = response.result == .success
        world.dismiss(
          with: PaywallOutcome(
            purchaseResult: purchased ? .purchased : .none, plan: purchased ? plan : nil,
            closeReason: .programmatic))
        await settle()
      }
    case .full:
      // The SDK buys with StoreKit itself and closes the paywall after a purchase.
      guard world.online else {
        world.note("sdk: purchase failed: offline")
        return
      }
      switch result {
      case .purchased:
        guard let subscription = world.buy(product, knownToBackend: true) else { return }
        world.note("sdk: \(product) bought (transaction \(subscription.transactionID))")
        world.dismiss(
          with: PaywallOutcome(purchaseResult: .purchased, plan: plan, closeReason: .programmatic))
      case .pending:
        world.askToBuy.append(product)
        world.note("sdk: \(product) waits for a parent's approval")
      case .unverified, .cancelled, .failed:
        world.note("sdk: purchase of \(product) did not complete (\(result))")
      }
      await settle()
    }
  }

  /// Purchasely v6, Observer mode: after an interceptor answers `.success` the SDK synchronizes
  /// by itself (the backend validates each receipt with Apple, as `SimulatedBackend.synchronize`):
  /// after a purchase, the transaction just bought (`only`); after a restore, every one on the device.
  private func sdkAnswered(_ response: InterceptorResponse, only bought: Set<UInt64>? = nil) {
    guard response.result == .success else { return }
    world.count(.sdkSynchronizeAfterSuccess)
    guard world.online else { return }
    for index in world.subscriptions.indices
    where world.subscriptions[index].onThisDevice && world.subscriptions[index].verified
      && bought?.contains(world.subscriptions[index].transactionID) ?? true
    {
      world.subscriptions[index].knownToBackend = true
    }
  }

  private func restoreInPaywall() async {
    guard let model = runningModel() else { return }
    guard world.isPaywallUp else { return fail("no paywall is shown to restore from") }
    switch model.monetization.settings.activeMode {
    case .observer:
      var response: InterceptorResponse?
      await track { response = await model.monetization.paywallInterceptor?.restore() }
      guard let response, !world.wasKilled else { return }
      lastInterceptor = response
      sdkAnswered(response)
      if response.closesPaywall {
        world.count(.paywallCloseAll)
        world.dismiss(with: PaywallOutcome(purchaseResult: .restored, closeReason: .programmatic))
        await settle()
      }
    case .full:
      let backend = SimulatedBackend(world: world, generation: world.generation)
      let restored = try? await backend.restore()
      if restored == .restored {
        world.dismiss(with: PaywallOutcome(purchaseResult: .restored, closeReason: .programmatic))
      } else {
        world.note("sdk: nothing to restore")
      }
      await settle()
    }
  }

  func runningModel() -> AppModel? {
    guard let model else {
      fail("the app is not running (add a launch step)")
      return nil
    }
    return model
  }

  func fail(_ message: String) {
    failures.append("step \(stepNumber): \(message)")
    transcript.append(step: "    ✗ \(message)")
  }

  private func seedSnapshot() {
    guard let seed = scenario.start.snapshot else { return }
    let start = scenario.start.now
    let snapshot = EntitlementSnapshot(
      isPremium: seed.isPremium, reason: seed.reason, source: seed.source,
      productID: seed.product.map(ProductID.init(rawValue:)),
      expirationDate: seed.expires?.resolve(from: start),
      graceExpirationDate: seed.graceEnds?.resolve(from: start),
      computedAt: seed.computedAt.resolve(from: start), schemaVersion: seed.schemaVersion)
    let generation = world.beginGeneration()
    EntitlementSnapshotStore(store: world.deviceStore(for: generation)).save(snapshot)
  }

  // MARK: - Settling

  /// Starts `work` and returns once the app is idle again.
  func track(_ work: @escaping () async -> Void) async {
    await track({ work }, started: { _ in })
  }

  /// As `track(_:)`, handing the started task to `started` first (a view's `.task`, cancelled
  /// when the view goes away).
  func track(
    _ work: () -> () async -> Void, started: (Task<Void, Never>) -> Void,
    idle: @escaping @MainActor () -> Bool = { false }
  ) async {
    trackedWorkMade += 1
    let entry = TrackedWork(id: trackedWorkMade)
    entry.isIdle = idle
    tracked.append(entry)
    let body = work()
    let task = Task {
      await JourneyWork.$current.withValue(entry.id) { await body() }
      entry.isDone = true
      self.world.notify()
    }
    started(task)
    await settle()
  }

  /// Waits until every piece of started work has finished or waits for the user or the clock
  /// (a shown paywall, a hung load with a pending timeout), and every delivered transaction
  /// update has been handled.
  private func settle() async {
    var stuck = false
    let guardTask = Task { [world, watchdog] in
      try? await Task.sleep(for: watchdog)
      guard !Task.isCancelled else { return }
      stuck = true
      world.notify()
    }
    defer { guardTask.cancel() }
    while !stuck {
      if let purchases = model?.monetization.purchases, purchases.isListening, let log = world.launchLog,
        log.handledUpdates < world.sentUpdates
      {
        await world.waitForChangeOrUpdates(log: log, count: world.sentUpdates)
        continue
      }
      if let log = world.launchLog, log.handledPromotedPurchases < world.sentPromotedPurchases {
        await world.waitForChangeOrPromoted(log: log, count: world.sentPromotedPurchases)
        continue
      }
      tracked.removeAll { $0.isDone }
      if tracked.count(where: { !$0.isIdle() }) <= world.parkedCount { return }
      // A journey's work waiting only for a slow server's held answers, or between a 503 and its
      // retry, waits for the clock; work acting on an answer meanwhile is not waiting.
      if let apod,
        apod.isParked(
          now: world.time.deviceNow(), backingOff: world.requestsBackingOff, timed: world.requestsWithDeadline
        ),
        !tracked.contains(where: {
          !$0.isIdle() && apod.hasAnswers(for: $0.id) && !world.waitsOnTheClock($0.id)
        })
      {
        return
      }
      await world.waitForChange(orAfter: .milliseconds(20))
    }
    fail("the app did not settle within \(watchdog) (a wait that never ends?)")
    tracked.removeAll()
  }

  // MARK: - Expectations

  /// Checks every given field and writes one line per check: `✓ what = value` or `✗ …`.
  private func check(_ expect: ScenarioExpectation) {
    let entitlement = model?.monetization.entitlements.entitlement
    func compare<Value: Equatable>(_ name: String, _ expected: Value?, _ actual: Value?) {
      guard let expected else { return }
      guard expected == actual else {
        return fail(
          "expected \(name) \(expected), got \(actual.map { "\($0)" } ?? "nothing (app not running)")")
      }
      passed("\(name) = \(expected)")
    }
    compare("access", expect.access, entitlement?.access)
    compare("reason", expect.reason, entitlement?.reason)
    compare("fromCache", expect.fromCache, entitlement?.isFromCache)
    compare("source", expect.source, entitlement?.source)
    compare("product", expect.product, entitlement.map { $0.productID?.rawValue ?? "none" })
    if let expires = expect.expires {
      // To the second, as the dates are written in scenarios.
      let expected = expires.resolve(from: scenario.start.now)
      let actual = entitlement?.expirationDate
      let text = { (date: Date) in date.formatted(.iso8601) }
      if let actual, Int(actual.timeIntervalSince1970) == Int(expected.timeIntervalSince1970) {
        passed("expires = \(text(expected))")
      } else {
        fail(
          "expected expires \(text(expected)), got "
            + (entitlement == nil ? "nothing (app not running)" : actual.map(text) ?? "never"))
      }
    }
    compare("definitive", expect.definitive, model?.monetization.entitlements.lastDecision?.isDefinitive)
    compare("paywallsShown", expect.paywallsShown, world.displayedPlacements)
    compare("paywallUp", expect.paywallUp, world.isPaywallUp || world.sdkPaywallUp)
    compare("actionsRun", expect.actionsRun, actionsRun)
    if let restore = expect.restore {
      if let lastRestore, restore.isMet(by: lastRestore) {
        passed("restore = \(lastRestore)")
      } else {
        fail("expected restore \(restore.rawValue), got \(lastRestore.map { "\($0)" } ?? "none")")
      }
    }
    compare("interceptor", expect.interceptor, lastInterceptor?.result)
    compare("awaitingApproval", expect.awaitingApproval, model?.monetization.purchases.isAwaitingApproval)
    compare("finishedTransactions", expect.finishedTransactions, world.finishedTransactions.count)
    compare(
      "backendKnows", expect.backendKnows,
      world.subscriptions.filter(\.knownToBackend).map(\.product.id.rawValue).sorted())
    let sdkUser = UUID(uuidString: ScenarioWorld.backendUserID)
    compare(
      "purchaseTokens", expect.purchaseTokens,
      world.purchaseTokens.map { token -> PurchaseTokenExpectation in
        token == nil ? .none : token == sdkUser ? .sdkUser : .other
      })
    compare("activeMode", expect.activeMode, model?.monetization.settings.activeMode)
    compare("pendingMode", expect.pendingMode, model?.monetization.settings.pendingMode)
    compare("relaunchRequired", expect.relaunchRequired, model?.monetization.settings.isRelaunchRequired)
    for (label, expected) in (expect.attempts ?? [:]).sorted(by: { $0.key < $1.key }) {
      let actual = attempts[label]
      switch (expected.isMet(by: actual), actual) {
      case (true, nil): passed("attempt '\(label)' still pending")
      case (true, let actual?): passed("attempt '\(label)' = \(actual)")
      case (false, nil): fail("expected attempt '\(label)' \(expected), it has not finished")
      case (false, let actual?): fail("expected attempt '\(label)' \(expected), got \(actual)")
      }
    }
    for (call, expected) in (expect.calls ?? [:]).sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      compare("\(call.rawValue) calls", expected, world.calls.count(call.rawValue))
    }
    for (call, expected) in (expect.callArguments ?? [:]).sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      let actual = world.calls.arguments(of: call.rawValue)
      compare("\(call.rawValue) arguments", expected, actual)
    }
    if let order = expect.callOrder { checkOrder(order) }
    callsCheckedUpTo = world.calls.entries.count
    let kinds = Set(transcript.eventKinds)
    for event in expect.events ?? [] {
      if kinds.contains(event) {
        passed("event '\(event)' logged")
      } else {
        fail("expected a '\(event)' event, none was logged")
      }
    }
    for event in expect.noEvents ?? [] {
      if kinds.contains(event) {
        fail("expected no '\(event)' event, one was logged")
      } else {
        passed("no '\(event)' event")
      }
    }
    if let favorites = expect.favorites {
      let shown = model.map { Self.shown($0.favorites.state) }
      if let shown, Self.shown(favorites) == shown {
        passed("favorites screen = \(Self.describe(favorites))")
      } else {
        fail(
          "expected favorites screen \(Self.describe(favorites)), got "
            + (shown.map(Self.describe) ?? "nothing (app not running)"))
      }
    }
    for (key, expected) in (expect.texts ?? [:]).sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      compare("\(key.rawValue) text", expected, text(key) ?? "none")
    }
    for (key, expected) in (expect.textsContaining ?? [:]).sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      let actual = text(key)
      if actual?.contains(expected) == true {
        passed("\(key.rawValue) text contains \"\(expected)\"")
      } else {
        fail(
          "expected \(key.rawValue) text containing \"\(expected)\", got \(actual.map { "\"\($0)\"" } ?? "none")"
        )
      }
    }
    if let snapshotExpectation = expect.snapshot { check(snapshotExpectation) }
    checkAccessChanges(expect.accessChanges)
    if let expected = expect.message {
      compare("message", expected, model.map { $0.navigation.message?.text ?? "none" })
    }
    compare("messagesWaiting", expect.messagesWaiting, model?.navigation.waitingMessages.count)
  }

  /// The access the entitlement moved to at each change since the previous expect (or the first
  /// frame of the launch since), from the launch's `entitlementUpdated` events; the baseline moves
  /// on at every expect.
  private func checkAccessChanges(_ expected: [AccessLevel]?) {
    let updates = world.launchLog?.accessUpdates ?? []
    defer {
      if let model { accessBaseline = (model.monetization.entitlements.entitlement.access, updates.count) }
    }
    guard let expected else { return }
    guard let baseline = accessBaseline, baseline.updatesSeen <= updates.count else {
      return fail("expected access changes \(expected.map(\.rawValue)), the app is not running")
    }
    var changes: [AccessLevel] = []
    var current = baseline.access
    for access in updates[baseline.updatesSeen...] where access != current {
      changes.append(access)
      current = access
    }
    if changes == expected {
      passed("access changes = \(changes.map(\.rawValue))")
    } else {
      fail("expected access changes \(expected.map(\.rawValue)), got \(changes.map(\.rawValue))")
    }
  }

  /// Whether `order` appears, in order, among the calls since the previous expect.
  private func checkOrder(_ calls: [SimulatedCall]) {
    let order = calls.map(\.rawValue)
    let recent = Array(world.calls.entries[callsCheckedUpTo...])
    var remaining = order[...]
    for call in recent where call == remaining.first { remaining = remaining.dropFirst() }
    if remaining.isEmpty {
      passed("calls in order: \(order.joined(separator: " → "))")
    } else {
      fail(
        "expected calls in order \(order.joined(separator: " → ")) since the previous expect, got "
          + (recent.isEmpty ? "no calls" : recent.joined(separator: ", ")))
    }
  }

  /// A user-facing sentence, or `nil` when none is shown.
  private func text(_ which: ScenarioText) -> String? {
    guard let model else { return nil }
    switch which {
    case .gateNotice: return model.gateNotice
    case .restoreAlert: return model.profile.restoreReport?.message
    case .profileTitle: return model.profile.statusTitle
    case .profileStatus: return model.profile.statusLine
    case .interceptorMessage: return lastInterceptor?.message
    case .favoritesError: return model.favorites.errorMessage
    }
  }

  private static func describe(_ expectation: FavoritesExpectation) -> String {
    switch expectation {
    case .locked: "locked"
    case .loading: "loading"
    case .empty: "empty"
    case .failed: "failed"
    case .dates(let dates): dates.isEmpty ? "empty" : dates.joined(separator: ", ")
    }
  }

  /// What the screen shows, in the expectation's terms (no dates is `empty`).
  static func shown(_ state: FavoritesState) -> FavoritesExpectation {
    switch state {
    case .locked: .locked
    case .loading: .loading
    case .empty: .empty
    case .failed: .failed
    case .loaded(let favorites): shown(.dates(favorites.map(\.date.rawValue)))
    }
  }

  static func shown(_ expectation: FavoritesExpectation) -> FavoritesExpectation {
    if case .dates(let dates) = expectation, dates.isEmpty { return .empty }
    return expectation
  }

  func passed(_ message: String) {
    transcript.append(step: "    ✓ \(message)")
  }

  private func check(_ expectation: SnapshotExpectation) {
    let reader = EntitlementSnapshotStore(
      store: world.deviceStore(for: world.generation))
    let stored: EntitlementSnapshot? = if case .loaded(let snapshot) = reader.load() { snapshot } else { nil }
    switch expectation {
    case .none:
      if let stored {
        fail("expected no stored snapshot, found one (isPremium \(stored.isPremium))")
      } else {
        passed("no stored snapshot")
      }
    case .stored(let isPremium, let reason):
      guard let stored else { return fail("expected a stored snapshot, found none") }
      if let isPremium {
        if isPremium != stored.isPremium {
          fail("expected stored snapshot isPremium \(isPremium), got \(stored.isPremium)")
        } else {
          passed("stored snapshot isPremium = \(isPremium)")
        }
      }
      if let reason {
        if reason != stored.reason {
          fail("expected stored snapshot reason \(reason.rawValue), got \(stored.reason.rawValue)")
        } else {
          passed("stored snapshot reason = \(reason.rawValue)")
        }
      }
    }
  }
}

extension ScenarioWorld {
  /// Returns once the app has handled `count` promoted purchases (as this launch's log counts
  /// them), or the world changed.
  func waitForChangeOrPromoted(log: LaunchLog, count: Int) async {
    Task {
      await log.waitUntilPromotedHandled(count: count)
      self.notify()
    }
    await waitForChange()
  }

  /// Returns once the listener has handled `count` updates (as this launch's log counts them), or
  /// the world changed.
  func waitForChangeOrUpdates(log: LaunchLog, count: Int) async {
    Task {
      await log.waitUntilHandled(count: count)
      self.notify()
    }
    await waitForChange()
  }
}

/// The device's clock as the app reads it: the scenario's time, set off by the user, and sleeps
/// that end only when the scenario's time passes their deadline.
nonisolated struct ScenarioDeviceClock: Clocking {
  let world: ScenarioWorld

  var now: Date { world.time.deviceNow() }

  func sleep(for duration: Duration) async throws {
    try await world.sleep(for: duration)
  }
}
