import Foundation
import Monetization
import Notifications
import ProfileCore
import TestSupport
import Testing

/// A Profile screen over a stored entitlement snapshot, fake SDKs and a fake notification center.
@MainActor
final class ProfileFixture {
  let clock = TestClock()
  let store = InMemoryKeyValueStore()
  let calls = CallLog()
  let backend: FakeSubscriptionBackend
  let entitlements: EntitlementProvider
  let restores: RestoreCoordinator
  let settings: AppSettings
  let center = FakeNotificationCenter(status: .authorized)
  let subscriptionManagement = FakeSubscriptionManagement()
  var awaitingApproval = false
  private(set) var loggedModes: [RunningMode] = []
  private(set) var profile: ProfileModel!

  static let links = AppLinks(
    termsOfUse: URL(string: "https://example.com/terms")!,
    privacyPolicy: URL(string: "https://example.com/privacy")!)

  init(
    snapshot: EntitlementSnapshot? = nil, monetizationEnabled: Bool = true,
    runningModeRules: RunningModeRules = .unrestricted, links: AppLinks = ProfileFixture.links
  ) {
    if let snapshot { EntitlementSnapshotStore(store: store).save(snapshot) }
    backend = FakeSubscriptionBackend(calls: calls)
    let logger = RecordingMonetizationLogger()
    let configuration = MonetizationConfiguration(subscriptionGroupID: MonetizationFixtures.groupID)
    entitlements = EntitlementProvider(
      synchronizesBeforeForegroundCheck: FullModeStrategy.synchronizesBeforeForegroundCheck, backend: backend,
      storeKit: FakeStoreEntitlements(calls: calls), appTransactions: nil,
      store: store, configuration: configuration, clock: clock, logger: logger)
    restores = RestoreCoordinator(
      strategy: FullModeStrategy(backend: backend, entitlements: entitlements, logger: logger),
      entitlements: entitlements, logger: logger)
    // As at launch: the SDK has started, so checks can be definitive.
    entitlements.backendDidStart(.success(()))
    settings = AppSettings(store: store, whenNoneStored: .full)
    let reminder = ReminderScheduler(
      center: center, store: FakeReminderSettingsStore(), latestTitle: { nil })
    profile = ProfileModel(
      entitlements: entitlements, restores: restores, subscriptionManagement: subscriptionManagement,
      settings: settings, reminder: reminder,
      links: links, versionText: "1.0 (1)", monetizationEnabled: monetizationEnabled,
      isAwaitingApproval: { [unowned self] in self.awaitingApproval },
      changeRunningMode: { [unowned self] mode in
        self.loggedModes.append(mode)
        self.settings.setRunningMode(mode)
      },
      runningModeRules: runningModeRules,
      locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
  }

  /// A snapshot computed a day ago with the given reason and period end.
  static func snapshot(
    _ reason: EntitlementReason, expires: Date? = nil, graceEnds: Date? = nil,
    clock: TestClock = TestClock()
  ) -> EntitlementSnapshot {
    EntitlementSnapshot(
      isPremium: reason.grantsPremium, reason: reason, source: .storeKit,
      productID: ProductCatalog.monthly, expirationDate: expires, graceExpirationDate: graceEnds,
      computedAt: clock.now.addingTimeInterval(-MonetizationFixtures.day))
  }
}

@Suite("Profile: status line")
@MainActor
struct ProfileStatusTests {
  /// 2026-03-31T09:00:00Z, inside every snapshot's paid period below.
  static let periodEnd = Date(timeIntervalSince1970: 1_774_947_600)

  @Test func renewingSubscriberSeesPremiumAndTheRenewalDate() {
    let fixture = ProfileFixture(snapshot: ProfileFixture.snapshot(.subscribed, expires: Self.periodEnd))
    #expect(fixture.profile.statusTitle == "Premium")
    #expect(fixture.profile.statusLine == "Renews on March 31, 2026.")
    #expect(fixture.profile.canManageSubscription)
  }

  @Test func cancelledSubscriberSeesWhenPremiumExpires() {
    let fixture = ProfileFixture(
      snapshot: ProfileFixture.snapshot(.cancelledBeforeExpiry, expires: Self.periodEnd))
    #expect(fixture.profile.statusTitle == "Premium")
    #expect(fixture.profile.statusLine == "Expires on March 31, 2026. It won't renew.")
  }

  @Test func gracePeriodSaysUntilWhenAndAsksToFixThePayment() {
    let fixture = ProfileFixture(
      snapshot: ProfileFixture.snapshot(.gracePeriod, expires: Self.periodEnd, graceEnds: Self.periodEnd))
    #expect(fixture.profile.statusTitle == "Premium")
    #expect(fixture.profile.statusLine.hasPrefix("Grace period until March 31, 2026"))
    #expect(fixture.profile.statusLine.contains("Update it to keep Premium"))
  }

