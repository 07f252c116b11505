import Foundation
import Monetization

/// An executable monetization scenario: a starting world, then steps that drive the real
/// `AppModel` and check expectations. The JSON format is documented in `Scenarios/README.md`.
public struct Scenario: Sendable, Equatable {
  public var name: String
  public var summary: String?
  public var start: ScenarioStart
  public var steps: [ScenarioStep]
  /// Checked after the last step.
  public var expect: ScenarioExpectation?
}

/// The world before the first step.
public struct ScenarioStart: Sendable, Equatable {
  public var mode: RunningMode = .full
  public var now: Date = ScenarioStart.defaultNow
  public var online = true
  public var snapshot: ScenarioSnapshot?
  public var subscriptions: [ScenarioSubscription] = []
  public var backendStart: BackendStartBehaviour = .ok
  public var backendCheck: BackendCheckBehaviour = .ok
  public var sdkPromotedPurchase: SDKPromotedPurchaseBehaviour = .showsPaywall
  public var paywalls: [String: PaywallBehaviour] = [:]
  public var paywallTimeout: TimeInterval = 10
  public var grandfathering: ScenarioGrandfathering?
  /// The subscription group the build is configured with; `nil` means the catalog's own.
  public var configuredGroupID: String?
  /// The APOD world of a journey (the demo server's data through the app's stack); `nil`: no
  /// APOD is reachable (monetization scenarios).
  public var apod: ScenarioAPODStart?

  /// 2026-03-01T09:00:00Z.
  public static let defaultNow = Date(timeIntervalSince1970: 1_772_355_600)
}

/// A persisted entitlement snapshot left by an earlier launch.
public struct ScenarioSnapshot: Sendable, Equatable {
  public var isPremium: Bool
  public var reason: EntitlementReason
  public var source: EntitlementSource
  public var product: String?
  public var expires: ScenarioTime?
  public var graceEnds: ScenarioTime?
  public var computedAt: ScenarioTime
  public var schemaVersion: Int
}

/// A subscription that exists in the store world (on this Apple Account).
public struct ScenarioSubscription: Sendable, Equatable {
  public enum State: String, Sendable, Equatable, CaseIterable {
    case active, gracePeriod, billingRetry, revoked
  }

  public var product: String
  public var purchased: ScenarioTime
  /// Defaults to one period after `purchased`.
  public var expires: ScenarioTime?
  public var willAutoRenew: Bool
  public var state: State
  public var graceEnds: ScenarioTime?
  public var familyShared: Bool
  /// `false` on a new device: StoreKit and the backend see it only after a restore.
  public var onThisDevice: Bool
  /// Whether the subscription backend knows it (defaults to `onThisDevice && verified`: a real
  /// backend validates with Apple and never lists an invalid signature).
  public var knownToBackend: Bool
  public var sandbox: Bool
  public var verified: Bool
}

/// Grandfathering input: the configured cutoff and what `AppTransaction` reports.
public struct ScenarioGrandfathering: Sendable, Equatable {
  public var cutoffBuild: String
  public var originalBuild: String
  public var sandbox: Bool
  /// `false`: `AppTransaction.shared` does not verify until `AppTransaction.refresh()` fetched a
  /// newly signed one.
  public var verified: Bool
}

/// How the subscription SDK's start behaves.
public enum BackendStartBehaviour: String, Sendable, Equatable, CaseIterable {
  case ok, fail, notConfigured
  /// The start's callback never fires (Core's time limit ends the wait).
  case hang
  /// The start calls back only when a `sdkStartCallsBack` step says so, and with that step's
  /// result; Core giving up on it does not end it, as with the real SDK.
  case held
}

/// What the SDK does with a promoted purchase once started with
/// `showsPromotedInAppPurchasePaywall(true)`. Purchasely's help centre says it serves the plan's
/// default paywall; whether it ever shows nothing (no presentation, deeplinks not allowed) is not
/// documented, so each choice has its scenario. Not started, or started with `false`: it shows nothing.
/// Nor is it documented whether the app's `PurchaseIntent` listener still receives a purchase the SDK
/// shows: `showsPaywallAlone` is the SDK's paywall with nothing for the app.
public enum SDKPromotedPurchaseBehaviour: String, Sendable, Equatable, CaseIterable {
  case showsPaywall, showsNothing, showsPaywallAlone
}

