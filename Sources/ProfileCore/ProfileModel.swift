import Foundation
import Localization
import Monetization
import Notifications
import Observation

/// The legal pages the Profile screen links to, from configuration.
nonisolated public struct AppLinks: Sendable, Equatable {
  public var termsOfUse: URL
  public var privacyPolicy: URL

  public init(termsOfUse: URL, privacyPolicy: URL) {
    self.termsOfUse = termsOfUse
    self.privacyPolicy = privacyPolicy
  }

  /// Whether either page is a placeholder: a host that is `example` under any top-level domain
  /// (`example.com`, `www.example.org`) or `localhost`, as the committed Privacy Policy default is;
  /// `.ci/check-project --release` refuses them for a Release build.
  public var usesPlaceholders: Bool {
    [termsOfUse, privacyPolicy].contains { url in
      let labels = (url.host ?? "").lowercased().split(separator: ".")
      return labels.isEmpty || labels == ["localhost"]
        || (labels.count >= 2 && labels[labels.count - 2] == "example")
    }
  }
}

extension AppLinks {
  /// The configured pages in the order they are shown next to a purchase: Terms of Use (Apple's
  /// standard licence agreement unless the app has its own), then Privacy Policy.
  public var legalLinks: [LegalLink] {
    [
      LegalLink(title: Localized.text("Terms of Use"), url: termsOfUse),
      LegalLink(title: Localized.text("Privacy Policy"), url: privacyPolicy),
    ]
  }
}

/// What the running-mode choice may do in this build.
///
/// Rule: a Release build never lets the user switch to a mode that buys with StoreKit itself
/// (`RunningModeStrategy.buysWithStoreKit`) when the build has no StoreKit products configured: the
/// user would be left without a way to buy. Debug builds allow both modes (testing the switch).
nonisolated public struct RunningModeRules: Sendable, Equatable {
  /// True for a Release (App Store, TestFlight) build.
  public var isRelease: Bool
  /// Whether StoreKit products are configured for this build (a Monetization fact, passed in).
  public var storeKitProductsConfigured: Bool

  public init(isRelease: Bool, storeKitProductsConfigured: Bool) {
    self.isRelease = isRelease
    self.storeKitProductsConfigured = storeKitProductsConfigured
  }

  /// Both modes allowed (a Debug build, or one whose products are configured).
  public static let unrestricted = RunningModeRules(isRelease: false, storeKitProductsConfigured: true)

  /// Why `mode` may not be chosen, or nil when it may.
  public func refusal(of mode: RunningMode) -> String? {
    guard mode.strategyType.buysWithStoreKit, isRelease, !storeKitProductsConfigured else { return nil }
    return Localized.text(
      "Observer mode needs the in-app purchases set up in this version, and they aren't, so "
        + "Spacer stays in Full mode to keep Premium available to buy.")
  }
}

/// The Profile screen's state: what the subscription status says, Restore with its three outcomes,
/// whether Manage Subscription can be offered, the running mode, the daily reminder and links.
///
/// Every sentence the screen shows is decided here, so the view only lays it out.
@Observable
public final class ProfileModel {
  /// The result of the last Restore tap, for an alert or inline message.
  public struct RestoreReport: Sendable, Equatable {
    public var outcome: RestoreOutcome
    public var message: String { outcome.userMessage }
  }

  /// The last Restore result, also told in the app's message queue; cleared with
  /// `dismissRestoreReport()`.
  public private(set) var restoreReport: RestoreReport?
  /// Set when the manage-subscription sheet could not be shown; cleared by the next attempt.
  public private(set) var manageSubscriptionError: String?

  /// The daily reminder (toggle, time, permission state).
  public let reminder: ReminderScheduler
  public let links: AppLinks
  /// "1.4 (212)": marketing version and build.
  public let versionText: String
  /// Whether favorites sync with iCloud on this launch, and why not (`FavoritesSync.message`,
  /// decided when the favorites store opened); nil when the app did not say.
  public var favoritesSyncMessage: String?

  @ObservationIgnored private let entitlements: any ProfileEntitlements
  @ObservationIgnored private let restores: any ProfileRestoring
  @ObservationIgnored private let subscriptionManagement: any SubscriptionManagementPresenting
  @ObservationIgnored private let settings: any ProfileRunningModes
  @ObservationIgnored private let isAwaitingApproval: @MainActor () -> Bool
  @ObservationIgnored private let changeRunningMode: @MainActor (RunningMode) -> Void
  @ObservationIgnored private let tell: @MainActor (_ title: String, _ text: String, _ setback: Bool) -> Void
  @ObservationIgnored private let monetizationEnabled: Bool
  @ObservationIgnored private let runningModeRules: RunningModeRules
  @ObservationIgnored private let dateStyle: Date.FormatStyle

