import Foundation
import Monetization
import ScenarioSimulator
import TestSupport
import Testing

@Suite("Scenario format: strict decoding and clear errors")
struct ScenarioDecodingTests {
  @Test func malformedJSONNamesTheFileAndTheProblem() throws {
    let message = try #require(problem("{ \"name\": \"x\",\n  ] }"))
    #expect(message.hasPrefix("test.json: malformed scenario: invalid JSON"))
    #expect(message.contains("line 2"))
  }

  @Test func missingRequiredFieldIsNamed() throws {
    let message = try #require(problem(#"{ "steps": [] }"#))
    #expect(message.contains("missing required field 'name'"))
  }

  @Test func unknownActionListsTheKnownActions() throws {
    let message = try #require(problem(#"{ "name": "x", "steps": [ { "do": "lanch" } ] }"#))
    #expect(message.contains("steps[0]"))
    #expect(message.contains("unknown action 'lanch'"))
    #expect(message.contains("launch"))
  }

  @Test func misspeltExpectationFieldIsRejectedInsteadOfIgnored() throws {
    let message = try #require(
      problem(#"{ "name": "x", "steps": [ { "expect": { "acess": "premium" } } ] }"#))
    #expect(message.contains("unknown field 'acess'"))
  }

  @Test func unknownValueListsTheAllowedOnes() throws {
    let message = try #require(
      problem(#"{ "name": "x", "start": { "mode": "paywallObserver" }, "steps": [] }"#))
    #expect(message.contains("'paywallObserver' is not one of full, observer"))
  }

  @Test func unknownProductIsRejected() throws {
    let message = try #require(
      problem(#"{ "name": "x", "steps": [ { "do": "buy", "product": "spacer.premium.weekly" } ] }"#))
    #expect(message.contains("unknown product 'spacer.premium.weekly'"))
  }

  @Test func wrongTypeIsReportedWithItsPath() throws {
    let message = try #require(problem(#"{ "name": "x", "start": { "online": "yes" }, "steps": [] }"#))
    #expect(message.contains("start.online"))
    #expect(message.contains("true or false"))
  }

  @Test func timesAndDurationsParse() throws {
    let scenario = try decode(
      #"""
      { "name": "x", "start": { "now": "2026-01-02T03:04:05Z",
        "subscriptions": [
          { "product": "spacer.premium.monthly", "purchased": "-2d", "expires": "2026-02-01T00:00:00Z" } ] },
        "steps": [ { "do": "advanceTime", "by": "90m" } ] }
      """#)
    #expect(scenario.start.subscriptions.first?.purchased == .relative(-2 * 86_400))
    #expect(scenario.steps == [.advanceTime(90 * 60)])
    #expect(ScenarioTime("+30d") == .relative(30 * 86_400))
    #expect(ScenarioTime("now") == .relative(0))
    #expect(ScenarioTime("soon") == nil)
  }

  @Test func unknownTextNameIsRejected() throws {
    let message = try #require(
      problem(#"{ "name": "x", "steps": [ { "expect": { "texts": { "gateNotise": "x" } } } ] }"#))
    #expect(message.contains("unknown text 'gateNotise'"))
  }

  @Test func attemptExpectationsDecodeIntoGateResults() throws {
    let scenario = try decode(
      #"""
      { "name": "x", "steps": [ { "expect": { "attempts": {
        "a": "rolledBack(awaitingApproval)", "b": "rolledBack", "c": "unavailable(timedOut)", "d": "saved",
        "e": "pending" }, "restore": "failed", "interceptor": "notHandled" } } ] }
      """#)
    guard case .expect(let expectation) = scenario.steps.first else {
      Issue.record("the step is not an expect")
      return
    }
    #expect(
      expectation.attempts == [
        "a": .gate(.rolledBack(.awaitingApproval)), "b": .anyRollback, "c": .gate(.unavailable(.timedOut)),
        "d": .favorite(saved: true), "e": .pending,
      ])
    #expect(expectation.restore == .failed)
    #expect(expectation.interceptor == .notHandled)
  }

  /// A typo in an expectation must fail the file: otherwise a `noEvents` check or a zero count
  /// passes by typo, and a misspelt reason never matches.
  @Test(arguments: [
    (#"{ "noEvents": ["paywallDisplay"] }"#, "unknown event 'paywallDisplay'; events: launchStarted"),
    (#"{ "restore": "restord" }"#, "'restord' is not one of restored, nothingToRestore, failed, cancelled"),
    (
      #"{ "attempts": { "a": "rolledBack(paywalClosed)" } }"#,
      "attempt 'a': 'rolledBack(paywalClosed)' is not one of pending, saved, notSaved, ran, alreadyPresenting, "
        + "rolledBack, rolledBack(paywallClosed|"
    ),
  ])
  func misspeltExpectationValueIsRejectedWithTheAllowedOnes(expect: String, fragment: String) throws {
    let message = try #require(problem(#"{ "name": "x", "steps": [ { "expect": "# + expect + " } ] }"))
    #expect(message.contains(fragment))
  }

  @Test func misspeltCallNameIsRejectedSoAZeroCountCannotPassByTypo() throws {
    let message = try #require(
      problem(#"{ "name": "x", "steps": [ { "expect": { "calls": { "backend.strat": 0 } } } ] }"#))
    #expect(message.contains("unknown call 'backend.strat'"))
    #expect(message.contains("backend.start"))
    #expect(problem(#"{ "name": "x", "steps": [ { "expect": { "callOrder": ["paywall.show"] } } ] }"#) != nil)
    #expect(
      problem(#"{ "name": "x", "steps": [ { "expect": { "callArguments": { "paywall.loaded": [] } } } ] }"#)
        != nil)
  }

  @Test func favoriteDateMustBeAnAPODDate() throws {
    let message = try #require(
      problem(#"{ "name": "x", "steps": [ { "do": "saveFavorite", "date": "27/02/2026" } ] }"#))
    #expect(message.contains("is not an APOD date"))
  }

  @Test func newStepsDecode() throws {
    let scenario = try decode(
      #"""
      { "name": "x", "steps": [
        { "do": "saveFavorite", "date": "2026-02-27", "label": "s" }, { "do": "removeFavorite", "date": "2026-02-27" },
        { "do": "openFavorites" }, { "do": "upgrade", "from": "spacer.premium.monthly", "to": "spacer.premium.annual" },
        { "do": "paymentFixed", "product": "spacer.premium.monthly" },
        { "do": "resumeAutoRenew", "product": "spacer.premium.monthly" },
        { "do": "setDeviceClock", "offset": "-2d" }, { "do": "killBeforeFinish" },
        { "expect": { "favorites": ["2026-02-27"], "callOrder": ["backend.start"], "definitive": true } } ] }
      """#)
    #expect(scenario.steps.count == 9)
    #expect(scenario.steps[6] == .setDeviceClock(offset: -2 * 86_400))
    guard case .expect(let expectation) = scenario.steps[8] else {
      Issue.record("the last step is not an expect")
      return
    }
    #expect(expectation.favorites == .dates(["2026-02-27"]))
  }

  @Test func heldStartsStatusReadsAndMessagesDecode() throws {
    let scenario = try decode(
      #"""
      { "name": "x", "start": { "backend": { "start": "held" } }, "steps": [
        { "do": "sdkStartCallsBack", "result": "fail", "which": "oldest" }, { "do": "sdkStartCallsBack", "result": "ok" },
        { "do": "holdNextStatusRead" }, { "do": "dismissMessage" },
        { "do": "promotedPurchase", "product": "spacer.premium.annual", "result": "failed", "error": "networkError" },
        { "expect": { "accessChanges": ["premium", "free"], "message": "none", "messagesWaiting": 0,
                      "calls": { "sdk.start": 1 } } } ] }
      """#)
    #expect(scenario.start.backendStart == .held)
    #expect(
      Array(scenario.steps.prefix(4)) == [
        .sdkStartCallsBack(result: .fail, which: .oldest), .sdkStartCallsBack(result: .ok, which: .newest),
        .holdNextStatusRead, .dismissMessage,
      ])
    #expect(
      scenario.steps[4] == .promotedPurchase(product: "spacer.premium.annual", result: .failed(.networkError))
    )
    guard case .expect(let expectation) = scenario.steps[5] else {
      Issue.record("the last step is not an expect")
      return
    }
    #expect(expectation.accessChanges == [.premium, .free])
    #expect(expectation.message == "none")
    #expect(expectation.messagesWaiting == 0)
    #expect(expectation.calls == [.sdkStart: 1])
  }

  @Test func aStartCallbackNeedsItsResultAndAnAccessChangeMustBeALevel() {
    #expect(
      problem(#"{ "name": "x", "steps": [ { "do": "sdkStartCallsBack" } ] }"#)?.contains(
        "missing required field 'result'") == true)
    #expect(
      problem(#"{ "name": "x", "steps": [ { "expect": { "accessChanges": ["premum"] } } ] }"#)?.contains(
        "'premum' is not one of premium, free, unknown") == true)
  }

  @Test func missingFileIsReportedAsUnreadable() {
    #expect(throws: ScenarioLoadError.unreadable(file: "/nonexistent/x.json", reason: "no such file")) {
      try ScenarioLoader.load(path: "/nonexistent/x.json")
    }
  }
}

@Suite("Scenario runner", .timeLimit(.minutes(5)))
@MainActor
struct ScenarioRunnerTests {
  @Test func failedExpectationIsReportedWithItsStep() async throws {
    let scenario = try decode(
      #"{ "name": "x", "steps": [ { "do": "launch" }, { "expect": { "access": "premium" } } ] }"#)
    let report = await ScenarioRunner().run(scenario)
    #expect(!report.passed)
    #expect(report.failures == ["step 2: expected access premium, got free"])
  }

  @Test func stepThatNeedsAPaywallFailsClearlyWithoutOne() async throws {
    let scenario = try decode(
      #"""
      { "name": "x", "start": { "subscriptions": [ { "product": "spacer.premium.monthly" } ] },
        "steps": [ { "do": "launch" }, { "do": "buy", "product": "spacer.premium.monthly" } ] }
      """#)
    let report = await ScenarioRunner().run(scenario)
    #expect(report.failures == ["step 2: no paywall is shown to buy from"])
  }

  @Test func dismissingWithNoMessageShownFailsClearly() async throws {
    let scenario = try decode(
      #"{ "name": "x", "steps": [ { "do": "launch" }, { "do": "closePaywall" }, { "do": "dismissMessage" } ] }"#
    )
    let report = await ScenarioRunner().run(scenario)
    #expect(report.failures == ["step 3: no message is shown to dismiss"])
  }

  /// The simulated SDK follows what it was told at its start: Full mode's
  /// `showsPromotedInAppPurchasePaywall(true)` opens its own paywall, but not before a start.
  @Test func aPromotedPurchaseFollowsTheSDKsStartOptions() async throws {
    let started = try decode(
      #"""
      { "name": "x", "steps": [ { "do": "launch" }, { "do": "closePaywall" },
        { "do": "promotedPurchase", "product": "spacer.premium.annual" }, { "expect": { "paywallUp": true } } ] }
      """#)
    #expect(await ScenarioRunner().run(started).failures.isEmpty)
    let notStarted = try decode(
      #"""
      { "name": "x", "start": { "backend": { "start": "fail" } }, "steps": [ { "do": "launch" },
        { "do": "promotedPurchase", "product": "spacer.premium.annual" }, { "expect": { "paywallUp": false } } ] }
      """#)
    #expect(await ScenarioRunner().run(notStarted).failures.isEmpty)
  }

  @Test func theSDKsPromotedPaywallABillingPlanAndTokensAreCheckedValues() throws {
    let scenario = try decode(
      #"""
      { "name": "x", "start": { "backend": { "promotedPurchase": "showsNothing" } },
        "steps": [ { "do": "buy", "product": "spacer.premium.annual", "billingPlan": "monthly" },
          { "expect": { "backendKnows": ["spacer.premium.annual"], "purchaseTokens": ["sdkUser", "none"] } } ] }
      """#)
    #expect(scenario.start.sdkPromotedPurchase == .showsNothing)
    #expect(
      scenario.steps.first
        == .buy(product: "spacer.premium.annual", result: .purchased, offer: nil, billingPlan: .monthly))
    guard case .expect(let expectation) = scenario.steps.last else {
      Issue.record("the last step is not an expect")
      return
    }
    #expect(expectation.backendKnows == ["spacer.premium.annual"])
    #expect(expectation.purchaseTokens == [.sdkUser, .none])
    let buy =
      #"{ "name": "x", "steps": [ { "do": "buy", "product": "spacer.premium.annual", "billingPlan": "weekly" } ] }"#
    #expect(problem(buy)?.contains("'weekly' is not one of upFront, monthly, unknown") == true)
    let tokens = #"{ "name": "x", "steps": [ { "expect": { "purchaseTokens": ["mine"] } } ] }"#
    #expect(problem(tokens)?.contains("'mine' is not one of sdkUser, none, other") == true)
    let sdk = #"{ "name": "x", "start": { "backend": { "promotedPurchase": "maybe" } }, "steps": [] }"#
    #expect(problem(sdk)?.contains("'maybe' is not one of showsPaywall, showsNothing") == true)
  }

  @Test func accessChangesReportWhatTheEntitlementMovedTo() async throws {
    let scenario = try decode(
      #"""
      { "name": "x", "start": { "subscriptions": [ { "product": "spacer.premium.monthly" } ] },
        "steps": [ { "do": "launch" }, { "expect": { "accessChanges": ["free"] } } ] }
      """#)
    let report = await ScenarioRunner().run(scenario)
    #expect(report.failures == [#"step 2: expected access changes ["free"], got ["premium"]"#])
  }

  @Test func callOrderThatDidNotHappenFailsWithTheCallsSeen() async throws {
    let scenario = try decode(
      #"""
      { "name": "x", "start": { "mode": "observer" }, "steps": [ { "do": "launch" },
        { "expect": { "callOrder": ["backend.activeSubscriptions", "backend.start"] } } ] }
      """#)
    let report = await ScenarioRunner().run(scenario)
    let failure = try #require(report.failures.first)
    #expect(failure.contains("expected calls in order backend.activeSubscriptions → backend.start"))
    #expect(failure.contains("got purchaser.transactionUpdates, backend.start, "))
  }

  @Test func textExpectationReportsTheSentenceShown() async throws {
    let scenario = try decode(
      #"""
      { "name": "x", "steps": [ { "do": "launch" }, { "do": "closePaywall" },
        { "expect": { "texts": { "profileTitle": "Premium" }, "textsContaining": { "profileStatus": "Renews" } } } ] }
      """#)
    let report = await ScenarioRunner().run(scenario)
    #expect(
      report.failures == [
        "step 3: expected profileTitle text Premium, got Free",
        #"step 3: expected profileStatus text containing "Renews", got "Unlock favorites and more with Premium.""#,
      ])
  }

  @Test func transcriptShowsTheSummaryAndWhatEachExpectChecked() async throws {
    let scenario = try decode(
      #"""
      { "name": "x", "summary": "Why this scenario exists.",
        "steps": [ { "do": "launch" }, { "do": "closePaywall" }, { "expect": { "access": "free", "favorites": "locked" } } ] }
      """#)
    let report = await ScenarioRunner().run(scenario)
    #expect(report.passed)
    #expect(report.transcript.contains("  Why this scenario exists."))
    #expect(report.transcript.contains("    ✓ access = free"))
    #expect(report.transcript.contains("    ✓ favorites screen = locked"))
  }

  @Test func bareRollbackMatchesAnyReasonButAnExactReasonMustMatch() {
    #expect(AttemptExpectation.anyRollback.isMet(by: .gate(.rolledBack(.paywallClosed))))
    #expect(!AttemptExpectation.anyRollback.isMet(by: .gate(.ran)))
    #expect(
      !AttemptExpectation.gate(.rolledBack(.awaitingApproval)).isMet(by: .gate(.rolledBack(.paywallClosed))))
    #expect(AttemptExpectation.pending.isMet(by: nil))
    #expect(!AttemptExpectation.gate(.ran).isMet(by: nil))
    #expect(!AttemptExpectation.favorite(saved: true).isMet(by: .favorite(saved: false)))
  }

  @Test func wrongAttemptIsReportedWithWhatHappened() async throws {
    let scenario = try decode(
      #"""
      { "name": "x", "steps": [ { "do": "launch" }, { "do": "closePaywall" }, { "do": "tap", "label": "t" },
        { "do": "closePaywall" }, { "expect": { "attempts": { "t": "ran" } } } ] }
      """#)
    let report = await ScenarioRunner().run(scenario)
    #expect(report.failures == ["step 5: expected attempt 't' ran, got rolledBack(paywallClosed)"])
  }

  @Test func transcriptRecordsStepsAndEvents() async throws {
    let scenario = try decode(#"{ "name": "x", "steps": [ { "do": "launch" } ] }"#)
    let report = await ScenarioRunner().run(scenario)
    #expect(report.transcript.contains("[1] launch"))
    #expect(report.transcript.contains("    launch in full mode"))
  }

  nonisolated static let scenariosDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Scenarios")

  /// The monetization scenarios and the journeys (`Journeys/…`).
  nonisolated static var shippedScenarios: [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: scenariosDirectory.path)) ?? []
    let journeys =
      (try? FileManager.default.contentsOfDirectory(
        atPath: scenariosDirectory.appendingPathComponent("Journeys").path)) ?? []
    return
      (files.filter { $0.hasSuffix(".json") }
      + journeys.filter { $0.hasSuffix(".json") }.map { "Journeys/" + $0 })
      .sorted()
  }

  /// Every string listed under `events` or `noEvents` anywhere in `json`.
  nonisolated static func eventNames(in json: Any) -> [String] {
    if let object = json as? [String: Any] {
      return object.flatMap { key, value -> [String] in
        if key == "events" || key == "noEvents" { return (value as? [String]) ?? [] }
        return eventNames(in: value)
      }
    }
    if let array = json as? [Any] { return array.flatMap { eventNames(in: $0) } }
    return []
  }

  /// A misspelt name under `noEvents` would never match and the check could never fail.
  @Test(.enabled(if: !shippedScenarios.isEmpty), arguments: shippedScenarios)
  func everyEventAShippedScenarioNamesIsOneTheAppLogs(file: String) throws {
    let data = try Data(contentsOf: Self.scenariosDirectory.appendingPathComponent(file))
    let names = Self.eventNames(in: try JSONSerialization.jsonObject(with: data))
    let unknown = names.filter { MonetizationLog.Kind(rawValue: $0) == nil }
    #expect(unknown == [])
  }

  /// Scenarios/README.md is where a reader finds what each file shows: nine files had no row.
  @Test(.enabled(if: !shippedScenarios.isEmpty))
  func everyShippedScenarioHasItsRowInTheREADME() throws {
    let readme = try String(
      contentsOf: Self.scenariosDirectory.appendingPathComponent("README.md"), encoding: .utf8)
    let rows = Set(
      readme.split(separator: "\n").filter { $0.hasPrefix("| `") }
        .compactMap { $0.dropFirst(3).split(separator: "`").first.map(String.init) })
    #expect(Self.shippedScenarios.filter { !rows.contains($0) } == [])
  }

  @Test(.enabled(if: !shippedScenarios.isEmpty), arguments: shippedScenarios)
  func shippedScenarioPasses(file: String) async throws {
    let scenario = try ScenarioLoader.load(path: Self.scenariosDirectory.appendingPathComponent(file).path)
    let report = await ScenarioRunner().run(scenario)
    #expect(report.failures == [], "\(report.transcript.joined(separator: "\n"))")
  }
}

@Suite("Device storage across launches")
@MainActor
struct DeviceStorageTests {
  @Test func aProcessThatEndedWritesNothingButTheNextLaunchReadsWhatWasKept() {
    let device = InMemoryKeyValueStore()
    let firstProcess = ProcessLife()
    let first = device.process { firstProcess.isRunning }
    first.setString("observer", forKey: "mode")
    firstProcess.isRunning = false
    first.setString("full", forKey: "mode")
    first.removeObject(forKey: "mode")
    let second = device.process { true }
    #expect(second.string(forKey: "mode") == "observer")
  }
}

/// Whether a simulated process still runs; the test ends it while its store handle lives on.
@MainActor
private final class ProcessLife {
  var isRunning = true
}