/// What a held SDK start answers when the scenario calls it back (`sdkStartCallsBack`).
public enum HeldStartAnswer: String, Sendable, Equatable, CaseIterable {
  case ok, fail, notConfigured
}

/// Which held SDK start call answers (`sdkStartCallsBack`).
public enum HeldStartCall: String, Sendable, Equatable, CaseIterable {
  case newest, oldest
}

/// How the subscription SDK's `activeSubscriptions` behaves (when online).
public enum BackendCheckBehaviour: String, Sendable, Equatable, CaseIterable {
  /// Answers from the store world.
  case ok
  /// Fails although the device is online.
  case fail
  /// Answers with every known subscription in status `unknown`.
  case unknownStatus
  /// The check's callback never fires.
  case hang
}

/// How a placement's paywall loads.
public enum PaywallBehaviour: String, Sendable, Equatable, CaseIterable {
  case normal, fallback, deactivated, client
  /// The SDK reports a load error.
  case loadError
  /// The SDK reports no network.
  case noNetwork
  /// The SDK never answers.
  case hang
  /// Loads, but UIKit refuses to present it: never shown, never dismissed, `closeAll` ignored.
  case neverShown
  /// Loads, then the SDK reports a display error.
  case displayFails
  /// Loads and shows; when the user closes it, the SDK never reports the dismissal.
  case dismissalLost
}

/// What the App Store answers when the user buys.
public enum ScriptedPurchase: Sendable, Equatable {
  case purchased
  case unverified
  case pending
  case cancelled
  case failed(PurchaseFailure)
}

/// A point in time, absolute or relative to the scenario's start.
public enum ScenarioTime: Sendable, Equatable {
  case absolute(Date)
  case relative(TimeInterval)

  /// The date this time denotes for a scenario starting at `start`.
  public func resolve(from start: Date) -> Date {
    switch self {
    case .absolute(let date): date
    case .relative(let offset): start.addingTimeInterval(offset)
    }
  }
}

/// One step of a scenario.
public enum ScenarioStep: Sendable, Equatable {
  case launch
  case quit
  case relaunch
  case foreground
  case tap(feature: Feature, label: String?)
  /// `offer`: the promotional offer the paywall showed with the plan, signed by the backend.
  /// `billingPlan`: how the paywall's plan bills (`PLYBillingPlanType`); nil: unspecified.
  case buy(product: String, result: ScriptedPurchase, offer: String?, billingPlan: BillingPlanType? = nil)
  case closePaywall(reason: PaywallCloseReason)
  case restoreInPaywall
  case approvePurchase(product: String)
  /// A parent declines a pending Ask to Buy purchase: StoreKit tells the app nothing.
  case declinePurchase(product: String)
  case transactionUpdate(product: String, verified: Bool)
  case refund(product: String)
  case billingProblem(product: String, graceDays: Double?)
  case cancelAutoRenew(product: String)
  case advanceTime(TimeInterval)
  case goOffline
  case goOnline
  case restore
  case changeMode(RunningMode)
  case setBackend(start: BackendStartBehaviour?, check: BackendCheckBehaviour?)
  case setPaywall(placement: String, behaviour: PaywallBehaviour)
  /// The next time the app is about to finish a transaction, the process is killed instead.
  case killBeforeFinish
  /// The Favorites actions and screen (`FavoritesModel`): saving is gated, removing is not.
  case saveFavorite(date: String, label: String?)
  case removeFavorite(date: String)
  case openFavorites
  /// Moves to a higher level of service now: the old transaction is upgraded, a new one starts.
  case upgrade(from: String, to: String)
  /// The billing problem is solved: the subscription renews now.
  case paymentFixed(product: String)
  /// Auto-renew turned back on.
  case resumeAutoRenew(product: String)
  /// The user sets the device's clock this far off true time (0 puts it right).
  case setDeviceClock(offset: TimeInterval)
  /// A held SDK start calls back now with `result` (the newest or oldest still waiting).
  case sdkStartCallsBack(result: HeldStartAnswer, which: HeldStartCall)
  /// The next subscription-status read answers what the App Store held when it was asked, but
  /// only once the next purchase has gone through (a slow read racing a purchase).
  case holdNextStatusRead
  /// The user dismisses the message in front (the alert's OK).
  case dismissMessage
  /// The user buys `product` on its App Store page (a promoted in-app purchase); the App Store
  /// answers the app's purchase with `result`.
  case promotedPurchase(product: String, result: ScriptedPurchase)
  /// A journey step: the app as a user drives it (`JourneyStep`).
  case journey(JourneyStep)
  case expect(ScenarioExpectation)

