#if DEBUG
  import Foundation
  import Monetization
  import Notifications

  /// The Profile screen's preview values (debug builds only): a monthly subscriber whose
  /// subscription renews 20 days after `now`, Full mode, the reminder allowed. Fixed answers
  /// that record nothing: tests build `ProfileModel` over TestSupport's doubles, which the app
  /// never links.
  public enum ProfilePreview {
    /// A Profile model over the preview values; `monetizationEnabled` false shows the screen of
    /// a build without the subscription.
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

    /// A monthly subscription, renewing, checked at `computedAt`.
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

    /// Restore finds nothing more.
    final class NothingToRestore: ProfileRestoring {
      let isRestoring = false
      func restore() async -> RestoreOutcome { .nothingToRestore }
    }

    /// Full mode, chosen and running.
    final class FullMode: ProfileRunningModes {
      let pendingMode = RunningMode.full
      let activeMode = RunningMode.full
      let modeChangeNotice: String? = nil
    }

    /// A preview has no App Store sheet to show.
    struct NoManageSheet: SubscriptionManagementPresenting {
      func showManageSubscriptions() async throws(SubscriptionManagementError) {
        throw .noActiveScene
      }
    }
  }
#endif
