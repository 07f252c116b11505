/// Taps on Spacer's notifications, from the system delegate to the app model.
///
/// The system reports a tap as soon as the app launches, often before the app's model exists (a
/// tap on the reminder is what launched it). Taps that arrive before a handler is attached wait
/// here, in order, and are handed over when it is; later taps go straight through. Nothing is lost,
/// nothing is delivered twice.
public actor NotificationTapInbox {
  public typealias Handler = @Sendable (_ requestIdentifier: String) async -> Void

  private var pending: [String] = []
  private var handler: Handler?

  public init() {}

  /// The user opened the notification whose request has `requestIdentifier`.
  public func received(_ requestIdentifier: String) async {
    guard let handler else {
      pending.append(requestIdentifier)
      return
    }
    await handler(requestIdentifier)
  }

  /// Starts delivering taps to `handler`, first those that waited.
  public func attach(_ handler: @escaping Handler) async {
    self.handler = handler
    while !pending.isEmpty {
      let next = pending.removeFirst()
      await handler(next)
    }
  }

  /// Taps waiting for a handler.
  public var waitingCount: Int { pending.count }
}
