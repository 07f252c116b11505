import Foundation

/// Links that arrive from outside (a widget tap, a URL, the App Shortcut, a Spotlight result, the
/// launch notification) before or after the app is built.
///
/// Rules:
/// - Before a handler is attached, the latest link waits (a later one replaces one not yet opened).
/// - Attaching hands the waiting link to the handler once; a second attach never replays it.
/// - Once attached, a link goes straight to the handler.
///
/// One per process (`shared`): the App level delivers into it from the first frame, the app model
/// attaches once it exists. Tests make their own.
@MainActor
public final class LinkInbox {
  public static let shared = LinkInbox()

  /// The link waiting for a handler, or nil.
  public private(set) var pending: URL?
  private var handler: ((URL) -> Void)?

  public init() {}

  /// Opens `url` now, or once a handler is attached.
  public func deliver(_ url: URL) {
    if let handler {
      handler(url)
    } else {
      pending = url
    }
  }

  /// From now on links go to `handler`; the one waiting, if any, goes first.
  public func attach(_ handler: @escaping (URL) -> Void) {
    self.handler = handler
    guard let url = pending else { return }
    pending = nil
    handler(url)
  }
}