  @Test func familyMemberSeesSharedAndCannotManageTheOrganisersPlan() {
    let fixture = ProfileFixture(snapshot: ProfileFixture.snapshot(.familyShared, expires: Self.periodEnd))
    #expect(fixture.profile.statusLine == "Shared by your family.")
    #expect(!fixture.profile.canManageSubscription)
  }

  @Test func grandfatheredBuyerSeesItIsIncludedAndHasNothingToManage() {
    let fixture = ProfileFixture(snapshot: ProfileFixture.snapshot(.grandfathered))
    #expect(fixture.profile.statusTitle == "Premium")
    #expect(fixture.profile.statusLine == "Included with your original purchase of Spacer.")
    #expect(!fixture.profile.canManageSubscription)
  }

  @Test func freeUserSeesFreeAfterADefinitiveCheck() async {
    let fixture = ProfileFixture()
    fixture.backend.answer([])
    await fixture.entitlements.refresh(.launch)
    #expect(fixture.profile.statusTitle == "Free")
    #expect(fixture.profile.statusLine == "Unlock favorites and more with Premium.")
    #expect(!fixture.profile.canManageSubscription)
  }

  @Test func askToBuyWaitingForApprovalIsShownAsWaitingNotAsAnError() async {
    let fixture = ProfileFixture()
    fixture.backend.answer([])
    await fixture.entitlements.refresh(.launch)
    fixture.awaitingApproval = true
    #expect(fixture.profile.statusTitle == "Free")
    #expect(fixture.profile.statusLine.hasPrefix("Waiting for approval."))
  }

  @Test func nothingKnownYetSaysItIsChecking() {
    let fixture = ProfileFixture()
    #expect(fixture.profile.statusTitle == "Checking your subscription…")
  }

  @Test func buildWithoutAPurchaselyKeySaysSubscriptionsAreUnavailableAndOffersNothing() {
    let fixture = ProfileFixture(
      snapshot: ProfileFixture.snapshot(.subscribed, expires: Self.periodEnd), monetizationEnabled: false)
    #expect(fixture.profile.statusLine == "Subscriptions are not available in this build.")
    #expect(!fixture.profile.canRestore)
    #expect(!fixture.profile.canManageSubscription)
  }
}

@Suite("Profile: restore", .timeLimit(.minutes(5)))
@MainActor
struct ProfileRestoreTests {
  @Test func restoreWithNothingActiveReportsNothingToRestore() async throws {
    let fixture = ProfileFixture()
    fixture.backend.restoreResult = .success(.nothingToRestore)
    fixture.backend.answer([])
    try await bounded { await fixture.profile.restore() }
    #expect(fixture.profile.restoreReport?.outcome == .nothingToRestore)
    fixture.profile.dismissRestoreReport()
    #expect(fixture.profile.restoreReport == nil)
  }

  @Test func restoreThatFindsASubscriptionReportsRestored() async throws {
    let fixture = ProfileFixture()
    fixture.backend.restoreResult = .success(.restored)
    fixture.backend.answer([
      MonetizationFixtures.subscription(.autoRenewing, product: ProductCatalog.monthly)
    ])
    try await bounded { await fixture.profile.restore() }
    #expect(fixture.profile.restoreReport?.outcome == .restored)
    #expect(fixture.profile.statusTitle == "Premium")
  }

  @Test func failedRestoreReportsItsMessage() async throws {
    let fixture = ProfileFixture()
    fixture.backend.restoreResult = .failure(.network)
    try await bounded { await fixture.profile.restore() }
    guard case .failed(let message)? = fixture.profile.restoreReport?.outcome else {
      Issue.record("expected a failed restore, got \(String(describing: fixture.profile.restoreReport))")
      return
    }
    #expect(!message.isEmpty)
  }

  @Test func secondTapWhileRestoringDoesNothing() async throws {
    let fixture = ProfileFixture()
    fixture.backend.holdsRestore = true
    fixture.backend.answer([])
    let first = Task { await fixture.profile.restore() }
    try await bounded { while !fixture.backend.isHoldingRestore { await Task.yield() } }
    #expect(fixture.profile.isRestoring)

    try await bounded { await fixture.profile.restore() }
    #expect(fixture.backend.restoreCount == 1)
    #expect(fixture.profile.restoreReport == nil)

    fixture.backend.releaseRestores()
    try await bounded { await first.value }
    #expect(fixture.backend.restoreCount == 1)
    #expect(!fixture.profile.isRestoring)
    #expect(fixture.profile.restoreReport != nil)
  }
}

@Suite("Profile: manage subscription")
@MainActor
struct ProfileManageSubscriptionTests {
  @Test func subscriberOpensTheAppStoresSubscriptionSettings() async {
    let fixture = ProfileFixture(
      snapshot: ProfileFixture.snapshot(.subscribed, expires: ProfileStatusTests.periodEnd))
    await fixture.profile.manageSubscription()
    #expect(fixture.subscriptionManagement.shownCount == 1)
    #expect(fixture.profile.manageSubscriptionError == nil)
  }

