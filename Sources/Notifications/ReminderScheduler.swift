import Basics
import Foundation
import Localization
import NASA
import Observation

public enum ReminderStatus: Sendable, Hashable {
  case off
  case requestingPermission
  case scheduled
  /// Offer the Settings app.
  case permissionDenied
  case failed(message: String)

  public var message: String? {
    switch self {
    case .off, .scheduled, .requestingPermission: nil
    case .permissionDenied:
      Localized.text(
        "Notifications for Spacer are turned off. Allow them in Settings to get the daily reminder.")
    case .failed(let message): message
    }
  }

  public var offersSettingsApp: Bool { self == .permissionDenied }

  var isRefusal: Bool {
    switch self {
    case .permissionDenied, .failed: true
    case .off, .requestingPermission, .scheduled: false
    }
  }
}

/// The toggle and the time show the user's choice at once; the work follows in call order, so a
/// quick on-off-on ends as the user chose last. A refused "on" moves the toggle back to off, unless
/// the user has toggled again since. A stored "on" found without permission on `refresh()` is kept,
/// so the reminder starts again by itself once notifications are allowed.
@MainActor
@Observable
public final class ReminderScheduler {
  /// Stable across launches and versions.
  nonisolated public static let requestIdentifier = "spacer.reminder.daily-apod"
  nonisolated public static let notificationTitle = Localized.text("Astronomy Picture of the Day")
  nonisolated public static let defaultBody = Localized.text(
    "Today’s Astronomy Picture of the Day is waiting for you.")

  public private(set) var settings: ReminderSettings
  /// Until `refresh()` first runs it reflects the stored choice.
  public private(set) var status: ReminderStatus

  private let center: any NotificationCenterClient
  private let store: any ReminderSettingsStore
  private let latestTitle: @Sendable () async -> String?
  private let days: ReminderDays?
  @ObservationIgnored private let operations = SerialTaskQueue()
  /// The last toggle choice is the one that stands.
  @ObservationIgnored private var choices = 0

  /// Without `days` (`ReminderPlan`) the reminder only ever says the general sentence.
  public init(
    center: any NotificationCenterClient,
    store: any ReminderSettingsStore,
    latestTitle: @escaping @Sendable () async -> String?,
    days: ReminderDays? = nil
  ) {
    self.center = center
    self.store = store
    self.latestTitle = latestTitle
    self.days = days
    let settings = ReminderSettings.load(from: store)
    self.settings = settings
    self.status = settings.isEnabled ? .scheduled : .off
  }

  /// Setting it shows the choice at once and starts the work itself (`pendingToggle`).
  public var isEnabled: Bool {
    get { settings.isEnabled }
    set {
      let choice = choose(enabled: newValue)
      pendingToggle = Task { await apply(enabled: newValue, choice: choice) }
    }
  }

  /// Awaited by callers that must know when the toggle's outcome is in (tests).
  @ObservationIgnored public private(set) var pendingToggle: Task<Void, Never>?

  /// The choice is shown and stored before the first suspension.
  public func setEnabled(_ enabled: Bool) async {
    let choice = choose(enabled: enabled)
    await apply(enabled: enabled, choice: choice)
  }

  public private(set) var timeError: String?

  /// Awaited by callers that must know when the reminder follows the new time (tests).
  @ObservationIgnored public private(set) var pendingTimeChange: Task<Void, Never>?

  public func pickerDate(in calendar: Calendar) -> Date {
    settings.pickerDate(in: calendar)
  }

  public func choosePickerDate(_ date: Date, in calendar: Calendar) {
    let time = ReminderSettings.timeOfDay(from: date, in: calendar)
    chooseTime(hour: time.hour, minute: time.minute)
  }

  /// The picker never moves back while earlier work (a permission prompt) holds the queue.
  public func chooseTime(hour: Int, minute: Int) {
    do throws(ReminderSettingsError) {
      try storeTime(hour: hour, minute: minute)
    } catch {
      timeError = error.message
      return
    }
    pendingTimeChange = Task { await rescheduleForTime() }
  }

  /// Shown and stored before the first suspension.
  public func setTime(hour: Int, minute: Int) async throws(ReminderSettingsError) {
    try storeTime(hour: hour, minute: minute)
    await rescheduleForTime()
  }

