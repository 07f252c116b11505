import Basics
import Foundation
import Notifications

/// A notification centre that behaves like `UNUserNotificationCenter` for one app: the prompt
/// decides the permission once, adding under a pending identifier replaces it, and every call is
/// recorded in order.
public actor FakeNotificationCenter: NotificationCenterClient {
  public enum Call: Sendable, Hashable {
    case authorizationStatus
    case requestAuthorization
    case add(NotificationRequest)
    case removePendingRequests([String])
    case pendingRequests
  }

  /// The error thrown when a failure is switched on.
  public struct Failure: Error, Sendable, Hashable {
    public var reason: String
    public init(reason: String) { self.reason = reason }
  }

  public private(set) var calls: [Call] = []
  public private(set) var pending: [NotificationRequest] = []
  public private(set) var status: NotificationAuthorizationStatus
  /// How the user answers the system prompt.
  public private(set) var answersPromptWith: Bool
  /// Thrown by `requestAuthorization` while set.
  public private(set) var promptFailure: Failure?
  /// Thrown by `add` while set.
  public private(set) var addFailure: Failure?

  private var holdsPrompt = false
  private var heldPrompt: CheckedContinuation<Bool, Never>?
  private var promptWaiters: [CheckedContinuation<Void, Never>] = []

  public init(status: NotificationAuthorizationStatus = .notDetermined, answersPromptWith: Bool = true) {
    self.status = status
    self.answersPromptWith = answersPromptWith
  }

  /// Changes the permission as the Settings app would.
  public func setStatus(_ status: NotificationAuthorizationStatus) { self.status = status }

  public func setPromptFailure(_ failure: Failure?) { promptFailure = failure }

  /// How the user will answer the next prompt.
  public func setAnswersPromptWith(_ granted: Bool) { answersPromptWith = granted }

  public func setAddFailure(_ failure: Failure?) { addFailure = failure }

  /// Keeps the next prompt on screen until `answerHeldPrompt(granted:)`.
  public func holdNextPrompt() { holdsPrompt = true }

  /// Returns once a held prompt is on screen.
  public func waitUntilPromptIsShown() async {
    if heldPrompt != nil { return }
    await withCheckedContinuation { promptWaiters.append($0) }
  }

  /// Answers the held prompt as the user would.
  public func answerHeldPrompt(granted: Bool) {
    status = granted ? .authorized : .denied
    heldPrompt?.resume(returning: granted)
    heldPrompt = nil
  }

  /// The identifiers added, in order (each `add` call once).
  public var addedIdentifiers: [String] {
    calls.compactMap { call in
      if case .add(let request) = call { return request.identifier }
      return nil
    }
  }

  public func authorizationStatus() -> NotificationAuthorizationStatus {
    calls.append(.authorizationStatus)
    return status
  }

  public func requestAuthorization() async throws -> Bool {
    calls.append(.requestAuthorization)
    if let promptFailure { throw promptFailure }
    // Like iOS: the prompt appears only once; later requests return the decided permission.
    guard status == .notDetermined else { return status.allowsDelivery }
    if holdsPrompt {
      holdsPrompt = false
      return await withCheckedContinuation { continuation in
        heldPrompt = continuation
        for waiter in promptWaiters { waiter.resume() }
        promptWaiters = []
      }
    }
    status = answersPromptWith ? .authorized : .denied
    return answersPromptWith
  }

  /// The bytes of each attachment added, by identifier: like iOS, `add` moves the file away.
  public private(set) var attachedData: [String: Data] = [:]

  public func add(_ request: NotificationRequest) throws {
    calls.append(.add(request))
    if let addFailure { throw addFailure }
    if let attachment = request.attachment, let file = attachment.file {
      guard let data = try? Data(contentsOf: file) else { throw Failure(reason: "no file at \(file.path)") }
      attachedData[attachment.identifier] = data
      try? FileManager.default.removeItem(at: file)
    }
    pending.removeAll { $0.identifier == request.identifier }
    pending.append(request)
  }

  public func removePendingRequests(withIdentifiers identifiers: [String]) {
    calls.append(.removePendingRequests(identifiers))
    pending.removeAll { identifiers.contains($0.identifier) }
  }

  public func pendingRequests() -> [NotificationRequest] {
    calls.append(.pendingRequests)
    return pending
  }
}

/// An in-memory `ReminderSettingsStore` that counts writes.
public final class FakeReminderSettingsStore: ReminderSettingsStore, Sendable {
  private struct State: Sendable {
    var values: [String: Data]
    var writes = 0
  }

  private let state: Locked<State>

  public init(_ values: [String: Data] = [:]) {
    state = Locked(State(values: values))
  }

  public var writeCount: Int { state.withLock { $0.writes } }

  public func data(forKey key: String) -> Data? {
    state.withLock { $0.values[key] }
  }

  public func set(_ data: Data, forKey key: String) {
    state.withLock { state in
      state.values[key] = data
      state.writes += 1
    }
  }
}
