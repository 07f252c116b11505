import Favorites
import Foundation
import ImageCache
import Monetization
import NASA
import Notifications
import Observation

/// The composition root: builds the object graph from `Dependencies` and turns app lifecycle
/// events (launch, foreground, paywall closed, restore) into calls.
@Observable
public final class AppModel {
  /// Where the launch sequence is.
  public enum LaunchState: Sendable, Equatable {
    case notLaunched
    case launching
    case launched
  }

  public private(set) var launchState: LaunchState = .notLaunched
  /// What the launch-time onboarding paywall did, when it was shown.
  public private(set) var onboardingResult: PaywallFlowResult?

  /// Running mode and other persisted settings.
  public let settings: AppSettings
  /// The single source of truth for Premium.
  public let entitlements: EntitlementProvider
  /// Paywall presentation, one at a time.
  public let paywalls: PaywallFlow
  /// Gated actions.
  public let gates: FeatureGateCoordinator
  /// Restore purchases.
  public let restores: RestoreCoordinator
  /// Observer-mode purchasing and the transaction-updates listener.
  public let purchases: ObserverPurchaseCoordinator

  /// Today's picture.
  public let today: TodayModel
  /// Recent days and the date picker.
  public let explore: ExploreModel
  /// Saved favorites (premium to save and browse; never deleted when premium ends).
  public let favorites: FavoritesModel
  /// The daily reminder.
  public let reminder: ReminderScheduler
  /// The Profile screen.
  public let profile: ProfileModel
  /// Every NASA image on screen.
  public let images: ImagePipeline
  /// Explore's search over saved days and its filter (issue 14).
  public let search: ExploreSearchModel

  /// A sentence to show after a gated action did not run for a reason worth telling (Ask to Buy,
  /// a paywall that could not be shown); cleared with `dismissGateNotice()`.
  public private(set) var gateNotice: String?

  @ObservationIgnored private let backend: any SubscriptionBackend
  @ObservationIgnored private let now: @Sendable () -> Date
  @ObservationIgnored private let apodRepository: APODRepository
  @ObservationIgnored private let logger: any MonetizationLogging
  @ObservationIgnored private var onboardingShown = false
  @ObservationIgnored private var wasInBackground = false
  /// The last favorite tap that failed, and why.
  private var favoriteFailure: FavoriteFailure?

  private struct FavoriteFailure: Equatable {
    let day: APODDay
    let message: String
  }
  /// The image models handed out, weakly: a memory warning makes each let go of its HD image.
  @ObservationIgnored private var imageModels: [WeakImageModel] = []

  private struct WeakImageModel {
    weak var model: ProgressiveImageModel?
  }
  /// Set while a failed SDK start waits to be retried.
  @ObservationIgnored private var startRetry: BackendStartRetry?
  @ObservationIgnored private var isRetryingStart = false

