import Foundation
import NASA

/// The one state of a content screen (Today, Explore): no separate loading and error flags, and
/// content, once shown, never blanked by a failed refresh.
public enum ScreenState<Content: RefreshableContent>: Sendable, Hashable {
  case idle
  case loading
  case loaded(Content)
  case failed(String)

  /// nil when a load is already running (a second pull does not start another).
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

  /// A tab switch ends SwiftUI's `.task` and a released pull ends `.refreshable`: a cancellation is not
  /// a failure and is never shown as one.
  public static func afterCancellation(restoring previous: Content?) -> ScreenState {
    guard var kept = previous else { return .idle }
    kept.isRefreshing = false
    return .loaded(kept)
  }

  public static func afterFailure(
    _ message: String, keeping previous: Content?, markStale: (inout Content) -> Void
  ) -> ScreenState {
    guard var kept = previous else { return .failed(message) }
    markStale(&kept)
    kept.isRefreshing = false
    return .loaded(kept)
  }
}

public protocol RefreshableContent: Sendable, Hashable {
  var isRefreshing: Bool { get set }
  /// When the content was last known current: a failed refresh marks it stale since then.
  var checkedAt: Date { get }
}

extension APODError {
  public var isCancellation: Bool {
    if case .network(.cancelled) = self { return true }
    return false
  }
}
