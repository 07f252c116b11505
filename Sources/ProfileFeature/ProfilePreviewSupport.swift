#if canImport(SwiftUI) && DEBUG
  import DesignSystem
  import Foundation
  import Monetization
  import Notifications
  import ProfileCore
  import SwiftUI
  import TestSupport

  /// A `ProfileModel` over the app's monetization graph and TestSupport's doubles for the SDK,
  /// StoreKit and the notification centre, for previews only. The backend reports one monthly
  /// subscription renewing in 20 days, so after `refresh()` the screen shows a subscriber.
  @MainActor
  struct ProfilePreviewSample {
    let profile: ProfileModel
    private let graph: MonetizationGraph

    init(monetizationEnabled: Bool) {
      let backend = FakeSubscriptionBackend()
      backend.answer([
        MonetizationFixtures.subscription(
          .autoRenewing, renews: Date().addingTimeInterval(20 * MonetizationFixtures.day))
      ])
      let graph = MonetizationGraph(
        services: MonetizationServices(
          store: InMemoryKeyValueStore(), backend: backend, storeKit: FakeStoreEntitlements(),
          paywalls: FakePaywallPresenter(), purchaser: FakePurchaser(), logger: SilentMonetizationLogger()),
        configuration: MonetizationFixtures.configuration())
      let reminder = ReminderScheduler(
        center: FakeNotificationCenter(status: .authorized), store: FakeReminderSettingsStore(),
        latestTitle: { "The Pillars of Creation" })
      let placeholder = URL(fileURLWithPath: "/")
      self.graph = graph
      self.profile = ProfileModel(
        entitlements: graph.entitlements, restores: graph.restores,
        subscriptionManagement: FakeSubscriptionManagement(), settings: graph.settings, reminder: reminder,
        links: AppLinks(
          termsOfUse: URL(string: "https://www.example.com/terms") ?? placeholder,
          privacyPolicy: URL(string: "https://www.example.com/privacy") ?? placeholder),
        versionText: "1.0 (1)", monetizationEnabled: monetizationEnabled,
        isAwaitingApproval: { [purchases = graph.purchases] in purchases.isAwaitingApproval },
        changeRunningMode: { [graph] mode in graph.scheduleRunningMode(mode) })
    }

    /// What launch does for the status line: start the backend, then sync.
    func refresh() async {
      graph.entitlements.backendDidStart(.success(()))
      await graph.entitlements.refresh(.launch)
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
#endif
