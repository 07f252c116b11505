import Foundation
import Notifications
import TestSupport
import Testing

@MainActor
private func makeScheduler(
  center: FakeNotificationCenter,
  store: FakeReminderSettingsStore = FakeReminderSettingsStore(),
  title: String? = "The Horsehead Nebula"
) -> ReminderScheduler {
  ReminderScheduler(center: center, store: store, latestTitle: { title })
}

/// A scheduler over a fresh center whose permission is `status` (and whose prompt, if shown, is
/// answered `answersPromptWith`), with the center to inspect.
@MainActor
private func makeScheduler(
  status: NotificationAuthorizationStatus, answersPromptWith answer: Bool = true
) -> (scheduler: ReminderScheduler, center: FakeNotificationCenter) {
  let center = FakeNotificationCenter(status: status, answersPromptWith: answer)
  return (makeScheduler(center: center), center)
}

private func storedSettings(_ settings: ReminderSettings) throws -> FakeReminderSettingsStore {
  FakeReminderSettingsStore([ReminderSettings.storageKey: try JSONEncoder().encode(settings)])
}

@MainActor
@Suite("Reminder settings")
struct ReminderSettingsTests {
  @Test func nothingStoredMeansOffAtNineInTheMorning() {
    let scheduler = makeScheduler(center: FakeNotificationCenter())

    #expect(scheduler.settings == ReminderSettings(isEnabled: false, hour: 9, minute: 0))
    #expect(scheduler.status == .off)
  }

  @Test func choicesPersistAcrossLaunches() async throws {
    let store = FakeReminderSettingsStore()
    let center = FakeNotificationCenter(status: .authorized)
    let first = makeScheduler(center: center, store: store)
    await first.setEnabled(true)
    try await first.setTime(hour: 21, minute: 45)

    let second = makeScheduler(center: center, store: store)

    #expect(second.settings == ReminderSettings(isEnabled: true, hour: 21, minute: 45))
  }

  @Test func damagedStoredSettingsFallBackToTheDefault() {
    let store = FakeReminderSettingsStore([ReminderSettings.storageKey: Data("{\"hour\":".utf8)])

    #expect(ReminderSettings.load(from: store) == .default)
  }

  @Test func storedTimeOutsideTheDayFallsBackToTheDefault() throws {
    let store = try storedSettings(ReminderSettings(isEnabled: true, hour: 25, minute: 0))

    #expect(ReminderSettings.load(from: store) == .default)
  }

  @Test(arguments: [(24, 0), (-1, 30), (12, 60), (12, -5)])
  func anImpossibleTimeIsRejectedAndNothingChanges(hour: Int, minute: Int) async throws {
    let store = try storedSettings(ReminderSettings(isEnabled: true, hour: 8, minute: 15))
    let center = FakeNotificationCenter(status: .authorized)
    let scheduler = makeScheduler(center: center, store: store)

    let error = await #expect(throws: ReminderSettingsError.self) {
      try await scheduler.setTime(hour: hour, minute: minute)
    }

    #expect(error == .invalidTime(hour: hour, minute: minute))
    #expect(error?.message.contains("between 00:00 and 23:59") == true)
    #expect(scheduler.settings == ReminderSettings(isEnabled: true, hour: 8, minute: 15))
    #expect(store.writeCount == 0)
    #expect(await center.calls.isEmpty)
  }
}

@MainActor
@Suite("Reminder permission")
struct ReminderPermissionTests {
  @Test func enablingAsksPermissionWhenNotDeterminedThenSchedules() async {
    let (scheduler, center) = makeScheduler(status: .notDetermined, answersPromptWith: true)

    await scheduler.setEnabled(true)

    #expect(await center.calls.contains(.requestAuthorization))
    #expect(await center.pending.map(\.identifier) == [ReminderScheduler.requestIdentifier])
    #expect(scheduler.status == .scheduled)
  }

  @Test func decliningThePromptOffersSettingsAndSchedulesNothing() async {
    let (scheduler, center) = makeScheduler(status: .notDetermined, answersPromptWith: false)

    await scheduler.setEnabled(true)

    #expect(scheduler.status == .permissionDenied)
    #expect(scheduler.status.offersSettingsApp)
    #expect(await center.pending.isEmpty)
    #expect(await center.addedIdentifiers.isEmpty)
  }

  @Test func enablingWhenDeniedOffersSettingsWithoutPrompting() async {
    let (scheduler, center) = makeScheduler(status: .denied)

    await scheduler.setEnabled(true)

    #expect(scheduler.status == .permissionDenied)
    #expect(scheduler.status.message?.contains("Settings") == true)
    #expect(await center.calls.contains(.requestAuthorization) == false)
    #expect(await center.pending.isEmpty)
  }

