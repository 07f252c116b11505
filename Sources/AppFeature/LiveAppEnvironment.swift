#if os(iOS)
  import AppCore
  import Basics
  import Favorites
  import FavoritesLive
  import Foundation
  import ImageCache
  import ImageCacheLive
  import Monetization
  import MonetizationLive
  import NASA
  import Notifications
  import NotificationsLive

  /// The running app's object graph: the live adapters and the build configuration from Info.plist,
  /// assembled once into `Dependencies` and the one `AppModel`.
  ///
  /// Building it is asynchronous because the favorites store opens off the main actor. It keeps
  /// alive what the system holds weakly (the notification-centre delegate) and what must outlive
  /// the call that built it (the monetization adapters and their Observer-mode routing).
  @MainActor
  public final class LiveAppEnvironment {
    /// The app's model; `RootView` renders it and calls `launch()`.
    public let model: AppModel
    /// A sentence to show once after launch, or `nil`: the favorites store was damaged and set
    /// aside, or cannot be used at all (`FavoritesRepositoryError.message`).
    public let launchNotice: String?

    private let monetization: LiveMonetization
    private let notificationPresenter: ForegroundNotificationPresenter
    /// Asks WidgetKit to redraw the widget when a save changes the day it shows (Core decides).
    private let widgetRefresher: WidgetRefresher

    private init(
      model: AppModel, launchNotice: String?, monetization: LiveMonetization,
      notificationPresenter: ForegroundNotificationPresenter, widgetRefresher: WidgetRefresher
    ) {
      self.model = model
      self.launchNotice = launchNotice
      self.monetization = monetization
      self.notificationPresenter = notificationPresenter
      self.widgetRefresher = widgetRefresher
    }

    /// Builds every live part and the model. Call it once per process.
    /// - Parameters:
    ///   - bundle: where the build configuration is read (`NASAAPIKey`, `PurchaselyAPIKey`,
    ///     `SubscriptionGroupID`, `TermsOfUseURL`, `PrivacyPolicyURL`, the versions).
    ///   - clock: the clock every model uses.
    public static func make(
      bundle: Bundle = .main, clock: any Clocking = SystemClock()
    ) async -> LiveAppEnvironment {
      let now = clock.nowProvider
      // Only string values are configuration; AppConfiguration (Core, tested) applies the rules.
      let configuration = AppConfiguration(
        info: (bundle.infoDictionary ?? [:]).compactMapValues { $0 as? String })
      let logSubsystem = bundle.bundleIdentifier ?? "Spacer"
      // The APOD cache and the image disk tier live where the widget reads them too: the App
      // Group container when the build carries the entitlement (SharedStorage, Core, tested).
      let ownFolders = SharedStorage(
        appGroupContainer: nil, caches: URL.cachesDirectory,
        applicationSupport: URL.applicationSupportDirectory)
      let storage = SharedStorage(
        appGroupContainer: SharedStorage.appGroupIdentifier(
          info: (bundle.infoDictionary ?? [:]).compactMapValues { $0 as? String }
        )
        .flatMap { FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: $0) },
        caches: URL.cachesDirectory, applicationSupport: URL.applicationSupportDirectory)
      // Once: what an earlier version saved in the app's own folders moves into the group.
      storage.moveContent(from: ownFolders)
      let favoritesStore = URL.applicationSupportDirectory.appending(path: "Favorites.store")
      let favorites = await SwiftDataFavoritesRepository.open(storeURL: favoritesStore, now: now)
      // A store that could not be opened at launch is opened again by the next operation (Try
      // Again): ReopenableFavoritesRepository, Core, tested.
      let favoritesRepository = ReopenableFavoritesRepository(
        first: FavoritesStoreOpening(repository: favorites.repository, notice: favorites.notice)
      ) {
        let again = await SwiftDataFavoritesRepository.open(storeURL: favoritesStore, now: now)
        return FavoritesStoreOpening(repository: again.repository, notice: again.notice)
      }

      // Installed by the app's `init` already (AppNotifications); this environment keeps it too.
      let notificationPresenter = AppNotifications.presenter
      notificationPresenter.install()

      // The image pipeline's disk tier is the only image cache: no URLCache under it.
      let imageSession = URLSessionConfiguration.ephemeral
      imageSession.urlCache = nil
      var content = ContentDependencies(
        apodRepository: APODServiceConfiguration(
          choice: .auto, apiKey: configuration.nasaAPIKey,
          cacheDirectory: storage.apodCache
        ).makeRepository(clock: clock),
        imagePipeline: ImagePipeline(
          directory: storage.images,
          // Favorites' images and the pin list survive the system emptying Caches on low storage.
          pinnedDirectory: storage.pinnedImages,
          session: URLSession(configuration: imageSession), decoder: ImageIODecoder(), now: now),
        favoritesRepository: favoritesRepository,
        notificationCenter: LiveNotificationCenter(),
        reminderSettingsStore: UserDefaultsReminderSettingsStore(defaults: .standard),
        links: configuration.links,
        versionText: configuration.versionText)
      // The widget reads favorites and premium from the shelf the app writes in the shared folder.
      content.favoritesObservers = [
        WidgetShelfWriter(
          store: WidgetShelfStore(directory: storage.widgetShelf), reloader: WidgetCenterReloader())
      ]
      // Listens from before the first load; reads the widget's current day from the cache alone.
      let widgetRefresher = WidgetRefresher(
        repository: content.apodRepository, reloader: WidgetCenterReloader(), now: now)
      Task { await widgetRefresher.start() }

      // Without a Purchasely key this is the disabled monetization: no paywall, no crash.
      let monetization = LiveMonetization(
        purchaselyAPIKey: configuration.purchaselyAPIKey ?? "", logSubsystem: logSubsystem, clock: clock)
      var dependencies = Dependencies(
        keyValueStore: UserDefaults.standard,
        subscriptionBackend: monetization.subscriptionBackend,
        storeEntitlements: monetization.storeEntitlements,
        appTransactions: monetization.appTransactions,
        paywallPresenter: monetization.paywallPresenter,
        purchaser: monetization.purchaser,
        subscriptionManagement: StoreKitSubscriptionManagement(),
        monetizationLogger: monetization.logger,
        monetization: configuration.monetization,
        monetizationEnabled: monetization.availability.isEnabled,
        content: content,
        clock: clock)
      // Profile's running-mode rule: a Release build without App Store products keeps Full mode.
      #if DEBUG
        dependencies.isReleaseBuild = false
      #else
        dependencies.isReleaseBuild = true
      #endif
      dependencies.storeKitProductsConfigured = configuration.storeKitProductsConfigured
      let model = AppModel(dependencies: dependencies)

      // Paywalls the SDK opens by itself reach the same outcome path: logged, then a re-check.
      monetization.routeUntrackedPaywallDismissals { outcome in
        Task { @MainActor in
          await model.monetization.paywallDidClose(placement: .openedBySDK, outcome: outcome)
        }
      }

      // Observer mode (Core decides: Full mode has no interceptor): the paywall's purchase and
      // restore buttons must reach Core before the first paywall can appear, that is before
      // `launch()`. Core's interceptor announces an Ask to Buy once, through the root view.
      if let interceptor = model.paywallInterceptor {
        monetization.routeObserverActions(to: interceptor)
      }
      // Notification taps, including the one that launched the app, reach the model from now on.
      await notificationPresenter.taps.attach { [weak model] identifier in
        await model?.router.openNotification(requestIdentifier: identifier)
      }

      return LiveAppEnvironment(
        model: model, launchNotice: favorites.notice?.message, monetization: monetization,
        notificationPresenter: notificationPresenter, widgetRefresher: widgetRefresher)
    }
  }
#endif