  @Test func sheetThatCannotOpenSaysWhereElseToManageIt() async {
    let fixture = ProfileFixture(
      snapshot: ProfileFixture.snapshot(.subscribed, expires: ProfileStatusTests.periodEnd))
    fixture.subscriptionManagement.failure = .noActiveScene
    await fixture.profile.manageSubscription()
    #expect(fixture.profile.manageSubscriptionError?.contains("Settings") == true)
  }

  @Test func closingTheSheetRechecksAtOnceBypassingTheCache() async {
    let fixture = ProfileFixture(
      snapshot: ProfileFixture.snapshot(.subscribed, expires: ProfileStatusTests.periodEnd))
    await fixture.profile.manageSubscription()
    #expect(fixture.backend.checkInvalidations == [true])
  }

  @Test func familyMemberInGraceIsNotAskedToUpdateAPaymentMethodTheyDoNotOwn() {
    var snapshot = ProfileFixture.snapshot(
      .gracePeriod, expires: ProfileStatusTests.periodEnd, graceEnds: ProfileStatusTests.periodEnd)
    snapshot.familyShared = true
    let fixture = ProfileFixture(snapshot: snapshot)
    #expect(fixture.profile.statusTitle == "Premium")
    #expect(!fixture.profile.statusLine.contains("Update"))
    #expect(fixture.profile.statusLine.hasPrefix("Shared by your family."))
    #expect(!fixture.profile.canManageSubscription)
  }

  @Test func familyMemberInBillingRetryIsNotAskedToUpdateAPaymentMethodTheyDoNotOwn() {
    var snapshot = ProfileFixture.snapshot(.billingRetry, expires: ProfileStatusTests.periodEnd)
    snapshot.familyShared = true
    let fixture = ProfileFixture(snapshot: snapshot)
    #expect(!fixture.profile.statusLine.contains("Update"))
    #expect(!fixture.profile.statusLine.contains("payment method"))
    #expect(fixture.profile.statusLine.hasPrefix("Shared by your family."))
    #expect(!fixture.profile.canManageSubscription)
  }

  @Test func familyMemberCannotOpenTheOrganisersSubscription() async {
    let fixture = ProfileFixture(
      snapshot: ProfileFixture.snapshot(.familyShared, expires: ProfileStatusTests.periodEnd))
    await fixture.profile.manageSubscription()
    #expect(fixture.subscriptionManagement.shownCount == 0)
  }
}

@Suite("Profile: running mode")
@MainActor
struct ProfileRunningModeTests {
  @Test func choosingAModeStoresItAtOnceAndSaysItAppliesOnNextLaunch() {
    let fixture = ProfileFixture()
    #expect(fixture.profile.runningModeNotice == nil)
    fixture.profile.selectRunningMode(.observer)
    #expect(fixture.loggedModes == [.observer])
    #expect(fixture.profile.selectedRunningMode == .observer)
    #expect(fixture.profile.activeRunningMode == .full)
    #expect(fixture.profile.runningModeNotice?.contains("next time it starts") == true)
    #expect(fixture.store.string(forKey: StoredRunningMode.key) == RunningMode.observer.rawValue)
  }

  @Test func linksAndVersionComeFromConfiguration() {
    let fixture = ProfileFixture()
    #expect(fixture.profile.links == ProfileFixture.links)
    #expect(fixture.profile.versionText == "1.0 (1)")
  }
}

@Suite("Profile: the running mode cannot leave a Release build without a way to buy")
@MainActor
struct ProfileRunningModeRulesTests {
  @Test func aReleaseBuildWithoutStoreKitProductsRefusesObserverAndSaysWhy() {
    let fixture = ProfileFixture(
      runningModeRules: RunningModeRules(isRelease: true, storeKitProductsConfigured: false))

    fixture.profile.selectRunningMode(.observer)

    #expect(fixture.loggedModes.isEmpty, "the refused mode was stored")
    #expect(fixture.profile.selectedRunningMode == .full)
    #expect(fixture.profile.runningModeRefusal?.contains("Observer") == true)
    // Full stays allowed and clears the refusal.
    fixture.profile.selectRunningMode(.full)
    #expect(fixture.profile.runningModeRefusal == nil)
    #expect(fixture.loggedModes == [.full])
  }

  @Test func observerIsAllowedWithProductsOrInDebug() {
    for rules in [
      RunningModeRules(isRelease: true, storeKitProductsConfigured: true),
      RunningModeRules(isRelease: false, storeKitProductsConfigured: false),
    ] {
      let fixture = ProfileFixture(runningModeRules: rules)
      fixture.profile.selectRunningMode(.observer)
      #expect(fixture.loggedModes == [.observer])
      #expect(fixture.profile.runningModeRefusal == nil)
    }
  }