  @Test(arguments: [NotificationAuthorizationStatus.authorized, .provisional, .ephemeral])
  func allowedStatusesScheduleWithoutPrompting(_ status: NotificationAuthorizationStatus) async {
    let (scheduler, center) = makeScheduler(status: status)

    await scheduler.setEnabled(true)

    #expect(await center.calls.contains(.requestAuthorization) == false)
    #expect(await center.pending.count == 1)
    #expect(scheduler.status == .scheduled)
  }

  @Test func aPromptThatFailsSaysSo() async {
    let center = FakeNotificationCenter(status: .notDetermined)
    await center.setPromptFailure(.init(reason: "system busy"))
    let scheduler = makeScheduler(center: center)

    await scheduler.setEnabled(true)

    guard case .failed(let message) = scheduler.status else {
      Issue.record("expected failed, got \(scheduler.status)")
      return
    }
    #expect(message.contains("permission"))
    #expect(await center.pending.isEmpty)
  }

  /// Issue 22.14: the user's "on" refused by the system moves the toggle back, stored, and the
  /// status says why (with the Settings button).
  @Test func aDeniedPermissionMovesTheToggleBackWithAMessage() async {
    let store = FakeReminderSettingsStore()
    let center = FakeNotificationCenter(status: .denied)
    let scheduler = makeScheduler(center: center, store: store)

    await scheduler.setEnabled(true)

    #expect(scheduler.settings.isEnabled == false)
    #expect(scheduler.isEnabled == false)
    #expect(ReminderSettings.load(from: store).isEnabled == false)
    #expect(scheduler.status == .permissionDenied)
    #expect(scheduler.status.message?.contains("Settings") == true)
  }

  /// Issue 22.14: a declined prompt and a request the system does not accept are refusals too.
  @Test func aDeclinedPromptOrAFailedScheduleMovesTheToggleBack() async {
    let (declined, _) = makeScheduler(status: .notDetermined, answersPromptWith: false)
    await declined.setEnabled(true)
    #expect(declined.settings.isEnabled == false)
    #expect(declined.status == .permissionDenied)

    let center = FakeNotificationCenter(status: .authorized)
    await center.setAddFailure(.init(reason: "too many requests"))
    let failed = makeScheduler(center: center)
    await failed.setEnabled(true)
    #expect(failed.settings.isEnabled == false)
    #expect(failed.status.message == "The daily reminder couldn’t be scheduled. Please try again.")
  }

  /// Issue 22.14: the toggle's binding sets `isEnabled`; the value shows before any work runs,
  /// even while an earlier operation holds the queue (the prompt is up), and the refusal that
  /// follows moves it back.
  @Test func theToggleShowsTheChoiceAtOnceAndARefusalMovesItBack() async throws {
    let center = FakeNotificationCenter(status: .notDetermined)
    await center.holdNextPrompt()
    let scheduler = makeScheduler(center: center)

    scheduler.isEnabled = true

    #expect(scheduler.isEnabled)
    let enabling = try #require(scheduler.pendingToggle)
    await center.waitUntilPromptIsShown()
    #expect(scheduler.isEnabled)
    await center.answerHeldPrompt(granted: false)
    try await bounded("the toggle's work") { await enabling.value }
    #expect(scheduler.isEnabled == false)
    #expect(scheduler.status == .permissionDenied)
  }