  /// Builds every model. The persisted entitlement snapshot is loaded here, synchronously, so a
  /// subscriber is Premium from the first frame, before `launch()` has done anything.
  public init(dependencies: Dependencies) {
    let settings = AppSettings(
      store: dependencies.keyValueStore, defaultMode: dependencies.monetization.defaultRunningMode)
    let mode = settings.activeMode
    let logger = dependencies.monetizationLogger
    let entitlements = EntitlementProvider(
      mode: mode, backend: dependencies.subscriptionBackend, storeKit: dependencies.storeEntitlements,
      appTransactions: dependencies.appTransactions, store: dependencies.keyValueStore,
      configuration: dependencies.monetization, now: dependencies.now, sleep: dependencies.sleep,
      logger: logger)
    let paywalls = PaywallFlow(
      presenter: dependencies.paywallPresenter, entitlements: entitlements,
      loadTimeout: dependencies.monetization.paywallLoadTimeout,
      displayTimeout: dependencies.monetization.paywallDisplayTimeout, sleep: dependencies.sleep,
      logger: logger)
    let restores = RestoreCoordinator(
      mode: mode, backend: dependencies.subscriptionBackend, purchaser: dependencies.purchaser,
      entitlements: entitlements, logger: logger)
    let purchases = ObserverPurchaseCoordinator(
      mode: mode, purchaser: dependencies.purchaser, backend: dependencies.subscriptionBackend,
      entitlements: entitlements, restores: restores, paywalls: paywalls, logger: logger,
      now: dependencies.now)
    self.settings = settings
    self.entitlements = entitlements
    self.paywalls = paywalls
    self.restores = restores
    self.purchases = purchases
    self.gates = FeatureGateCoordinator(
      entitlements: entitlements, paywalls: paywalls,
      isAwaitingApproval: { [purchases] in purchases.isAwaitingApproval }, logger: logger)
    self.backend = dependencies.subscriptionBackend
    self.logger = logger
    self.now = dependencies.now

    let content = dependencies.content
    let repository = content.apodRepository
    self.apodRepository = repository
    self.images = content.imagePipeline
    self.today = TodayModel(repository: repository, now: dependencies.now)
    self.explore = ExploreModel(repository: repository, days: content.exploreDays, now: dependencies.now)
    self.search = ExploreSearchModel(repository: repository)
    self.reminder = ReminderScheduler(
      center: content.notificationCenter, store: content.reminderSettingsStore,
      // The body names the latest picture already on disk; the reminder never costs a request.
      latestTitle: { try? await repository.today(.cacheOnly).apod.title })
    let favoritesGate = FavoritesGateAdapter(gates: gates)
    self.favorites = FavoritesModel(
      repository: content.favoritesRepository, gate: favoritesGate, pinner: content.imagePipeline,
      now: dependencies.now)
    self.profile = ProfileModel(
      entitlements: entitlements, restores: restores,
      subscriptionManagement: dependencies.subscriptionManagement, settings: settings, reminder: reminder,
      links: content.links, versionText: content.versionText,
      monetizationEnabled: dependencies.monetizationEnabled,
      isAwaitingApproval: { [purchases] in purchases.isAwaitingApproval },
      changeRunningMode: { [settings, logger] mode in
        Self.scheduleRunningMode(mode, settings: settings, logger: logger)
      })
    favoritesGate.onNotice = { [weak self] notice in self?.gateNotice = notice }
    paywalls.beforeLoad = { [weak self] in await self?.retryBackendStartIfDue() }
    entitlements.onChange = { [weak self, weak purchases, weak paywalls] old, new in
      purchases?.entitlementDidChange(new)
      // The approval came: the wait it explained is over.
      if new.isPremium, let self, self.gateNotice == Self.approvalNotice { self.gateNotice = nil }
      // Rule P10: a paywall closes when Premium becomes active from any source.
      if !old.isPremium && new.isPremium { await paywalls?.closeBecauseUnlocked() }
    }
  }

  /// The mode this launch runs in.
  public var runningMode: RunningMode { settings.activeMode }

  /// Launch: start the SDK with the persisted mode and wait for it; start the transaction
  /// listener (Observer); sync; then show `onboarding` only after a definitive "free", once.
  /// Returns after the onboarding paywall, if shown, was dismissed. Later calls do nothing.
  public func launch() async {
    guard launchState == .notLaunched else { return }
    launchState = .launching
    let mode = settings.activeMode
    logger.log(.launchStarted(mode: mode))
    // The SDK start and the transaction listener begin first (updates delivered at launch must
    // not wait for local work); saved favorites and the reminder's schedule load meanwhile.
    async let monetizationStarted: Void = startBackendThenListen(mode: mode)
    await favorites.load()
    await reminder.refresh()
    await monetizationStarted
    let decision = await entitlements.refresh(.launch)
    launchState = .launched
    switch OnboardingPolicy.decide(after: decision, alreadyPresented: onboardingShown) {
    case .present:
      onboardingShown = true
      onboardingResult = await paywalls.present(placement: Placement.onboarding)
    case .skip(let reason):
      logger.log(.onboardingSkipped(reason: reason))
    }
  }

  /// Starts the SDK, then the transaction listener: after the start, so handling an update may
  /// call the SDK (unfinished transactions wait in the stream until then).
  private func startBackendThenListen(mode: RunningMode) async {
    await startBackend(mode: mode)
    await purchases.startListening()
  }