  @Test func theSectionSaysWhatTheSettingIsAndWhenItApplies() {
    let explanation = ProfileFixture().profile.runningModeExplanation
    #expect(explanation.contains("next time Spacer starts"))
  }
}

/// Issue 22.15: a Debug build may keep the committed placeholder pages, and Profile says so.
@Suite("Profile: a Debug build with placeholder legal pages says so")
@MainActor
struct ProfileLegalLinksNoticeTests {
  private static let realLinks = AppLinks(
    termsOfUse: URL(string: "https://www.apple.com/legal/internet-services/itunes/dev/stdeula/")!,
    privacyPolicy: URL(string: "https://spacer.app/privacy")!)

  @Test func aDebugBuildWithTheDefaultPagesSaysSoInOneSentence() throws {
    let fixture = ProfileFixture(
      runningModeRules: RunningModeRules(isRelease: false, storeKitProductsConfigured: true),
      links: AppLinks(
        termsOfUse: URL(string: "https://www.example.com/spacer/terms")!,
        privacyPolicy: URL(string: "https://www.example.com/spacer/privacy")!))

    let notice = try #require(fixture.profile.legalLinksNotice)
    #expect(notice.contains("placeholder"))
    #expect(notice.contains("Debug"))
    #expect(notice.filter { $0 == "." }.count == 1)
  }

  @Test(arguments: [
    "https://example.org/privacy", "https://localhost/privacy", "https://EXAMPLE.net/p",
  ])
  func onePlaceholderPageIsEnough(_ privacy: String) {
    let links = AppLinks(termsOfUse: Self.realLinks.termsOfUse, privacyPolicy: URL(string: privacy)!)
    #expect(links.usesPlaceholders)
    #expect(ProfileFixture(links: links).profile.legalLinksNotice != nil)
  }

  @Test func realPagesOrAReleaseBuildSayNothing() {
    #expect(Self.realLinks.usesPlaceholders == false)
    // "example" must be the name under the top-level domain, not any label.
    let lookalike = AppLinks(
      termsOfUse: URL(string: "https://example.spacer.app/terms")!,
      privacyPolicy: URL(string: "https://notexample.com/privacy")!)
    #expect(lookalike.usesPlaceholders == false)
    #expect(ProfileFixture(links: Self.realLinks).profile.legalLinksNotice == nil)
    let release = ProfileFixture(
      runningModeRules: RunningModeRules(isRelease: true, storeKitProductsConfigured: true),
      links: ProfileFixture.links)
    #expect(release.profile.legalLinksNotice == nil)
  }
}

/// Issue 22.15: the Terms of Use and the Privacy Policy stand next to the app's own offer to buy
/// (the locked Favorites' Unlock button), from the build's configured pages, while a purchase can
/// start there; the paywall's own links are Purchasely's (configured in its console).
@Suite("Profile: legal links next to a purchase")
@MainActor
struct ProfilePurchaseLegalLinksTests {
  static let configured = AppLinks(
    termsOfUse: URL(string: "https://www.apple.com/legal/internet-services/itunes/dev/stdeula/")!,
    privacyPolicy: URL(string: "https://spacer.app/privacy")!)

  @Test func aFreeUserSeesTheTermsThenThePrivacyPolicyOfThisBuild() {
    let fixture = ProfileFixture(snapshot: ProfileFixture.snapshot(.noSubscription), links: Self.configured)

    let links = fixture.profile.purchaseLegalLinks

    #expect(links.map(\.url) == [Self.configured.termsOfUse, Self.configured.privacyPolicy])
    #expect(links.map(\.title) == ["Terms of Use", "Privacy Policy"])
  }

  @Test func aSubscriptionNotKnownYetStillShowsThem() {
    // No snapshot and no check yet: the gate may still open the paywall on a tap.
    let fixture = ProfileFixture(links: Self.configured)
    #expect(fixture.profile.purchaseLegalLinks.count == 2)
  }

  @Test func nothingToBuyMeansNoLinksThere() {
    let premium = ProfileFixture(
      snapshot: ProfileFixture.snapshot(.subscribed, expires: ProfileStatusTests.periodEnd),
      links: Self.configured)
    #expect(premium.profile.purchaseLegalLinks.isEmpty)
    let noMonetization = ProfileFixture(
      snapshot: ProfileFixture.snapshot(.noSubscription), monetizationEnabled: false, links: Self.configured)
    #expect(noMonetization.profile.purchaseLegalLinks.isEmpty)
    // Profile's About section lists both whatever the subscription.
    #expect(premium.profile.links == Self.configured)
  }

}