  /// A short label for the transcript.
  public var title: String {
    switch self {
    case .launch: "launch"
    case .quit: "quit"
    case .relaunch: "relaunch"
    case .foreground: "foreground"
    case .tap(let feature, let label): "tap \(feature.rawValue)" + (label.map { " [\($0)]" } ?? "")
    case .buy(let product, let result, let offer, let billingPlan):
      "buy \(product)" + (offer.map { " with offer \($0)" } ?? "")
        + (billingPlan.map { " billed \($0.rawValue)" } ?? "") + " → \(result)"
    case .closePaywall(let reason): "close paywall (\(reason.rawValue))"
    case .restoreInPaywall: "restore inside the paywall"
    case .approvePurchase(let product): "parent approves \(product)"
    case .declinePurchase(let product): "parent declines \(product)"
    case .transactionUpdate(let product, let verified):
      "transaction update for \(product)\(verified ? "" : " (unverified)")"
    case .refund(let product): "refund \(product)"
    case .billingProblem(let product, let graceDays):
      "billing problem on \(product)" + (graceDays.map { ", \($0) days of grace" } ?? ", no grace")
    case .cancelAutoRenew(let product): "turn off auto-renew for \(product)"
    case .advanceTime(let seconds): "advance time by \(ScenarioDuration.format(seconds))"
    case .goOffline: "go offline"
    case .goOnline: "go online"
    case .restore: "restore purchases (Profile)"
    case .changeMode(let mode): "change running mode to \(mode)"
    case .setBackend(let start, let check):
      "backend: start=\(start?.rawValue ?? "unchanged") check=\(check?.rawValue ?? "unchanged")"
    case .setPaywall(let placement, let behaviour): "paywall '\(placement)' now \(behaviour.rawValue)"
    case .killBeforeFinish: "the app will be killed before it finishes the next transaction"
    case .saveFavorite(let date, let label): "save favorite \(date)" + (label.map { " [\($0)]" } ?? "")
    case .removeFavorite(let date): "remove favorite \(date)"
    case .openFavorites: "open the Favorites screen"
    case .upgrade(let from, let to): "upgrade \(from) → \(to)"
    case .paymentFixed(let product): "payment method fixed for \(product)"
    case .resumeAutoRenew(let product): "turn auto-renew back on for \(product)"
    case .setDeviceClock(let offset):
      offset == 0
        ? "set the device clock right"
        : "set the device clock \(offset > 0 ? "forward" : "back") by \(ScenarioDuration.format(abs(offset)))"
    case .sdkStartCallsBack(let result, let which):
      "the \(which.rawValue) held SDK start calls back: \(result.rawValue)"
    case .holdNextStatusRead: "the next subscription-status read answers only after the next purchase"
    case .dismissMessage: "dismiss the message in front"
    case .promotedPurchase(let product, let result):
      "promoted purchase of \(product) on the App Store → \(result)"
    case .journey(let step): step.title
    case .expect: "expect"
    }
  }
}