  private func storeTime(hour: Int, minute: Int) throws(ReminderSettingsError) {
    guard ReminderSettings.isValidTime(hour: hour, minute: minute) else {
      throw .invalidTime(hour: hour, minute: minute)
    }
    timeError = nil
    settings.hour = hour
    settings.minute = minute
    settings.save(to: store)
  }

  /// A later choice queued behind wins.
  private func rescheduleForTime() async {
    await serially { [self] in
      if settings.isEnabled {
        await scheduleIfAllowed(replacingPending: true)
      }
    }
  }

  /// Call at launch, on return to the foreground (permission may have changed in Settings) and when a
  /// new APOD title is cached. An identical pending request is left alone.
  public func refresh() async {
    await serially { [self] in
      if settings.isEnabled {
        await scheduleIfAllowed(replacingPending: false)
      } else {
        await center.removePendingRequests(withIdentifiers: ReminderPlan.identifiers)
        status = .off
      }
    }
  }

  public func timeZoneDidChange() async {
    await serially { [self] in
      if settings.isEnabled {
        await scheduleIfAllowed(replacingPending: true)
      }
    }
  }

  /// The title may be a few days old by the time the repeating reminder rings, so the wording does
  /// not claim it is today's picture.
  public static func body(latestTitle: String?) -> String {
    let title = latestTitle?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    guard !title.isEmpty else { return defaultBody }
    return Localized.text("A new picture is up. Last time you looked: “%@”.", title)
  }

  // MARK: Private

  /// Returns its number, so a later refusal can tell whether the user has chosen again since.
  private func choose(enabled: Bool) -> Int {
    choices += 1
    settings.isEnabled = enabled
    settings.save(to: store)
    return choices
  }

  private func apply(enabled: Bool, choice: Int) async {
    await serially { [self] in
      // A later choice is already on screen and queued: it decides, not this one.
      guard choice == choices else { return }
      if enabled {
        await scheduleIfAllowed(replacingPending: false)
        if status.isRefusal, choice == choices {
          settings.isEnabled = false
          settings.save(to: store)
        }
      } else {
        await center.removePendingRequests(withIdentifiers: ReminderPlan.identifiers)
        status = .off
      }
    }
  }

  private func serially(_ work: @escaping @MainActor () async -> Void) async {
    await operations.run(work)
  }

  private func scheduleIfAllowed(replacingPending: Bool) async {
    switch await center.authorizationStatus() {
    case .notDetermined:
      status = .requestingPermission
      let granted: Bool
      do {
        granted = try await center.requestAuthorization()
      } catch {
        status = .failed(
          message: Localized.text("Spacer couldn’t ask for permission to send reminders. Please try again."))
        return
      }
      guard granted else {
        status = .permissionDenied
        return
      }
      await schedule(replacingPending: replacingPending)
    case .denied:
      status = .permissionDenied
    case .authorized, .provisional, .ephemeral:
      await schedule(replacingPending: replacingPending)
    }
  }

  private func schedule(replacingPending: Bool) async {
    let (hour, minute) = (settings.hour, settings.minute)
    let generalBody = Self.body(latestTitle: await latestTitle())
    var content: ReminderContent?
    var ring: Date?
    var calendar = Calendar.current
    if let days {
      calendar = days.calendar()
      ring = ReminderPlan.nextRing(hour: hour, minute: minute, after: days.clock.now, calendar: calendar)
      if let ring { content = await days.content(APODDay.today(now: ring)) }
    }
    let requests = ReminderPlan.requests(
      hour: hour, minute: minute, generalBody: generalBody, content: content, ring: ring, calendar: calendar)
    if !replacingPending {
      let pending = await center.pendingRequests().filter { ReminderPlan.identifiers.contains($0.identifier) }
      if Set(pending) == Set(requests), pending.count == requests.count {
        status = .scheduled
        return
      }
    }
    // The old requests go and the new ones take their place, so the reminder rings once a day.
    await center.removePendingRequests(withIdentifiers: ReminderPlan.identifiers)
    do {
      for request in requests { try await center.add(request) }
      status = .scheduled
    } catch {
      status = .failed(message: Localized.text("The daily reminder couldn’t be scheduled. Please try again."))
    }
  }
}