  /// - Parameters:
  ///   - changeRunningMode: stores the mode chosen (and logs it); it applies on the next launch.
  ///   - isAwaitingApproval: whether an Ask to Buy request is waiting for a parent's approval.
  ///   - monetizationEnabled: false when the build has no Purchasely key: the screen says so and
  ///     offers neither Restore nor Manage Subscription.
  ///   - runningModeRules: whether this build may switch to Observer mode (Release builds without
  ///     StoreKit products may not).
  ///   - tell: queues a message for the app's one alert (Restore's outcome; a setback unless it restored).
  ///   - locale, timeZone: how renewal dates are written (the device's, or fixed in tests).
  public init(
    entitlements: any ProfileEntitlements, restores: any ProfileRestoring,
    subscriptionManagement: any SubscriptionManagementPresenting, settings: any ProfileRunningModes,
    reminder: ReminderScheduler, links: AppLinks, versionText: String, monetizationEnabled: Bool,
    isAwaitingApproval: @escaping @MainActor () -> Bool,
    changeRunningMode: @escaping @MainActor (RunningMode) -> Void,
    runningModeRules: RunningModeRules = .unrestricted,
    tell: @escaping @MainActor (_ title: String, _ text: String, _ setback: Bool) -> Void = { _, _, _ in },
    locale: Locale = .autoupdatingCurrent, timeZone: TimeZone = .autoupdatingCurrent
  ) {
    self.tell = tell
    self.runningModeRules = runningModeRules
    self.entitlements = entitlements
    self.restores = restores
    self.subscriptionManagement = subscriptionManagement
    self.settings = settings
    self.reminder = reminder
    self.links = links
    self.versionText = versionText
    self.monetizationEnabled = monetizationEnabled
    self.isAwaitingApproval = isAwaitingApproval
    self.changeRunningMode = changeRunningMode
    var style = Date.FormatStyle(date: .long, time: .omitted)
    style.locale = locale
    style.timeZone = timeZone
    self.dateStyle = style
  }

  // MARK: Status

  /// The headline: "Premium", "Free", or "Checking your subscription…".
  public var statusTitle: String {
    switch entitlements.entitlement.access {
    case .premium: Localized.text("Premium")
    case .free: Localized.text("Free")
    case .unknown: Localized.text("Checking your subscription…")
    }
  }

  /// The status line under the headline, from the entitlement reason.
  public var statusLine: String {
    guard monetizationEnabled else {
      return Localized.text("Subscriptions are not available in this build.")
    }
    let entitlement = entitlements.entitlement
    if !entitlement.isPremium, isAwaitingApproval() {
      // Ask to Buy: the purchase is not an error, it waits for the family organiser.
      return Localized.text("Waiting for approval. Premium unlocks as soon as your request is approved.")
    }
    switch entitlement.reason {
    case .subscribed:
      return entitlement.expirationDate.map { Localized.text("Renews on %@.", $0.formatted(dateStyle)) }
        ?? Localized.text("Your subscription is active.")
    case .cancelledBeforeExpiry:
      return entitlement.expirationDate.map {
        Localized.text("Expires on %@. It won't renew.", $0.formatted(dateStyle))
      }
        ?? Localized.text("Premium won't renew.")
    case .gracePeriod:
      // With and without an end date: one whole sentence each, so a translation can order it.
      let until = entitlement.graceExpirationDate.map { $0.formatted(dateStyle) }
      // A family member does not own the payment method: nothing for them to update.
      if entitlement.isFamilyShared {
        return until.map {
          Localized.text(
            "Shared by your family. Premium stays on until %@ while the organiser's payment is sorted out.",
            $0)
        }
          ?? Localized.text(
            "Shared by your family. Premium stays on while the organiser's payment is sorted out.")
      }
      return until.map {
        Localized.text(
          "Grace period until %@: there's a problem with your payment. Update it to keep Premium.", $0)
      } ?? Localized.text("Grace period: there's a problem with your payment. Update it to keep Premium.")
    case .familyShared:
      return Localized.text("Shared by your family.")
    case .grandfathered:
      return Localized.text("Included with your original purchase of Spacer.")
    case .noSubscription:
      return Localized.text("Unlock favorites and more with Premium.")
    case .expired:
      return Localized.text("Your subscription has ended.")
    case .billingRetry where entitlement.isFamilyShared:
      // The organiser's payment failed: a family member has no payment method to update.
      return Localized.text(
        "Shared by your family. Premium is paused until the organiser's payment is sorted out.")
    case .billingRetry, .revoked, .unverified, .checkFailed:
      return entitlement.reason.profileMessage ?? Localized.text("Premium is not active.")
    case .paused:
      return Localized.text("Your subscription is paused.")
    case .unpaid, .deactivated:
      return Localized.text("Premium is not active.")
    }
  }

