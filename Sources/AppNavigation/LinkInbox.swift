import Foundation

/// Before a handler is attached the latest link waits; attaching hands it over once. One per process
/// (`shared`): the App level delivers from the first frame, the app model attaches once it exists.
@MainActor
public final class LinkInbox {
  public static let shared = LinkInbox()

  public private(set) var pending: URL?
  private var handler: ((URL) -> Void)?

  public init() {}

  public func deliver(_ url: URL) {
    if let handler {
      handler(url)
    } else {
      pending = url
    }
  }

  public func attach(_ handler: @escaping (URL) -> Void) {
    self.handler = handler
    guard let url = pending else { return }
    pending = nil
    handler(url)
  }
}
