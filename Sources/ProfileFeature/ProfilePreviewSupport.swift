#if canImport(SwiftUI) && DEBUG
  import AppCore
  import DesignSystem
  import Foundation
  import Monetization
  import Notifications
  import SwiftUI

  /// A `ProfileModel` over in-memory stand-ins for the SDK, StoreKit and the notification centre,
  /// for previews only. The backend reports one monthly subscription renewing in 20 days, so after
  /// `refresh()` the screen shows a subscriber.
  @MainActor
  struct ProfilePreviewSample {
    let profile: ProfileModel
    private let entitlements: EntitlementProvider

    init(monetizationEnabled: Bool) {
      let store = PreviewKeyValueStore()
      let settings = AppSettings(store: store)
      let backend = PreviewSubscriptionBackend()
      let logger = SilentMonetizationLogger()
      let entitlements = EntitlementProvider(
        mode: settings.activeMode, backend: backend, storeKit: PreviewStoreEntitlements(),
        appTransactions: nil, store: store,
        configuration: MonetizationConfiguration(
          subscriptionGroupID: ProductCatalog.localSubscriptionGroupID),
        logger: logger)
      let restores = RestoreCoordinator(
        mode: settings.activeMode, backend: backend, purchaser: PreviewPurchaser(),
        entitlements: entitlements, logger: logger)
      let reminder = ReminderScheduler(
        center: PreviewNotificationCenter(), store: PreviewReminderSettingsStore(),
        latestTitle: { "The Pillars of Creation" })
      let placeholder = URL(fileURLWithPath: "/")
      self.entitlements = entitlements
      self.profile = ProfileModel(
        entitlements: entitlements, restores: restores,
        subscriptionManagement: PreviewSubscriptionManagement(), settings: settings, reminder: reminder,
        links: AppLinks(
          termsOfUse: URL(string: "https://www.example.com/terms") ?? placeholder,
          privacyPolicy: URL(string: "https://www.example.com/privacy") ?? placeholder),
        versionText: "1.0 (1)", monetizationEnabled: monetizationEnabled,
        isAwaitingApproval: { false },
        changeRunningMode: { mode in settings.setRunningMode(mode) })
    }

    /// What launch does for the status line: start the backend, then sync.
    func refresh() async {
      entitlements.backendDidStart(.success(()))
      await entitlements.refresh(.launch)
    }
  }

  /// The Profile screen over a sample, synced once it appears.
  struct ProfilePreviewHost: View {
    let sample: ProfilePreviewSample

    var body: some View {
      ProfileScreen(profile: sample.profile)
        .task { await sample.refresh() }
        .spacerTheme()
    }
  }

  // MARK: Stand-ins

  final class PreviewKeyValueStore: KeyValueStore {
    private var values: [String: Any] = [:]

    func data(forKey defaultName: String) -> Data? { values[defaultName] as? Data }
    func string(forKey defaultName: String) -> String? { values[defaultName] as? String }
    func bool(forKey defaultName: String) -> Bool { values[defaultName] as? Bool ?? false }
    func set(_ value: Any?, forKey defaultName: String) { values[defaultName] = value }
    func set(_ value: Bool, forKey defaultName: String) { values[defaultName] = value }
    func removeObject(forKey defaultName: String) { values[defaultName] = nil }
  }

  nonisolated struct PreviewSubscriptionBackend: SubscriptionBackend {
    func start(mode: RunningMode) async throws(SubscriptionBackendError) {}

    func activeSubscriptions(
      invalidateCache: Bool
    ) async throws(SubscriptionBackendError) -> [SubscriptionSnapshot] {
      [
        SubscriptionSnapshot(
          planVendorID: "spacer_monthly", appleProductID: ProductCatalog.monthly, status: .autoRenewing,
          nextRenewalDate: Date().addingTimeInterval(20 * 24 * 3600))
      ]
    }

    func synchronize() async {}

    func restore() async throws(SubscriptionBackendError) -> BackendRestoreResult { .restored }
  }

  nonisolated struct PreviewStoreEntitlements: StoreEntitlementsSource {
    func currentEntitlements() async -> [VerificationResultSnapshot<TransactionSnapshot>] { [] }

    func subscriptionStatuses(
      groupID: String
    ) async throws(StoreReadError) -> [SubscriptionStatusSnapshot] { [] }
  }

  nonisolated struct PreviewPurchaser: Purchaser {
    func purchase(productID: String) async -> PurchaseResult { .cancelled }
    func restore() async throws(PurchaseFailure) {}
    func transactionUpdates() async -> AsyncStream<VerificationResultSnapshot<TransactionSnapshot>> {
      AsyncStream { $0.finish() }
    }
    func finish(transactionID: UInt64) async {}
  }

  nonisolated struct PreviewSubscriptionManagement: SubscriptionManagementPresenting {
    func showManageSubscriptions() async throws(SubscriptionManagementError) {}
  }

  nonisolated struct PreviewNotificationCenter: NotificationCenterClient {
    func authorizationStatus() async -> NotificationAuthorizationStatus { .authorized }
    func requestAuthorization() async throws -> Bool { true }
    func add(_ request: NotificationRequest) async throws {}
    func removePendingRequests(withIdentifiers identifiers: [String]) async {}
    func pendingRequests() async -> [NotificationRequest] { [] }
  }

  /// Keeps nothing: the preview starts from the default reminder settings each time.
  nonisolated struct PreviewReminderSettingsStore: ReminderSettingsStore {
    func data(forKey key: String) -> Data? { nil }
    func set(_ data: Data, forKey key: String) {}
  }
#endif