  /// The time picker's binding calls `choosePickerDate`; the time shows before any work runs,
  /// even while an earlier operation holds the queue (the permission prompt is up), and the
  /// reminder is scheduled at it once the queue moves.
  @Test func aChosenTimeShowsAtOnceWhileThePromptHoldsTheQueueAndTheReminderFollows() async throws {
    let center = FakeNotificationCenter(status: .notDetermined)
    await center.holdNextPrompt()
    let store = FakeReminderSettingsStore()
    let scheduler = makeScheduler(center: center, store: store)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "Europe/Paris"))
    scheduler.isEnabled = true
    let enabling = try #require(scheduler.pendingToggle)
    await center.waitUntilPromptIsShown()

    let chosen = ReminderSettings(isEnabled: true, hour: 21, minute: 40).pickerDate(in: calendar)
    scheduler.choosePickerDate(chosen, in: calendar)

    #expect(scheduler.settings.hour == 21 && scheduler.settings.minute == 40)
    #expect(scheduler.pickerDate(in: calendar) == chosen)
    #expect(ReminderSettings.load(from: store).hour == 21)
    let rescheduling = try #require(scheduler.pendingTimeChange)
    await center.answerHeldPrompt(granted: true)
    try await bounded("the toggle's and the time's work") {
      await enabling.value
      await rescheduling.value
    }
    #expect(scheduler.status == .scheduled)
    let pending = await center.pending
    #expect(pending.map { $0.trigger?.dateMatching } == [DateComponents(hour: 21, minute: 40)])
    #expect(scheduler.timeError == nil)
  }

  @Test func anImpossibleTimeChangesNothingAndSaysWhy() async throws {
    let (scheduler, center) = makeScheduler(status: .authorized)
    await scheduler.setEnabled(true)
    let before = scheduler.settings

    scheduler.chooseTime(hour: 24, minute: 0)

    #expect(scheduler.settings == before)
    #expect(scheduler.pendingTimeChange == nil)
    #expect(scheduler.timeError == ReminderSettingsError.invalidTime(hour: 24, minute: 0).message)
    scheduler.chooseTime(hour: 6, minute: 15)
    #expect(scheduler.timeError == nil)
    try await bounded("the time's work") { await scheduler.pendingTimeChange?.value }
    #expect(await center.pending.first?.trigger?.dateMatching == DateComponents(hour: 6, minute: 15))
  }

  @Test func aStoredChoiceIsKeptWhileDeniedAndTheReminderStartsOnceAllowed() async throws {
    let center = FakeNotificationCenter(status: .denied)
    let store = try storedSettings(ReminderSettings(isEnabled: true, hour: 9, minute: 0))
    let scheduler = makeScheduler(center: center, store: store)
    await scheduler.refresh()
    #expect(scheduler.settings.isEnabled)
    #expect(scheduler.status == .permissionDenied)

    await center.setStatus(.authorized)
    await scheduler.refresh()

    #expect(scheduler.status == .scheduled)
    #expect(await center.pending.count == 1)
  }

  @Test func permissionRevokedInSettingsIsReportedOnRefresh() async throws {
    let (scheduler, center) = makeScheduler(status: .authorized)
    await scheduler.setEnabled(true)

    await center.setStatus(.denied)
    await scheduler.refresh()

    #expect(scheduler.status == .permissionDenied)
  }
}

@MainActor
@Suite("Reminder scheduling")
struct ReminderSchedulingTests {
  @Test func schedulesOneRepeatingDailyRequestAtTheChosenLocalTime() async throws {
    let (scheduler, center) = makeScheduler(status: .authorized)
    try await scheduler.setTime(hour: 7, minute: 30)

    await scheduler.setEnabled(true)

    let pending = await center.pending
    #expect(pending.count == 1)
    let request = try #require(pending.first)
    #expect(request.identifier == ReminderScheduler.requestIdentifier)
    let trigger = try #require(request.trigger)
    #expect(trigger.repeats)
    // Hour and minute only: no date, no time zone, nothing absolute that could go stale.
    #expect(trigger.dateMatching == DateComponents(hour: 7, minute: 30))
    #expect(trigger.dateMatching.timeZone == nil)
    #expect(trigger.dateMatching.day == nil)
  }

