import WidgetCore

#if os(iOS)
  import AppCore
  import AppNavigation
  import BackgroundTasks
  import Basics
  import CoreData
  import Favorites
  import FavoritesCore
  import FavoritesLive
  import Foundation
  import ImageCacheLive
  import Monetization
  import MonetizationLive
  import Notifications
  import NotificationsLive

  /// Two stages: monetization first, from the app's `init` (`beginLaunch`), so the transaction listener
  /// and the SDK start never wait for the first frame or local storage; then the content (`make`), async
  /// because the favorites store opens off the main actor. It keeps alive what the system holds weakly
  /// (the notification-centre delegate) and what must outlive the call that built it.
  @MainActor
  public final class LiveAppEnvironment {
    public let model: AppModel

    private let monetization: LiveMonetization
    private let notificationPresenter: ForegroundNotificationPresenter
    private let widgetRefresher: WidgetRefresher

    private init(
      model: AppModel, monetization: LiveMonetization,
      notificationPresenter: ForegroundNotificationPresenter, widgetRefresher: WidgetRefresher
    ) {
      self.model = model
      self.monetization = monetization
      self.notificationPresenter = notificationPresenter
      self.widgetRefresher = widgetRefresher
    }

    /// Before the first frame and before the favorites store opens. Later calls do nothing.
    public static func beginLaunch() {
      guard firstStage == nil else { return }
      firstStage = FirstStage(process: process)
    }

    nonisolated public static let clock: any Clocking = SystemClock()

    /// Info.plist read once, the App Group folders resolved once; the Shortcuts actions use it too.
    nonisolated public static let process = AppProcess(
      info: (Bundle.main.infoDictionary ?? [:]).compactMapValues { $0 as? String },
      folders: ProcessFolders(
        appGroupContainer: { FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: $0) },
        caches: URL.cachesDirectory, applicationSupport: URL.applicationSupportDirectory),
      imageDecoder: ImageIODecoder(), clock: clock)

    /// The background refresh's `BGTaskScheduler` identifier (Info.plist permits it).
    nonisolated public static let reminderRefreshTask = ReminderRefresh.taskIdentifier

    /// The background refresh (`BGAppRefreshTask`): today's APOD and picture saved, the reminder
    /// rescheduled with them (`ReminderRefresh`, Core), and the next refresh asked for.
    public static func refreshReminder() async {
      let reminder = await shared().model.profile.reminder
      submitReminderRefresh(at: await process.reminderRefresh.run(rescheduling: reminder))
    }

    private static func submitReminderRefresh(after outcome: ReminderRefresh.Outcome) {
      submitReminderRefresh(at: ReminderRefresh.earliestBegin(after: outcome, now: clock.now))
    }

    /// A new request replaces the pending one; one the system refuses (Background App Refresh
    /// off) leaves the reminder with its general sentence.
    private static func submitReminderRefresh(at date: Date) {
      let request = BGAppRefreshTaskRequest(identifier: reminderRefreshTask)
      request.earliestBeginDate = date
      try? BGTaskScheduler.shared.submit(request)
    }

    private static var firstStage: FirstStage?

    private struct FirstStage {
      let live: LiveMonetization
      let monetization: AppMonetization

      init(process: AppProcess) {
        let (configuration, clock) = (process.configuration, process.clock)
        // The SDK adapter exists before the Core graph that answers it: both are given this relay
        // at construction, and AppMonetization answers it when built (nothing routed afterwards).
        let paywallEvents = PaywallEventsRelay()
        // Without a Purchasely key this is the disabled monetization: no paywall, no crash.
        let live = LiveMonetization(
          purchaselyAPIKey: configuration.purchaselyAPIKey ?? "",
          logSubsystem: configuration.bundleIdentifier ?? "Spacer", paywallEvents: paywallEvents, clock: clock
        )
        self.live = live
        // Profile's running-mode rule: a Release build without App Store products keeps Full mode.
        #if DEBUG
          let isReleaseBuild = false
        #else
          let isReleaseBuild = true
        #endif
        let monetization = AppMonetization(
          MonetizationDependencies(
            keyValueStore: UserDefaults.standard,
            subscriptionBackend: live.subscriptionBackend,
            storeEntitlements: live.storeEntitlements,
            appTransactions: live.appTransactions,
            paywallPresenter: live.paywallPresenter,
            purchaser: live.purchaser,
            subscriptionManagement: StoreKitSubscriptionManagement(),
            monetizationLogger: live.logger,
            configuration: configuration.monetization,
            monetizationEnabled: live.availability.isEnabled,
            clock: clock,
            isReleaseBuild: isReleaseBuild,
            storeKitProductsConfigured: configuration.storeKitProductsConfigured,
            paywallEvents: paywallEvents))
        self.monetization = monetization
        // Built, AppMonetization has answered the relay: the paywall's Observer-mode buttons and
        // the results of paywalls the SDK opens by itself reach Core before the SDK starts.
        monetization.beginLaunch()
      }
    }

    /// Every later or reconnected scene gets the same one (one favorites store, one SDK start, one
    /// transaction listener).
    public static func shared() async -> LiveAppEnvironment {
      await graph.value { await make() }
    }

    private static let graph = BuiltOnce<LiveAppEnvironment>()

    /// For UIKit's synchronous questions (the allowed orientations), which cannot wait for it.
    public static var built: LiveAppEnvironment? { graph.built }

    private static func make() async -> LiveAppEnvironment {
      beginLaunch()
      // `beginLaunch()` has just set it; the fallback only keeps this free of a force unwrap.
      let first = firstStage ?? FirstStage(process: process)
      let (clock, configuration, stack) = (process.clock, process.configuration, process.stack)
      // Favorites sync with iCloud when the build names a container, premium is known and the
      // account is available (FavoritesSync, Core, tested); otherwise the same store stays local.
      let cloudContainer = configuration.cloudKitContainer
      let favoritesSync = await FavoritesSync.decide(
        container: cloudContainer, isPremium: first.monetization.gates.isUnlocked(.favorites)
      ) {
        // Asked only when a container is named (Core checks it first).
        await CloudAccount.state(container: cloudContainer ?? "")
      }
      let favoritesStore = URL.applicationSupportDirectory.appending(path: "Favorites.store")
      let favorites = await SwiftDataFavoritesRepository.open(
        storeURL: favoritesStore, clock: clock, cloudKitContainer: favoritesSync.container)
      // A store that could not be opened at launch is opened again by the next operation (Try
      // Again): ReopenableFavoritesRepository, Core, tested.
      let favoritesRepository = ReopenableFavoritesRepository(
        first: FavoritesStoreOpening(repository: favorites.repository, notice: favorites.notice)
      ) {
        let again = await SwiftDataFavoritesRepository.open(
          storeURL: favoritesStore, clock: clock, cloudKitContainer: favoritesSync.container)
        return FavoritesStoreOpening(repository: again.repository, notice: again.notice)
      }

      // Installed by the app's `init` already (AppNotifications); this environment keeps it too.
      let notificationPresenter = AppNotifications.presenter
      notificationPresenter.install()

      // The widget reads favorites and premium from the shelf the app writes in the shared folder.
      // Spotlight indexes favorites from the APOD cache and the image disk tier, never the network.
      let favoritesObservers: [any FavoritesObserver] = [
        WidgetShelfWriter(
          store: WidgetShelfStore(directory: stack.storage.widgetShelf), reloader: WidgetCenterReloader()),
        SpotlightFavoritesIndexer(
          index: CoreSpotlightIndex(),
          explanation: SpotlightFavoritesIndexer.cachedExplanation(stack.repository),
          thumbnail: SpotlightFavoritesIndexer.diskTierThumbnail(stack.images)),
      ]
      let content = process.content(
        favoritesRepository: favoritesRepository, notificationCenter: LiveNotificationCenter(),
        reminderSettingsStore: UserDefaultsReminderSettingsStore(defaults: .standard),
        favoritesObservers: favoritesObservers, favoritesSync: favoritesSync,
        reminderPictures: URL.cachesDirectory.appending(path: "ReminderPictures"))
      // Listens from before the first load; reads the widget's current day from the cache alone.
      let widgetRefresher = WidgetRefresher(
        repository: content.apodRepository, reloader: WidgetCenterReloader(), clock: clock)
      Task { await widgetRefresher.start() }

      let model = AppModel(monetization: first.monetization, content: content)
      // Favorites saved or removed on another device show while the app is open: the store posts
      // a remote change when iCloud sync writes it (FavoritesChangeFollower, Core, tested, reads
      // once at a time and never misses the last). The observer lives as long as the app.
      let follower = FavoritesChangeFollower { [weak model] in await model?.favorites.load() }
      _ = NotificationCenter.default.addObserver(
        forName: .NSPersistentStoreRemoteChange, object: nil, queue: nil
      ) { _ in
        Task { @MainActor in await follower.storeChanged() }
      }

      // Notification taps, including the one that launched the app, reach the model from now on.
      await notificationPresenter.taps.attach { [weak model] tap in await model?.openNotification(tap) }
      // Links (widget taps, URLs, the App Shortcut, Spotlight), including one that arrived before
      // the model existed, reach it from now on; the environment lives as long as the process.
      LinkInbox.shared.attach { url in
        Task { await model.open(url: url) }
      }
      submitReminderRefresh(after: .notYet)
      // The favorites store was damaged and set aside, or cannot be used at all: told once, in
      // the one message queue.
      if let notice = favorites.notice?.message { model.announceFavoritesStore(notice) }

      return LiveAppEnvironment(
        model: model, monetization: first.live,
        notificationPresenter: notificationPresenter, widgetRefresher: widgetRefresher)
    }
  }
#endif
