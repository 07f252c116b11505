import ExploreCore
import Favorites
import FavoritesCore
import Monetization
import NASA
import Notifications
import Observation
import ProfileCore
import TodayCore
import ViewerCore

/// The composition root: builds each screen's model from `Dependencies`, once, and turns app
/// lifecycle events (launch, foreground, a notification tap) into calls. Screens talk to their
/// own model; nothing here forwards a screen's action.
@Observable
public final class AppModel {
  public enum LaunchState: Sendable, Equatable { case notLaunched, launching, launched }
  /// The scene's phase as SwiftUI reports it, mirrored so Core owns the rule.
  public enum ScenePhase: Sendable, Equatable { case active, inactive, background }
  /// Where something outside the screens (a notification tap) asks the app to go: `today` is the
  /// Today tab on the current APOD day.
  public enum Destination: Sendable, Hashable { case today }

  public private(set) var launchState: LaunchState = .notLaunched
  /// What the launch-time onboarding paywall did, when it was shown.
  public private(set) var onboardingResult: PaywallFlowResult?
  /// The destination waiting to be shown (the root view then calls `destinationShown()`).
  public private(set) var destination: Destination?
  /// Why a gated action did not run, when worth telling (Ask to Buy, a paywall that could not
  /// be shown); cleared with `dismissGateNotice()`.
  public var gateNotice: String? { notices.text }

  /// Settings, entitlements, paywalls, gates, restore and purchases.
  public let monetization: MonetizationParts
  public let today: TodayModel
  public let explore: ExploreModel
  public let favorites: FavoritesModel
  /// The heart on every APOD detail.
  public let heart: FavoriteHeart
  /// Profile, with the daily reminder.
  public let profile: ProfileModel
  /// Every NASA image on screen, and the detail cards' image models.
  public let images: ImageModels

  @ObservationIgnored private let notices: GateNotices
  @ObservationIgnored private let repository: APODRepository
  @ObservationIgnored private var wasInBackground = false

  public init(dependencies: Dependencies) {
    let notices = GateNotices()
    let monetization = MonetizationParts.make(dependencies, notices: notices)
    let (content, now) = (dependencies.content, dependencies.clock.nowProvider)
    let repository = content.apodRepository
    let favoritesGate = FavoritesGateAdapter(gates: monetization.gates) { notices.text = $0 }
    let favorites = FavoritesModel(
      repository: content.favoritesRepository, gate: favoritesGate, pinner: content.imagePipeline, now: now)
    let reminder = ReminderScheduler(
      center: content.notificationCenter, store: content.reminderSettingsStore,
      // The body names the latest picture already on disk; the reminder never costs a request.
      latestTitle: { try? await repository.today(.cacheOnly).apod.title })
    self.notices = notices
    self.monetization = monetization
    self.repository = repository
    self.today = TodayModel(repository: repository, now: now)
    self.explore = ExploreModel(repository: repository, days: content.exploreDays, now: now)
    self.favorites = favorites
    self.heart = FavoriteHeart(favorites: favorites, gate: favoritesGate, now: now)
    self.images = ImageModels(pipeline: content.imagePipeline)
    self.profile = ProfileModel(
      entitlements: monetization.entitlements, restores: monetization.restores,
      subscriptionManagement: dependencies.subscriptionManagement, settings: monetization.settings,
      reminder: reminder, links: content.links, versionText: content.versionText,
      monetizationEnabled: dependencies.monetizationEnabled,
      isAwaitingApproval: { [purchases = monetization.purchases] in purchases.isAwaitingApproval },
      changeRunningMode: monetization.scheduleRunningMode)
  }

  /// Launch: start the SDK and the transaction listener, sync, then the onboarding paywall only
  /// after a definitive "free", once; returns after it was dismissed. Later calls do nothing.
  public func launch() async {
    guard launchState == .notLaunched else { return }
    launchState = .launching
    // The SDK start and the transaction listener begin first (updates delivered at launch must
    // not wait for local work); saved favorites and the reminder's schedule load meanwhile.
    async let started: Void = startMonetization()
    await favorites.load()
    await profile.reminder.refresh()
    await started
    let decision = await monetization.entitlements.refresh(.launch)
    launchState = .launched
    onboardingResult = await monetization.onboard(after: decision)
  }

  private func startMonetization() async { await monetization.start() }

  /// Only `.active` after `.background` is a return to the foreground: `.inactive` ↔ `.active`
  /// flips (Control Center, an alert, the app switcher peek) are not, and check nothing.
  public func scenePhaseDidChange(to phase: ScenePhase) async {
    switch phase {
    case .background: wasInBackground = true
    case .active where wasInBackground:
      wasInBackground = false
      await enterForeground()
    case .active, .inactive: break
    }
  }

  /// Back in the foreground: sync entitlements (throttled to the freshness window), retry a
  /// failed SDK start, load Today (the network only if the APOD day advanced), and re-read the
  /// reminder's permission (it may have changed in Settings).
  public func enterForeground() async {
    guard launchState == .launched else { return }
    await monetization.enterForeground(notices: notices)
    await today.load()
    await profile.reminder.refresh()
  }

  /// The daily reminder was tapped: Today, on the current APOD day. Other notifications do nothing.
  public func openNotification(requestIdentifier: String) async {
    guard requestIdentifier == ReminderScheduler.requestIdentifier else { return }
    destination = .today
    await today.load()
  }

  public func destinationShown() { destination = nil }
  public func dismissGateNotice() { notices.text = nil }

  /// A saved favorite's detail, reading the APOD cache first (it works offline).
  public func favoriteDetail(for favorite: Favorite) -> FavoriteDetailModel {
    FavoriteDetailModel(favorite: favorite) { [repository] day throws(APODError) in
      try await repository.apod(for: day)
    }
  }

  /// Runs `action` behind the gate of `feature`; a reason worth telling becomes `gateNotice`.
  public func attempt(
    _ feature: Feature, action: @escaping @MainActor () async -> Void
  ) async -> GateAttemptResult {
    let result = await monetization.gates.attempt(feature, action: action)
    if let notice = result.userNotice { notices.text = notice }
    return result
  }

  /// The paywall's purchase and restore buttons in Observer mode, nil in Full mode. An Ask to
  /// Buy is announced through `gateNotice` only, once the paywall is gone.
  public var paywallInterceptor: PaywallInterceptor? { monetization.paywallInterceptor(notices: notices) }

  /// Stops the transaction listener before the model is discarded.
  public func shutdown() { monetization.purchases.stopListening() }
}