/// Expectations; every field is optional and only the given ones are checked.
public struct ScenarioExpectation: Sendable, Equatable {
  public var access: AccessLevel?
  public var reason: EntitlementReason?
  public var fromCache: Bool?
  public var paywallsShown: [String]?
  public var paywallUp: Bool?
  /// Attempt label → what the gated tap or favorite save did.
  public var attempts: [String: AttemptExpectation]?
  public var actionsRun: Int?
  public var calls: [SimulatedCall: Int]?
  public var restore: RestoreExpectation?
  public var interceptor: InterceptResult?
  public var awaitingApproval: Bool?
  public var finishedTransactions: Int?
  /// The products the simulated backend knows of (sorted).
  public var backendKnows: [String]?
  /// Each StoreKit purchase's app account token: `sdkUser` (the SDK user's), `none`, or `other`.
  public var purchaseTokens: [PurchaseTokenExpectation]?
  public var snapshot: SnapshotExpectation?
  public var activeMode: RunningMode?
  public var pendingMode: RunningMode?
  public var relaunchRequired: Bool?
  public var events: [MonetizationLog.Kind]?
  public var noEvents: [MonetizationLog.Kind]?
  /// What the Favorites screen shows: `locked`, `loading`, `empty`, `failed`, or the dates.
  public var favorites: FavoritesExpectation?
  /// User-facing sentences, exactly (`gateNotice`, `restoreAlert`, `profileStatus`, …).
  public var texts: [ScenarioText: String]?
  /// User-facing sentences that must contain the given text.
  public var textsContaining: [ScenarioText: String]?
  /// Calls that must happen in this order (others may come between) since the previous expect.
  public var callOrder: [SimulatedCall]?
  /// Call name → the argument of each of its calls so far, in order.
  public var callArguments: [SimulatedCall: [String]]?
  public var source: EntitlementSource?
  public var product: String?
  public var expires: ScenarioTime?
  /// Whether the last check was definitive.
  public var definitive: Bool?
  /// The access the entitlement moved to at each change since the previous expect, in order.
  public var accessChanges: [AccessLevel]?
  /// The message in front (`AppNavigation.message`): its text, or `"none"`.
  public var message: String?
  /// How many messages wait, the one in front included (`AppNavigation.waitingMessages`).
  public var messagesWaiting: Int?
  /// What the screens show (journeys).
  public var screen = ScreenExpectation()

  public init() {}
}

/// What a gated tap (or a favorite save) should have done. Written `ran`, `alreadyPresenting`,
/// `rolledBack(awaitingApproval)`, `unavailable(timedOut)`; a bare `rolledBack` or `unavailable`
/// matches any reason; `pending` means it has not finished; `saved` / `notSaved` for favorites.
public enum AttemptExpectation: Sendable, Equatable, CustomStringConvertible {
  case pending
  /// Exactly this gate result.
  case gate(GateAttemptResult)
  /// Rolled back, for any reason.
  case anyRollback
  /// No paywall could be shown, for any reason.
  case anyUnavailable
  /// A favorite save: whether it was saved.
  case favorite(saved: Bool)

  public var description: String {
    switch self {
    case .pending: "pending"
    case .gate(let result): result.description
    case .anyRollback: "rolledBack"
    case .anyUnavailable: "unavailable"
    case .favorite(let saved): saved ? "saved" : "notSaved"
    }
  }

  /// Whether `outcome` (nil: not finished) meets this expectation.
  public func isMet(by outcome: AttemptOutcome?) -> Bool {
    switch (self, outcome) {
    case (.pending, nil): true
    case (.gate(let expected), .gate(let actual)?): expected == actual
    case (.anyRollback, .gate(.rolledBack)?), (.anyUnavailable, .gate(.unavailable)?): true
    case (.favorite(let expected), .favorite(let saved)?): expected == saved
    default: false
    }
  }
}

/// What a gated tap or a favorite save did.
public enum AttemptOutcome: Sendable, Equatable, CustomStringConvertible {
  case gate(GateAttemptResult)
  case favorite(saved: Bool)

  public var description: String {
    switch self {
    case .gate(let result): result.description
    case .favorite(let saved): saved ? "saved" : "notSaved"
    }
  }
}

