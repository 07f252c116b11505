/// The system reports a tap as soon as the app launches, often before the app's model exists (the tap
/// is what launched it): taps wait here, in order, until a handler is attached.
public actor NotificationTapInbox {
  public typealias Handler = @Sendable (_ requestIdentifier: String) async -> Void

  private var pending: [String] = []
  private var handler: Handler?

  public init() {}

  public func received(_ requestIdentifier: String) async {
    guard let handler else {
      pending.append(requestIdentifier)
      return
    }
    await handler(requestIdentifier)
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
