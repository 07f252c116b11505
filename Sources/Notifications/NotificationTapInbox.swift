import Foundation

/// The system's delivery date says which APOD day a reminder rang for, however late it is tapped.
public struct NotificationTap: Sendable, Hashable {
  public var requestIdentifier: String
  public var deliveredAt: Date

  public init(requestIdentifier: String, deliveredAt: Date) {
    self.requestIdentifier = requestIdentifier
    self.deliveredAt = deliveredAt
  }
}

/// The system reports a tap as soon as the app launches, often before the app's model exists (the tap
/// is what launched it): taps wait here, in order, until a handler is attached.
public actor NotificationTapInbox {
  public typealias Handler = @Sendable (NotificationTap) async -> Void

  private var pending: [NotificationTap] = []
  private var handler: Handler?

  public init() {}

  public func received(_ tap: NotificationTap) async {
    guard let handler else {
      pending.append(tap)
      return
    }
    await handler(tap)
  }

  public func attach(_ handler: @escaping Handler) async {
    self.handler = handler
    while !pending.isEmpty {
      let next = pending.removeFirst()
      await handler(next)
    }
  }

  public var waitingCount: Int { pending.count }
}