  /// Starts the SDK, bounded: a start that never calls back must not keep the app from launching.
  /// A failure (other than a missing API key) is retried later, with backoff.
  private func startBackend(mode: RunningMode) async {
    let backend = backend
    let started = await TimeLimit.run(entitlements.backendCallTimeout, sleep: entitlements.sleeper) {
      () async -> Result<Void, SubscriptionBackendError> in
      do throws(SubscriptionBackendError) {
        try await backend.start(mode: mode)
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    let result: Result<Void, SubscriptionBackendError> =
      switch started {
      case .finished(let result): result
      case .timedOut: .failure(.other(detail: "start timed out"))
      }
    entitlements.backendDidStart(result)
    switch result {
    case .success:
      startRetry = nil
      logger.log(.backendStarted(mode: mode))
    case .failure(.notConfigured):
      startRetry = nil
      logger.log(.backendStartFailed(.notConfigured))
    case .failure(let error):
      var retry = startRetry ?? BackendStartRetry()
      retry.failed(at: now())
      startRetry = retry
      logger.log(.backendStartFailed(error))
    }
  }

  /// Tries a failed SDK start again when its backoff allows: on foreground, on a gated tap, and
  /// when the adapter reports that the network is back. Does nothing once started.
  public func retryBackendStartIfDue() async {
    guard launchState == .launched, let retry = startRetry, retry.isDue(at: now()), !isRetryingStart else {
      return
    }
    isRetryingStart = true
    defer { isRetryingStart = false }
    await startBackend(mode: settings.activeMode)
  }

  /// The scene's phase as SwiftUI reports it, mirrored so Core owns the rule.
  public enum ScenePhase: Sendable, Equatable {
    case active, inactive, background
  }

  /// Forwards scene phase changes. Only `.active` after `.background` is a return to the
  /// foreground: `.inactive` ↔ `.active` flips (Control Center, an alert, the app switcher
  /// peek) are not, and must not trigger network checks.
  public func scenePhaseDidChange(to phase: ScenePhase) async {
    switch phase {
    case .background:
      wasInBackground = true
    case .active where wasInBackground:
      wasInBackground = false
      await enterForeground()
    case .active, .inactive:
      break
    }
  }

  /// The app came to the foreground: sync (Observer mode synchronizes first; both modes throttle
  /// the network check to the freshness window).
  public func enterForeground() async {
    guard launchState == .launched else { return }
    purchases.expireLapsedApproval()
    if gateNotice == Self.approvalNotice, !purchases.isAwaitingApproval { gateNotice = nil }
    await retryBackendStartIfDue()
    await entitlements.refresh(.foreground)
    // The APOD day may have advanced while in the background; the repository asks the network
    // only if it has. Permission may have changed in Settings.
    await today.load()
    await reminder.refresh()
  }

  /// Where the app should go now, asked by something outside the screens (a notification tap);
  /// the root view shows it, then calls `destinationShown()`.
  public enum Destination: Sendable, Hashable {
    /// The Today tab, on the current APOD day.
    case today
    /// One day (a link to it): shown on Explore, the tab that opens any day.
    case day(APODDay)
  }

  /// The destination waiting to be shown, or nil.
  public private(set) var destination: Destination?

  /// The root view has shown `destination`.
  public func destinationShown() {
    destination = nil
  }

  /// The user opened a notification. The daily reminder opens Today on the current APOD day
  /// (loading it when the day advanced since the picture on screen); other notifications do
  /// nothing.
  public func openNotification(requestIdentifier: String) async {
    guard requestIdentifier == ReminderScheduler.requestIdentifier else { return }
    destination = .today
    await today.load()
  }

  // MARK: Issue 14: links (App Shortcut, widget)

  /// Opens a Spacer link (`DeepLink`: an App Shortcut, a widget tap). Returns false, and goes
  /// nowhere, when `url` is not one.
  @discardableResult
  public func open(url: URL) async -> Bool {
    guard let link = DeepLink(url: url, now: now()) else { return false }
    await open(link)
    return true
  }

  /// Goes to `link`: Today (loaded when the APOD day advanced since the picture on screen), or
  /// one day, shown on Explore.
  public func open(_ link: DeepLink) async {
    switch link {
    case .today:
      destination = .today
      await today.load()
    case .day(let day):
      destination = .day(day)
      await explore.loadDay(day)
    }
  }

  /// Swiping between days from `apod` in the detail or the viewer (issue 14).
  public func daySwiper(from apod: APOD) -> DaySwipeModel {
    DaySwipeModel(apod: apod, repository: apodRepository, images: images, now: now)
  }

  /// The system is short of memory: drop decoded images (the disk tier stays), including the HD
  /// image an image model still holds.
  public func handleMemoryWarning() async {
    await images.handleMemoryWarning()
    imageModels.removeAll { $0.model == nil }
    for model in imageModels.compactMap(\.model) {
      await model.handleMemoryWarning()
    }
  }

  /// The device's time zone changed: the daily reminder keeps its local time.
  public func timeZoneDidChange() async {
    await reminder.timeZoneDidChange()
  }

  /// The detail card's image: the preview only; HD only while the viewer shows it (`showHD()`),
  /// released when it closes or on a memory warning. `nil` when the APOD has no image (a video
  /// without thumbnail, or `other`).
  public func progressiveImage(for apod: APOD) -> ProgressiveImageModel? {
    guard let preview = apod.imageURL ?? apod.hdImageURL else { return nil }
    let model = ProgressiveImageModel(
      previewURL: preview, hdURL: apod.hdImageURL ?? preview, pipeline: images, wantsHD: false)
    imageModels.removeAll { $0.model == nil }
    imageModels.append(WeakImageModel(model: model))
    return model
  }

  /// The APOD of `day` (a favorite's detail, a deep link): from the cache when saved, which is
  /// always the case for a favorite browsed offline; from the network otherwise.
  public func apod(for day: APODDay) async throws(APODError) -> APODResult {
    try await apodRepository.apod(for: day)
  }

  /// Saves or removes `apod` as a favorite; saving goes through the Premium gate. When the
  /// store refuses (unavailable, disk full), `favoriteFailure(for:)` says why, next to the heart.
  /// - Returns: whether it is a favorite afterwards.
  @discardableResult
  public func toggleFavorite(_ apod: APOD) async -> Bool {
    favoriteFailure = nil
    favorites.dismissError()
    let isFavorite = await favorites.toggle(Favorite(apod: apod, dateAdded: now()))
    if let message = favorites.errorMessage {
      favoriteFailure = FavoriteFailure(day: apod.date, message: message)
    }
    return isFavorite
  }

  /// Why the last save or removal of `apod`'s favorite failed, or nil (it worked, the paywall was
  /// closed, or the last tap was on another day). Shown where the heart is, never silently lost.
  public func favoriteFailure(for apod: APOD) -> String? {
    guard let favoriteFailure, favoriteFailure.day == apod.date else { return nil }
    return favoriteFailure.message
  }

  /// Whether `apod` is saved (answers even while favorites are locked, so a heart stays right).
  public func isFavorite(_ apod: APOD) -> Bool {
    favorites.isFavorite(FavoriteDate(apod.date))
  }

  /// A paywall that Core did not open (deeplink, promoted purchase) was dismissed: log it and
  /// re-check entitlements.
  public func paywallDidClose(placement: String, outcome: PaywallOutcome) async {
    logger.log(.paywallDismissed(PaywallDismissal(placement: placement, outcome: outcome)))
    await entitlements.refresh(.paywallClosed)
  }

  /// The Profile screen's Restore button.
  public func restorePurchases() async -> RestoreOutcome {
    await restores.restore()
  }

  /// Stores a new running mode; it applies on the next launch (`settings.modeChangeNotice`).
  public func changeRunningMode(_ mode: RunningMode) {
    Self.scheduleRunningMode(mode, settings: settings, logger: logger)
  }

  private static func scheduleRunningMode(
    _ mode: RunningMode, settings: AppSettings, logger: any MonetizationLogging
  ) {
    settings.setRunningMode(mode)
    logger.log(.runningModeScheduled(active: settings.activeMode, next: mode))
  }

  /// Clears `gateNotice` once shown.
  public func dismissGateNotice() {
    gateNotice = nil
  }

  /// Observer mode's `.purchase` interceptor. Ask to Buy is announced through `gateNotice` only
  /// (the root view shows it once the paywall is gone), whether or not a gated tap waits.
  public func handlePurchaseAction(
    plan: PaywallPlan?, offer: PromotionalOfferRequest? = nil
  ) async -> InterceptorResponse {
    let response = await purchases.handlePurchase(plan: plan, offer: offer)
    if purchases.isAwaitingApproval { gateNotice = Self.approvalNotice }
    return response
  }

  /// The one sentence that explains an Ask to Buy wait.
  static let approvalNotice = GateAttemptResult.rolledBack(.awaitingApproval).userNotice

  /// Observer mode's `.restore` interceptor.
  public func handleRestoreAction() async -> InterceptorResponse {
    await purchases.handleRestore()
  }

  /// Whether `feature` is unlocked.
  public func isUnlocked(_ feature: Feature) -> Bool {
    gates.isUnlocked(feature)
  }

  /// Runs `action` behind the gate of `feature`.
  public func attempt(
    _ feature: Feature, action: @escaping @MainActor () async -> Void
  ) async -> GateAttemptResult {
    let result = await gates.attempt(feature, action: action)
    if let notice = result.userNotice { gateNotice = notice }
    return result
  }

  /// Stops background work (the transaction listener) before the model is discarded.
  public func shutdown() {
    purchases.stopListening()
  }
}
