import Basics
import Foundation
import Localization
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
}

/// The daily APOD reminder: keeps exactly one repeating notification scheduled at the user's
/// chosen local time, under a stable identifier, while the reminder is on and allowed.
///
/// Rules:
/// - Turning it on asks permission when not determined yet; denied → `.permissionDenied` (offer
///   Settings); authorized, provisional or ephemeral → schedule.
/// - `settings.isEnabled` is the user's choice and is kept even while permission is missing, so
///   the reminder starts by itself on the next `refresh()` after the user allows notifications.
/// - A time change or a time-zone change reschedules (remove, then add under the same identifier);
///   turning it off cancels it.
/// - The body names the latest cached APOD title when there is one, refreshed on `refresh()`.
/// - Operations run one after another in call order, so a quick on-off-on ends in the state the
///   user chose last.
@MainActor
@Observable
public final class ReminderScheduler {
  /// The identifier of the one reminder request; stable across launches and versions.
  public static let requestIdentifier = "spacer.reminder.daily-apod"
  /// The notification title.
  public static let notificationTitle = Localized.text("Astronomy Picture of the Day")
  /// The body when no APOD title is cached.
  public static let defaultBody = Localized.text("Today’s Astronomy Picture of the Day is waiting for you.")

  /// The persisted choice; the screen binds the toggle and the time picker to it.
  public private(set) var settings: ReminderSettings
  /// What is actually happening. Until `refresh()` first runs it reflects the stored choice.
  public private(set) var status: ReminderStatus

  private let center: any NotificationCenterClient
  private let store: any ReminderSettingsStore
  private let latestTitle: @Sendable () async -> String?
  @ObservationIgnored private let operations = SerialTaskQueue()

  /// - Parameter latestTitle: the title of the most recent cached APOD, or `nil` when none is.
  public init(
    center: any NotificationCenterClient,
    store: any ReminderSettingsStore,
    latestTitle: @escaping @Sendable () async -> String?
  ) {
    self.center = center
    self.store = store
    self.latestTitle = latestTitle
    let settings = ReminderSettings.load(from: store)
    self.settings = settings
    self.status = settings.isEnabled ? .scheduled : .off
  }

  /// Turns the reminder on (asking permission when needed) or off (cancelling it).
  public func setEnabled(_ enabled: Bool) async {
    await serially { [self] in
      settings.isEnabled = enabled
      settings.save(to: store)
      if enabled {
        await scheduleIfAllowed(replacingPending: false)
      } else {
        await center.removePendingRequests(withIdentifiers: [Self.requestIdentifier])
        status = .off
      }
    }
  }

  /// Changes the time of day and reschedules when the reminder is on.
  /// - Throws: `.invalidTime` for an hour outside 0...23 or a minute outside 0...59; nothing changes.
  public func setTime(hour: Int, minute: Int) async throws(ReminderSettingsError) {
    guard ReminderSettings.isValidTime(hour: hour, minute: minute) else {
      throw .invalidTime(hour: hour, minute: minute)
    }
    await serially { [self] in
      settings.hour = hour
      settings.minute = minute
      settings.save(to: store)
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
        await center.removePendingRequests(withIdentifiers: [Self.requestIdentifier])
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
    let request = NotificationRequest(
      identifier: Self.requestIdentifier,
      title: Self.notificationTitle,
      body: Self.body(latestTitle: await latestTitle()),
      trigger: .daily(hour: settings.hour, minute: settings.minute)
    )
    if !replacingPending, await center.pendingRequests().contains(request) {
      status = .scheduled
      return
    }
    // Same identifier: the old request goes and the new one takes its place, so there is never
    // more than one reminder.
    await center.removePendingRequests(withIdentifiers: [Self.requestIdentifier])
    do {
      try await center.add(request)
      status = .scheduled
    } catch {
      status = .failed(message: Localized.text("The daily reminder couldn’t be scheduled. Please try again."))
    }
  }
}
