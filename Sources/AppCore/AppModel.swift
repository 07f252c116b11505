import AppNavigation
import Basics
import ExploreCore
import FavoritesCore
import Localization
import Monetization
import Notifications
import Observation
import ProfileCore
import TodayCore
import ViewerCore

/// The composition root: builds each model once and turns the app's lifecycle (launch, foreground,
/// links) into calls. Views talk to the models directly; nothing here forwards a screen's action.
@Observable
public final class AppModel {
  public enum LaunchState: Sendable, Equatable { case notLaunched, launching, launched }
  /// The scene's phase as SwiftUI reports it, mirrored so Core owns the rule.
  public enum ScenePhase: Sendable, Equatable { case active, inactive, background }

  public private(set) var launchState: LaunchState = .notLaunched
  public private(set) var onboardingResult: PaywallFlowResult?
  public var gateNotice: String? { notices.text }

  public let monetization: AppMonetization
  public let today: TodayModel
  public let explore: ExploreModel
  public let search: ExploreSearchModel
  public let favorites: FavoritesModel
  public let heart: FavoriteHeart
  public let profile: ProfileModel
  public let navigation: AppNavigation
  public let images: ImageModels
  public let details: DayDetails
  public let reviews: ReviewRequests

  @ObservationIgnored private let notices: GateNotices
  @ObservationIgnored public let clock: any Clocking
  @ObservationIgnored private var wasInBackground = false

  /// Tests and the simulator; the app begins monetization's launch before the favorites store opens.
  public convenience init(dependencies: Dependencies) {
    self.init(monetization: AppMonetization(dependencies.monetization), content: dependencies.content)
  }

  public init(monetization: AppMonetization, content: ContentDependencies) {
    let dependencies = monetization.dependencies
    let notices = monetization.notices
    let clock = dependencies.clock
    let repository = content.apodRepository
    let favoritesGate = FavoritesGateAdapter(monetization)
    let favorites = FavoritesModel(
      repository: content.favoritesRepository, gate: favoritesGate, pinner: content.imagePipeline,
      clock: clock, observers: content.favoritesObservers, apods: repository)
    let reminder = ReminderScheduler(
      center: content.notificationCenter, store: content.reminderSettingsStore,
      // The body names the latest picture already on disk; the reminder never costs a request.
      latestTitle: { try? await repository.today(.cacheOnly).apod.title }, days: content.reminderDays)
    self.notices = notices
    self.monetization = monetization
    self.clock = clock
    let onThisDay = OnThisDayModel(source: repository, clock: clock)
    let images = ImageModels(pipeline: content.imagePipeline, clock: clock)
    let today = TodayModel(repository: repository, clock: clock, onThisDay: onThisDay, images: images)
    let explore = ExploreModel(repository: repository, days: content.exploreDays, clock: clock)
    let randomDay = RandomDayPicker(
      history: StoredRandomDays(store: dependencies.keyValueStore), clock: clock)
    explore.randomDay = randomDay
    (self.today, self.explore, self.images) = (today, explore, images)
    self.search = ExploreSearchModel(repository: repository)
    // A gate notice dismissed is cleared.
    let navigation = AppNavigation(
      clock: clock, paywallShowing: { [paywalls = monetization.paywalls] in paywalls.isBusy },
      dismissed: { if $0.text == notices.text { notices.text = nil } })
    self.navigation = navigation
    // Gate notices (Ask to Buy, a paywall not shown) are messages, withdrawn once their reason is gone.
    notices.posted = { navigation.enqueue(title: "", text: $0) }
    notices.withdrawn = { navigation.withdraw(title: "", text: $0) }
    self.favorites = favorites
    self.heart = FavoriteHeart(favorites: favorites, gate: favoritesGate, clock: clock)
    self.details = DayDetails(
      navigation: navigation, repository: repository, images: content.imagePipeline, clock: clock)
    self.profile = ProfileModel(
      entitlements: monetization.entitlements, restores: monetization.restores,
      subscriptionManagement: dependencies.subscriptionManagement, settings: monetization.settings,
      reminder: reminder, links: content.links, versionText: content.versionText,
      monetizationEnabled: dependencies.monetizationEnabled,
      isAwaitingApproval: { [purchases = monetization.purchases] in purchases.isAwaitingApproval },
      changeRunningMode: monetization.graph.scheduleRunningMode,
      runningModeRules: RunningModeRules(
        isRelease: dependencies.isReleaseBuild,
        storeKitProductsConfigured: dependencies.storeKitProductsConfigured),
      tell: { navigation.enqueue(title: $0, text: $1, setback: $2) })
    profile.favoritesSyncMessage = content.favoritesSync?.message
    reviews = .stored(
      in: dependencies.keyValueStore, navigation: navigation, clock: clock, version: content.versionText)
    (heart.saved, details.reviews) = (reviews.favoriteSavedOrPictureShared, reviews)
    // A past year on Today and Explore's random day open like a link to that day would.
    onThisDay.opensDay = { [weak self] day in await self?.open(.day(day)) }
    randomDay.opensDay = { [weak self] day in await self?.open(.day(day)) }
  }

  /// The SDK start, a sync, then the onboarding paywall only after a definitive "free". Once only.
  public func launch() async {
    guard launchState == .notLaunched else { return }
    launchState = .launching
    reviews.opened()
    // The SDK start and the transaction listener never wait for local work (favorites, reminder).
    async let started: Void = monetization.launchStarted()
    await favorites.load()
    await profile.reminder.refresh()
    await started
    let decision = await monetization.entitlements.refresh(.launch)
    launchState = .launched
    onboardingResult = await monetization.onboard(after: decision)
    // An Ask to Buy started in the onboarding paywall is announced now that it is gone.
    if let notice = monetization.noticeAfterPaywall(onboardingResult) { notices.text = notice }
  }

  /// Only `.active` after `.background` is a return to the foreground (not Control Center's flips).
  public func scenePhaseDidChange(to phase: ScenePhase) async {
    if phase == .active { reviews.opened() }
    switch phase {
    case .background: wasInBackground = true
    case .active where wasInBackground:
      wasInBackground = false
      await enterForeground()
    case .active, .inactive: break
    }
  }

  /// The reminder's permission may have changed in Settings meanwhile.
  public func enterForeground() async {
    guard launchState == .launched else { return }
    await monetization.enterForeground()
    await today.load()
    // A new APOD day: the list Explore keeps on screen moves too (once per APOD day).
    await explore.returnedToForeground()
    await profile.reminder.refresh()
    // Favorites saved or removed on another device (iCloud sync) show.
    await favorites.load()
  }

  /// The favorites store was set aside or cannot be used: told once, in the message queue.
  public func announceFavoritesStore(_ notice: String) {
    navigation.enqueue(title: Localized.text("Favorites"), text: notice)
  }

  public func shutdown() { monetization.purchases.stopListening() }
}
