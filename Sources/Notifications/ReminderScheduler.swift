import Basics
import Foundation
import Localization
import NASA
import Observation

/// What the reminder row shows besides the toggle and the time.
public enum ReminderStatus: Sendable, Hashable {
  /// The reminder is off; nothing is scheduled.
  case off
  /// The system permission prompt is on screen.
  case requestingPermission
  /// One daily notification is scheduled at the chosen time.
  case scheduled
  /// The user wants the reminder but notifications are not allowed: offer the Settings app.
  case permissionDenied
  /// Scheduling failed; `message` says so.
  case failed(message: String)

  /// A sentence for under the toggle, when there is something to say.
  public var message: String? {
    switch self {
    case .off, .scheduled, .requestingPermission: nil
    case .permissionDenied:
      Localized.text(
        "Notifications for Spacer are turned off. Allow them in Settings to get the daily reminder.")
    case .failed(let message): message
    }
  }

  /// Whether the screen should offer a button that opens the Settings app.
  public var offersSettingsApp: Bool { self == .permissionDenied }

  /// Whether this is a refusal of the reminder (no permission, or scheduling failed).
  var isRefusal: Bool {
    switch self {
    case .permissionDenied, .failed: true
    case .off, .requestingPermission, .scheduled: false
    }
  }
}

/// The daily APOD reminder: keeps exactly one repeating notification scheduled at the user's
/// chosen local time, under a stable identifier, while the reminder is on and allowed.
///
/// Rules:
/// - Turning it on asks permission when not determined yet; denied → `.permissionDenied` (offer
///   Settings); authorized, provisional or ephemeral → schedule.
/// - The toggle shows the user's choice at once (`isEnabled`'s setter, or `setEnabled` before its
///   first suspension); the work follows in order.
/// - A refusal of the user's "on" (permission denied or declined, the prompt failing, the
///   request not accepted) moves the toggle back to off, stored, with `status` saying why — unless
///   the user has toggled again since, in which case the later choice stands.
/// - A stored "on" found without permission on `refresh()` (notifications turned off in Settings
///   later) is kept, so the reminder starts again by itself once the user allows notifications.
/// - A time change or a time-zone change reschedules (remove, then add under the same identifier);
///   turning it off cancels it. A chosen time, like the toggle, shows and is stored at once
///   (`chooseTime`, `choosePickerDate`); the rescheduling follows in order.
/// - The body names the latest cached APOD title when there is one, refreshed on `refresh()`.
/// - Operations run one after another in call order, so a quick on-off-on ends in the state the
///   user chose last.
@MainActor
@Observable
public final class ReminderScheduler {
  /// The identifier of the one reminder request; stable across launches and versions.
  nonisolated public static let requestIdentifier = "spacer.reminder.daily-apod"
  /// The notification title.
  nonisolated public static let notificationTitle = Localized.text("Astronomy Picture of the Day")
  /// The body when no APOD title is cached.
  nonisolated public static let defaultBody = Localized.text(
    "Today’s Astronomy Picture of the Day is waiting for you.")

  /// The persisted choice; the screen binds the toggle and the time picker to it.
  public private(set) var settings: ReminderSettings
  /// What is actually happening. Until `refresh()` first runs it reflects the stored choice.
  public private(set) var status: ReminderStatus

  private let center: any NotificationCenterClient
  private let store: any ReminderSettingsStore
  private let latestTitle: @Sendable () async -> String?
  private let days: ReminderDays?
  @ObservationIgnored private let operations = SerialTaskQueue()
  /// Counts the user's toggle choices; the last one is the one that stands.
  @ObservationIgnored private var choices = 0

  /// - Parameters:
  ///   - latestTitle: the title of the most recent cached APOD, or `nil` when none is.
  ///   - days: what names the day the reminder rings on (`ReminderPlan`); without it the reminder
  ///     only ever says the general sentence.
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

