import Monetization
import Testing

/// Release builds write warnings and errors only, so what counts as one is a product decision.
@Suite struct LogSeverityTests {
  @Test func unverifiedPurchasesAndTransactionsAreErrors() {
    #expect(MonetizationLog.purchaseUnverified(productID: "p", .invalidSignature).severity == .error)
    #expect(MonetizationLog.transactionUpdateIgnored(transactionID: 1, .invalidSignature).severity == .error)
  }

  @Test func failuresThatLeaveTheUserWithoutWhatTheyAskedForAreWarnings() {
    #expect(MonetizationLog.restoreFinished(.failed(message: "x")).severity == .warning)
    #expect(MonetizationLog.backendCheckFailed(.network).severity == .warning)
    #expect(MonetizationLog.paywallUnavailable(placement: "premium", reason: .timedOut).severity == .warning)
  }

  @Test func aBuildWithoutAPurchaselyKeyIsANoticeNotAWarning() {
    #expect(MonetizationLog.backendStartFailed(.notConfigured).severity == .notice)
    #expect(MonetizationLog.backendStartFailed(.network).severity == .warning)
  }

  @Test func routineStepsStayBelowTheReleaseThreshold() {
    #expect(MonetizationLog.restoreFinished(.restored).severity < .warning)
    #expect(MonetizationLog.transactionFinished(transactionID: 1).severity < .warning)
    #expect(MonetizationLog.gateAttempted(feature: .favorites, result: .ran).severity < .warning)
  }
}

@Suite("SDK start options")
@MainActor
struct SDKStartOptionsTests {
  @Test func campaignsStayOffAndPromotedPurchasesShowTheSDKPaywallOnlyInFullMode() {
    #expect(
      Harness(mode: .full).graph.strategy.startOptions
        == SDKStartOptions(
          mode: .full, allowCampaigns: false, showsPromotedPurchasePaywall: true,
          interceptsPaywallActions: false))
    #expect(
      Harness(mode: .observer).graph.strategy.startOptions
        == SDKStartOptions(
          mode: .observer, allowCampaigns: false, showsPromotedPurchasePaywall: false,
          interceptsPaywallActions: true))
  }

  @Test func theGraphChoosesTheStrategyOfTheStoredModeOnce() {
    #expect(Harness(mode: .full).graph.strategy is FullModeStrategy)
    #expect(Harness(mode: .observer).graph.strategy is ObserverModeStrategy)
    #expect(Harness(mode: .full).graph.paywallInterceptor == nil)
    #expect(Harness(mode: .observer).graph.paywallInterceptor != nil)
  }
}

/// Scenarios match events by name: each name is the case's own, with or without values.
@Suite("Log event names")
struct LogEventNameTests {
  @Test func eventNamesAreTheCaseNames() {
    #expect(MonetizationLog.snapshotMissing.kind == .snapshotMissing)
    #expect(MonetizationLog.snapshotMissing.name == "snapshotMissing")
    #expect(MonetizationLog.restoreFinished(.restored).name == "restoreFinished")
    #expect(MonetizationLog.paywallRequested(placement: "onboarding").kind == .paywallRequested)
  }

  @Test func eachEventIsNamedByItsCaseWithOrWithoutValues() {
    #expect(MonetizationLog.snapshotMissing.name == "snapshotMissing")
    #expect(MonetizationLog.paywallClosedOnUnlock.name == "paywallClosedOnUnlock")
    #expect(MonetizationLog.onboardingSkipped(reason: .subscriber).name == "onboardingSkipped")
    #expect(
      MonetizationLog.purchaseUnverified(productID: "p", .invalidSignature).name == "purchaseUnverified")
    #expect(
      MonetizationLog.paywallUnavailable(placement: .premium, reason: .timedOut).kind == .paywallUnavailable)
  }

  @Test func everyNameIsDistinct() {
    let names = MonetizationLog.Kind.allCases.map(\.rawValue)
    #expect(Set(names).count == names.count)
  }

  @Test func onboardingSkipReasonsReadAsWordsInTheLog() {
    #expect(
      MonetizationLog.onboardingSkipped(reason: .subscriptionStateUnknown).message
        == "onboarding not shown: subscription state unknown")
    #expect(
      OnboardingPolicy.SkipReason.allCases.map(\.description)
        == ["already shown this launch", "subscription state unknown", "subscriber"])
  }
}
