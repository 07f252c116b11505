/// The paywall UI of the subscription SDK, split at the point where Core needs control.
///
/// `load(placement:)` maps `PLYPresentationBuilder.forPlacementId(_:)…build().preload()`;
/// `display(_:)` maps `presentation.display(from:)` with the builder's `onDismissed`;
/// `closeAll()` maps `Purchasely.closeAllScreens()`. Core times the load (a preload that never
/// answers must not hang a tap) and decides what each presentation type means.
public protocol PaywallPresenting: Sendable {
  /// Fetches the presentation for `placement` without showing it.
  func load(placement: Placement) async -> PaywallLoadResult

  /// Shows a loaded presentation and returns when it has been fully dismissed. Must return
  /// exactly once, also when displaying fails (then with `error` set and `purchaseResult .none`).
  /// Calls `onShown` once the paywall is actually on screen (the SDK's `onPresented` without an
  /// error). Core does not trust the SDK to answer: a paywall neither shown nor dismissed within
  /// the display timeout is given up on, so one refused presentation cannot block later ones.
  func display(
    _ presentation: PaywallPresentation, onShown: @escaping @MainActor @Sendable () -> Void
  ) async -> PaywallOutcome

  /// Closes every paywall the SDK shows (after an Observer-mode purchase or an unlock).
  func closeAll() async

  /// Whether `presentation`, once shown, is still on screen. Core asks before refusing a new
  /// paywall and on foreground: a dismissal callback the SDK lost must not keep the flow
  /// "displaying" for the rest of the session.
  func isOnScreen(_ presentation: PaywallPresentation) async -> Bool

  /// Whether a paywall the SDK opened by itself (a promoted purchase in Full mode) is on screen:
  /// the SDK may open none (not started, no placement, or it buys directly), and then no
  /// dismissal ever comes to free the slot.
  func isPaywallOpenedBySDKOnScreen() async -> Bool
}

/// What loading a placement produced.
public enum PaywallLoadResult: Sendable, Equatable {
  case loaded(PaywallPresentation)
  case failed(PaywallLoadFailure)
}

/// Why the SDK could not load a presentation.
public enum PaywallLoadFailure: Error, Sendable, Equatable {
  /// No connection (`PLYError.network`).
  case noNetwork
  /// The SDK is not configured (empty API key).
  case notConfigured
  /// Any other error (`PLYError.presentationNotLoaded`, parsing…); `detail` is for the log.
  case error(detail: String)
}

/// A loaded presentation (`any PLYPresentation`), reduced to plain values plus the adapter's handle.
public struct PaywallPresentation: Sendable, Equatable {
  /// `PLYPresentation.id`.
  public var id: String
  /// The placement it was loaded for.
  public var placement: Placement
  /// `PLYPresentation.type`.
  public var type: PaywallPresentationType
  /// `PLYPresentation.plans`, for logs and client paywalls.
  public var plans: [PaywallPlan]

  public init(id: String, placement: Placement, type: PaywallPresentationType, plans: [PaywallPlan] = []) {
    self.id = id
    self.placement = placement
    self.type = type
    self.plans = plans
  }
}

/// Mirror of `PLYPresentationType`; an unknown future case maps to `.deactivated`.
public enum PaywallPresentationType: String, Sendable, Equatable, Codable {
  case normal, fallback, deactivated, client
}

/// A plan offered by a paywall (`PLYPlan`): the App Store product to buy is `appleProductID`.
public struct PaywallPlan: Sendable, Equatable, Codable {
  /// `PLYPlan.vendorId`.
  public var vendorID: String
  /// `PLYPlan.appleProductId`.
  public var appleProductID: ProductID?
  /// How the paywall's purchase button bills it (`PLYPresentationActionParameters.billingPlanType`).
  public var billingPlanType: BillingPlanType

  public init(vendorID: String, appleProductID: ProductID?, billingPlanType: BillingPlanType = .unspecified) {
    self.vendorID = vendorID
    self.appleProductID = appleProductID
    self.billingPlanType = billingPlanType
  }
}

/// Mirror of `PLYBillingPlanType` (rc.1: `unspecified`, `upFront`, `monthly`); an unknown future
/// case is `unknown`.
public enum BillingPlanType: String, Sendable, Equatable, Codable {
  case unspecified, upFront, monthly, unknown

  /// Whether a plain StoreKit purchase bills the plan as the paywall showed it. StoreKit's billing
  /// plan purchase option is iOS 26.4 and not in the iPhoneOS 26.2 SDK this app builds against,
  /// so only the App Store's standard billing (paid up front) can be bought; buying a monthly
  /// commitment plan plainly would sell the user something else.
  public var isBoughtByAPlainPurchase: Bool {
    switch self {
    case .unspecified, .upFront: true
    case .monthly, .unknown: false
    }
  }
}

/// Mirror of `PLYPresentationOutcome`.
public struct PaywallOutcome: Sendable, Equatable {
  public var purchaseResult: PaywallPurchaseResult
  public var plan: PaywallPlan?
  public var closeReason: PaywallCloseReason
  /// Set by the adapter when displaying failed; `PLYPresentationOutcome.error` itself is always
  /// `nil` in 6.0.
  public var error: String?

  public init(
    purchaseResult: PaywallPurchaseResult, plan: PaywallPlan? = nil, closeReason: PaywallCloseReason,
    error: String? = nil
  ) {
    self.purchaseResult = purchaseResult
    self.plan = plan
    self.closeReason = closeReason
    self.error = error
  }
}

/// Mirror of `PLYPurchaseResult`. Map by case, never by raw value (the SDK's
/// `PLYProductViewControllerResult` has different raw values).
public enum PaywallPurchaseResult: String, Sendable, Equatable, Codable {
  case cancelled, purchased, restored, none
}

/// Mirror of `PLYCloseReason`. Never branch on it for purchases: the SDK is inconsistent there.
public enum PaywallCloseReason: String, Sendable, Equatable, Codable {
  case none, button, interactiveDismiss, programmatic
}

/// A paywall placement: the name the subscription console gives one screen of the app.
///
/// Typed so a paywall is always asked for by a known place, never by any text; the raw value is
/// the exact id the SDK's `forPlacementId` receives.
public struct Placement: TextIdentifier {
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  /// Shown once after a launch that definitively found no active subscription.
  public static let onboarding: Placement = "onboarding"
  /// Shown when a locked premium capability is tapped.
  public static let premium: Placement = "premium"
  /// A paywall the SDK opened by itself (a deeplink, a promoted purchase): no placement of ours.
  public static let openedBySDK: Placement = "opened by the SDK"
}