/// What the last restore (Profile's button) should have ended with; `failed` matches any message.
public enum RestoreExpectation: String, Sendable, Equatable, CaseIterable {
  case restored, nothingToRestore, failed, cancelled

  /// Whether `outcome` is of this kind.
  public func isMet(by outcome: RestoreOutcome) -> Bool {
    switch (self, outcome) {
    case (.restored, .restored), (.nothingToRestore, .nothingToRestore), (.failed, .failed),
      (.cancelled, .cancelled):
      true
    default: false
    }
  }
}

/// A call into the simulated SDK, StoreKit or paywalls, by the name the doubles record it under.
public enum SimulatedCall: String, Sendable, CaseIterable {
  case backendStart = "backend.start"
  case backendActiveSubscriptions = "backend.activeSubscriptions"
  case backendSynchronize = "backend.synchronize"
  case backendSyncPurchase = "backend.syncPurchase"
  case backendRestore = "backend.restore"
  case storeKitCurrentEntitlements = "storeKit.currentEntitlements"
  case storeKitStatuses = "storeKit.statuses"
  case appTransactionRead = "appTransaction.read"
  case appTransactionRefresh = "appTransaction.refresh"
  case purchaserPurchase = "purchaser.purchase"
  case purchaserRestore = "purchaser.restore"
  case purchaserFinish = "purchaser.finish"
  case purchaserTransactionUpdates = "purchaser.transactionUpdates"
  case paywallLoad = "paywall.load"
  case paywallDisplay = "paywall.display"
  case paywallCloseAll = "paywall.closeAll"
  /// The SDK's own synchronize after an Observer-mode interceptor answered `.success`.
  case sdkSynchronizeAfterSuccess = "sdk.synchronizeAfterSuccess"
  /// The SDK's start itself runs (the adapter waits for a start under way instead of calling it).
  case sdkStart = "sdk.start"
}

/// What the Favorites screen should show.
public enum FavoritesExpectation: Sendable, Equatable {
  case locked, loading, empty, failed
  case dates([String])
}

/// The user-facing sentences a scenario can check.
public enum ScenarioText: String, Sendable, CaseIterable {
  /// `AppModel.gateNotice`: why a gated action did not run.
  case gateNotice
  /// Profile's restore alert (`ProfileModel.restoreReport.message`).
  case restoreAlert
  /// Profile's headline and status line.
  case profileTitle, profileStatus
  /// The message of the last Observer-mode interceptor answer, shown over the paywall.
  case interceptorMessage
  /// The Favorites screen's error message.
  case favoritesError
}

/// What the persisted snapshot should be.
public enum SnapshotExpectation: Sendable, Equatable {
  case none
  case stored(isPremium: Bool?, reason: EntitlementReason?)
}

/// Parses and prints durations such as `90s`, `10m`, `25h`, `3d`.
public enum ScenarioDuration {
  /// Seconds for `text`, or `nil` when it is not a number followed by `s`, `m`, `h` or `d`.
  public static func parse(_ text: String) -> TimeInterval? {
    guard let unit = text.last, let value = Double(text.dropLast()), value.isFinite, value >= 0 else {
      return nil
    }
    switch unit {
    case "s": return value
    case "m": return value * 60
    case "h": return value * 3600
    case "d": return value * 86_400
    default: return nil
    }
  }

  /// `3d 2h` style text for the transcript.
  public static func format(_ seconds: TimeInterval) -> String {
    if seconds >= 86_400, seconds.truncatingRemainder(dividingBy: 86_400) == 0 {
      return "\(Int(seconds / 86_400))d"
    }
    if seconds >= 3600, seconds.truncatingRemainder(dividingBy: 3600) == 0 {
      return "\(Int(seconds / 3600))h"
    }
    if seconds >= 60, seconds.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(seconds / 60))m" }
    return seconds == seconds.rounded() ? "\(Int(seconds))s" : "\(seconds)s"
  }
}

public enum PurchaseTokenExpectation: String, Sendable, Equatable, CaseIterable {
  case sdkUser, none, other
}