  @Test func changingTheTimeReplacesTheRequestUnderTheSameIdentifier() async throws {
    let (scheduler, center) = makeScheduler(status: .authorized)
    await scheduler.setEnabled(true)
    let callsBefore = await center.calls.count

    try await scheduler.setTime(hour: 20, minute: 5)

    let calls = await center.calls.dropFirst(callsBefore)
    let removeIndex = try #require(
      calls.firstIndex(of: .removePendingRequests(ReminderPlan.identifiers)))
    let addIndex = try #require(calls.firstIndex { if case .add = $0 { true } else { false } })
    #expect(removeIndex < addIndex)
    let pending = await center.pending
    #expect(pending.map(\.identifier) == [ReminderScheduler.requestIdentifier])
    #expect(pending.first?.trigger?.dateMatching == DateComponents(hour: 20, minute: 5))
  }

  @Test func changingTheTimeWhileOffSchedulesNothing() async throws {
    let (scheduler, center) = makeScheduler(status: .authorized)

    try await scheduler.setTime(hour: 6, minute: 0)

    #expect(await center.calls.isEmpty)
    #expect(scheduler.settings.hour == 6)
    #expect(scheduler.status == .off)
  }

  @Test func disablingCancelsThePendingReminder() async {
    let (scheduler, center) = makeScheduler(status: .authorized)
    await scheduler.setEnabled(true)

    await scheduler.setEnabled(false)

    #expect(await center.pending.isEmpty)
    #expect(scheduler.status == .off)
    #expect(scheduler.settings.isEnabled == false)
  }

  @Test func aTimeZoneChangeReschedulesAtTheSameWallClockTime() async throws {
    let (scheduler, center) = makeScheduler(status: .authorized)
    try await scheduler.setTime(hour: 8, minute: 0)
    await scheduler.setEnabled(true)
    let addsBefore = await center.addedIdentifiers.count

    await scheduler.timeZoneDidChange()

    #expect(await center.addedIdentifiers.count == addsBefore + 1)
    let pending = await center.pending
    #expect(pending.count == 1)
    #expect(pending.first?.trigger?.dateMatching == DateComponents(hour: 8, minute: 0))
  }

  @Test func aTimeZoneChangeWhileOffSchedulesNothing() async {
    let (scheduler, center) = makeScheduler(status: .authorized)

    await scheduler.timeZoneDidChange()

    #expect(await center.pending.isEmpty)
    #expect(await center.addedIdentifiers.isEmpty)
  }

  @Test func refreshLeavesAnIdenticalPendingRequestAlone() async {
    let (scheduler, center) = makeScheduler(status: .authorized)
    await scheduler.setEnabled(true)

    await scheduler.refresh()

    #expect(await center.addedIdentifiers.count == 1)
    #expect(scheduler.status == .scheduled)
  }

  @Test func refreshRestoresAReminderThatWentMissing() async throws {
    let center = FakeNotificationCenter(status: .authorized)
    let store = try storedSettings(ReminderSettings(isEnabled: true, hour: 10, minute: 0))
    let scheduler = makeScheduler(center: center, store: store)

    await scheduler.refresh()

    #expect(await center.pending.first?.trigger?.dateMatching == DateComponents(hour: 10, minute: 0))
  }

  @Test func aFailedAddSaysSo() async {
    let center = FakeNotificationCenter(status: .authorized)
    await center.setAddFailure(.init(reason: "too many requests"))
    let scheduler = makeScheduler(center: center)

    await scheduler.setEnabled(true)

    #expect(
      scheduler.status == .failed(message: "The daily reminder couldn’t be scheduled. Please try again."))
    #expect(scheduler.status.message != nil)
  }

  @Test func disablingWhileThePromptIsUpLeavesNothingScheduled() async throws {
    let center = FakeNotificationCenter(status: .notDetermined)
    await center.holdNextPrompt()
    let scheduler = makeScheduler(center: center)

    let enabling = Task { await scheduler.setEnabled(true) }
    await center.waitUntilPromptIsShown()
    #expect(scheduler.status == .requestingPermission)
    let disabling = Task { await scheduler.setEnabled(false) }
    await center.answerHeldPrompt(granted: true)
    try await bounded("the enabling task") { await enabling.value }
    try await bounded("the disabling task") { await disabling.value }

    #expect(await center.pending.isEmpty)
    #expect(scheduler.settings.isEnabled == false)
    #expect(scheduler.status == .off)
  }
}

@MainActor
@Suite("Reminder content")
struct ReminderContentTests {
  @Test func bodyNamesTheLatestCachedTitle() async throws {
    let center = FakeNotificationCenter(status: .authorized)
    let scheduler = makeScheduler(center: center, title: "The Horsehead Nebula")

    await scheduler.setEnabled(true)

    let request = try #require(await center.pending.first)
    #expect(request.body.contains("“The Horsehead Nebula”"))
    #expect(request.title == ReminderScheduler.notificationTitle)
  }

  @Test(arguments: [nil, "", "   \n"] as [String?])
  func bodyFallsBackToAGeneralLineWithoutATitle(_ title: String?) async throws {
    let center = FakeNotificationCenter(status: .authorized)
    let scheduler = makeScheduler(center: center, title: title)

    await scheduler.setEnabled(true)

    #expect(try #require(await center.pending.first).body == ReminderScheduler.defaultBody)
  }

  @Test func refreshPicksUpANewerTitle() async throws {
    let center = FakeNotificationCenter(status: .authorized)
    let latest = LatestTitle("Old Moon")
    let scheduler = ReminderScheduler(
      center: center, store: FakeReminderSettingsStore(), latestTitle: { await latest.value })
    await scheduler.setEnabled(true)

    await latest.set("New Sun")
    await scheduler.refresh()

    let pending = await center.pending
    #expect(pending.count == 1)
    #expect(pending.first?.body.contains("“New Sun”") == true)
  }
}

/// The title the APOD cache would report, changed by the test.
private actor LatestTitle {
  var value: String?
  init(_ value: String?) { self.value = value }
  func set(_ value: String?) { self.value = value }
}