  /// The toggle's value. Setting it (the screen's binding) shows the choice at once and starts the
  /// work itself (`pendingToggle`); a refusal moves it back with a message in `status`.
  public var isEnabled: Bool {
    get { settings.isEnabled }
    set {
      let choice = choose(enabled: newValue)
      pendingToggle = Task { await apply(enabled: newValue, choice: choice) }
    }
  }

  /// The work started by the last `isEnabled` set; `nil` before any. Awaited by callers that
  /// must know when the toggle's outcome is in (tests).
  @ObservationIgnored public private(set) var pendingToggle: Task<Void, Never>?

  /// Turns the reminder on (asking permission when needed) or off (cancelling it). The choice is
  /// shown and stored before the first suspension; a refused "on" moves it back to off.
  public func setEnabled(_ enabled: Bool) async {
    let choice = choose(enabled: enabled)
    await apply(enabled: enabled, choice: choice)
  }

  /// Why the last time chosen was refused (`ReminderSettingsError.message`), or nil.
  public private(set) var timeError: String?

  /// The work started by the last `chooseTime`; `nil` before any. Awaited by callers that must
  /// know when the reminder follows the new time (tests).
  @ObservationIgnored public private(set) var pendingTimeChange: Task<Void, Never>?

  /// The time picker's value: the stored hour and minute as a date in `calendar`
  /// (`ReminderSettings.pickerDate(in:)`).
  public func pickerDate(in calendar: Calendar) -> Date {
    settings.pickerDate(in: calendar)
  }

  /// What the time picker's binding calls: the hour and minute of `date` in `calendar`, through
  /// `chooseTime(hour:minute:)`.
  public func choosePickerDate(_ date: Date, in calendar: Calendar) {
    let time = ReminderSettings.timeOfDay(from: date, in: calendar)
    chooseTime(hour: time.hour, minute: time.minute)
  }

  /// Shows and stores the time at once, then starts the rescheduling itself
  /// (`pendingTimeChange`), so the picker never moves back while earlier work (a permission
  /// prompt) holds the queue. An invalid time changes nothing and sets `timeError`.
  public func chooseTime(hour: Int, minute: Int) {
    do throws(ReminderSettingsError) {
      try storeTime(hour: hour, minute: minute)
    } catch {
      timeError = error.message
      return
    }
    pendingTimeChange = Task { await rescheduleForTime() }
  }

  /// Changes the time of day (shown and stored before the first suspension) and reschedules
  /// when the reminder is on.
  /// - Throws: `.invalidTime` for an hour outside 0...23 or a minute outside 0...59; nothing changes.
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

  /// Reschedules at the time stored when it runs (a later choice queued behind wins).
  private func rescheduleForTime() async {
    await serially { [self] in
      if settings.isEnabled {
        await scheduleIfAllowed(replacingPending: true)
      }
    }
  }

  /// Brings the pending request in line with the settings: call at launch, on return to the
  /// foreground (permission may have changed in Settings) and when a new APOD title is cached.
  /// An identical pending request is left alone.
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

  /// Reschedules after the device's time zone changed, so the reminder rings at the chosen local
  /// time in the new zone.
  public func timeZoneDidChange() async {
    await serially { [self] in
      if settings.isEnabled {
        await scheduleIfAllowed(replacingPending: true)
      }
    }
  }

  /// The notification body: the latest APOD title when there is one, a general line otherwise.
  /// The title may be a few days old by the time the repeating reminder rings, so the wording
  /// does not claim it is today's picture.
  public static func body(latestTitle: String?) -> String {
    let title = latestTitle?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    guard !title.isEmpty else { return defaultBody }
    return Localized.text("A new picture is up. Last time you looked: “%@”.", title)
  }

  // MARK: Private

  /// Shows and stores the user's choice; returns its number, so a later refusal can tell whether
  /// the user has chosen again since.
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

  /// Runs `work` after every operation started before it has finished.
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
