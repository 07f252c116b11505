#if DEBUG
  import Basics
  import Foundation

  /// The notification centre of a preview (debug builds only): notifications allowed, requests
  /// kept in memory. It records nothing for a test and cannot be scripted: tests use
  /// TestSupport's `FakeNotificationCenter`, which the app never links.
  public actor PreviewNotificationCenter: NotificationCenterClient {
    private let status: NotificationAuthorizationStatus
    private var pending: [NotificationRequest] = []

    public init(status: NotificationAuthorizationStatus = .authorized) {
      self.status = status
    }

    public func authorizationStatus() async -> NotificationAuthorizationStatus { status }

    public func requestAuthorization() async throws -> Bool {
      status == .authorized || status == .provisional
    }

    public func add(_ request: NotificationRequest) async throws {
      pending.removeAll { $0.identifier == request.identifier }
      pending.append(request)
    }

    public func removePendingRequests(withIdentifiers identifiers: [String]) async {
      pending.removeAll { identifiers.contains($0.identifier) }
    }

    public func pendingRequests() async -> [NotificationRequest] { pending }
  }

  /// The reminder settings of a preview (debug builds only): kept in memory for the preview's
  /// life, starting empty (the reminder's defaults).
  public final class PreviewReminderSettingsStore: ReminderSettingsStore {
    private let values = Locked<[String: Data]>([:])

    public init() {}

    public func data(forKey key: String) -> Data? { values.withLock { $0[key] } }

    public func set(_ data: Data, forKey key: String) { values.withLock { $0[key] = data } }
  }
#endif