  /// Whether to show Manage Subscription: only for a subscription this Apple Account pays for
  /// (a family member cannot manage the organiser's plan; grandfathered users have none).
  public var canManageSubscription: Bool {
    guard monetizationEnabled, !entitlements.entitlement.isFamilyShared else { return false }
    switch entitlements.entitlement.reason {
    case .subscribed, .cancelledBeforeExpiry, .gracePeriod, .billingRetry: return true
    default: return false
    }
  }

  /// Opens the App Store's subscription settings; on failure `manageSubscriptionError` says where
  /// else to go. Does nothing when Manage Subscription is not offered.
  public func manageSubscription() async {
    guard canManageSubscription else { return }
    manageSubscriptionError = nil
    do {
      try await subscriptionManagement.showManageSubscriptions()
    } catch {
      manageSubscriptionError = error.userMessage
      return
    }
    // The sheet may have cancelled, resumed or changed the plan: re-check now, not at the next
    // foreground.
    await entitlements.refresh(.subscriptionManaged)
  }

  /// Whether Restore Purchases is offered (always, when monetization is on: App Review 3.1.1).
  public var canRestore: Bool { monetizationEnabled }

  // MARK: Restore

  /// `true` while a restore runs; the button is disabled and a second tap does nothing.
  public var isRestoring: Bool { restores.isRestoring }

  /// Restores purchases and reports one of the three outcomes. Ignored while one is running.
  public func restore() async {
    guard monetizationEnabled, !restores.isRestoring else { return }
    let outcome = await restores.restore()
    // A cancelled App Store sign-in is the user's own choice: no alert.
    restoreReport = outcome == .cancelled ? nil : RestoreReport(outcome: outcome)
    if let restoreReport {
      tell(Localized.text("Restore Purchases"), restoreReport.message, restoreReport.outcome != .restored)
    }
  }

  public func dismissRestoreReport() {
    restoreReport = nil
  }

  // MARK: Running mode

  /// The mode the toggle shows: the one chosen, which may apply only from the next launch.
  public var selectedRunningMode: RunningMode { settings.pendingMode }

  /// The mode this launch runs in.
  public var activeRunningMode: RunningMode { settings.activeMode }

  // MARK: Legal links next to a purchase

  /// The links shown beside the app's own offers to buy (the locked Favorites' Unlock button,
  /// which opens the paywall): Terms of Use then Privacy Policy, from the build's configuration,
  /// while a purchase can start there — monetization on and the user not Premium (free, or not
  /// known yet: a tap may still open the paywall). Empty when nothing can be bought (no Purchasely
  /// key) or nothing needs buying (Premium). The paywall itself is Purchasely's, in both running
  /// modes; its links are set in Purchasely's console. Profile always lists both under About.
  public var purchaseLegalLinks: [LegalLink] {
    guard monetizationEnabled, !entitlements.entitlement.isPremium else { return [] }
    return links.legalLinks
  }

  /// What the running-mode section says under its title: what the setting is, and when it applies.
  /// One sentence under the legal links when a Debug build still links to placeholder pages
  /// (`AppLinks.usesPlaceholders`); nil in a Release build (check-project refuses placeholders
  /// there) and when both pages are real.
  public var legalLinksNotice: String? {
    guard !runningModeRules.isRelease, links.usesPlaceholders else { return nil }
    return Localized.text(
      "This Debug build links to placeholder Terms of Use and Privacy Policy pages; "
        + "a Release build needs real ones.")
  }

  public var runningModeExplanation: String {
    Localized.text(
      "How purchases are made: Full lets Purchasely handle them, Observer has Spacer buy through "
        + "the App Store itself. A change applies the next time Spacer starts.")
  }

  /// Why the last choice was refused (`RunningModeRules`), or nil; the picker stays on the mode
  /// it showed.
  public private(set) var runningModeRefusal: String?

  /// Stored at once; applies on the next launch. A mode this build may not use is refused with a
  /// sentence (`runningModeRefusal`) and nothing is stored.
  public func selectRunningMode(_ mode: RunningMode) {
    if let refusal = runningModeRules.refusal(of: mode) {
      runningModeRefusal = refusal
      return
    }
    runningModeRefusal = nil
    changeRunningMode(mode)
  }

  /// "Spacer will use Observer mode the next time it starts…", or nil when nothing is pending.
  public var runningModeNotice: String? { settings.modeChangeNotice }
}
