#if DEBUG
  import Foundation
  import Monetization
  import Notifications

  /// Debug builds only; tests build `ProfileModel` over TestSupport's doubles, which the app never links.
  public enum ProfilePreview {
    public static func model(monetizationEnabled: Bool, now: Date) -> ProfileModel {
      let placeholder = URL(fileURLWithPath: "/")
      return ProfileModel(
        entitlements: Subscriber(renews: now.addingTimeInterval(20 * 86_400), computedAt: now),
        restores: NothingToRestore(), subscriptionManagement: NoManageSheet(), settings: FullMode(),
        reminder: ReminderScheduler(
          center: PreviewNotificationCenter(), store: PreviewReminderSettingsStore(),
          latestTitle: { "The Pillars of Creation" }),
        links: AppLinks(
          termsOfUse: URL(string: "https://www.example.com/terms") ?? placeholder,
          privacyPolicy: URL(string: "https://www.example.com/privacy") ?? placeholder),
        versionText: "1.0 (1)", monetizationEnabled: monetizationEnabled,
        isAwaitingApproval: { false }, changeRunningMode: { _ in })
    }

    final class Subscriber: ProfileEntitlements {
      let entitlement: Entitlement

      init(renews: Date, computedAt: Date) {
        entitlement = Entitlement(
          access: .premium, reason: .subscribed, source: .purchasely, productID: ProductCatalog.monthly,
          expirationDate: renews, computedAt: computedAt)
      }

      func refresh(_ trigger: SyncTrigger) async -> EntitlementDecision {
        EntitlementDecision(entitlement: entitlement, isDefinitive: true)
      }
    }

    final class NothingToRestore: ProfileRestoring {
      let isRestoring = false
      func restore() async -> RestoreOutcome { .nothingToRestore }
    }

    final class FullMode: ProfileRunningModes {
      let pendingMode = RunningMode.full
      let activeMode = RunningMode.full
      let modeChangeNotice: String? = nil
    }

    struct NoManageSheet: SubscriptionManagementPresenting {
      func showManageSubscriptions() async throws(SubscriptionManagementError) {
        throw .noActiveScene
      }
    }
  }
#endif
