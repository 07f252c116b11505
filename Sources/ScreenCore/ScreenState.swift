import Foundation
import NASA

/// The one state of a content screen (Today, Explore): no separate loading and error flags, and
/// content, once shown, never blanked by a failed refresh.
public enum ScreenState<Content: RefreshableContent>: Sendable, Hashable {
  case idle
  /// First load, nothing to show yet.
  case loading
  case loaded(Content)
  /// Nothing to show, with a sentence saying why.
  case failed(String)

  /// The state while a load runs, and the content to fall back on if it fails; nil when a load is
  /// already running (a second pull or `load()` does not start another).
  public func startingLoad() -> (state: ScreenState, previous: Content?)? {
    switch self {
    case .loading:
      return nil
    case .loaded(let content) where content.isRefreshing:
      return nil
    case .loaded(let content):
      var refreshing = content
      refreshing.isRefreshing = true
      return (.loaded(refreshing), content)
    case .idle, .failed:
      return (.loading, nil)
    }
  }

  /// The state after a load was cancelled (the view went away: a tab switch ends SwiftUI's
  /// `.task`, a released pull ends `.refreshable`): what was there before the load started, as
  /// if it never ran. A cancellation is not a failure and is never shown as one.
  public static func afterCancellation(restoring previous: Content?) -> ScreenState {
    guard var kept = previous else { return .idle }
    kept.isRefreshing = false
    return .loaded(kept)
  }

  /// The state after a load failed: the previous content kept on screen, marked by `markStale`,
  /// or, with nothing to keep, the failure's sentence.
  public static func afterFailure(
    _ message: String, keeping previous: Content?, markStale: (inout Content) -> Void
  ) -> ScreenState {
    guard var kept = previous else { return .failed(message) }
    markStale(&kept)
    kept.isRefreshing = false
    return .loaded(kept)
  }
}

/// Content that stays on screen while it refreshes.
public protocol RefreshableContent: Sendable, Hashable {
  /// A refresh is running; the content stays visible.
  var isRefreshing: Bool { get set }
  /// When the content was last known current: a failed refresh marks it stale since then.
  var checkedAt: Date { get }
}

extension APODError {
  /// The request was cancelled by its caller (the task went away), not refused by the world.
  public var isCancellation: Bool {
    if case .network(.cancelled) = self { return true }
    return false
  }
}
