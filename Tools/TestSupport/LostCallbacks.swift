/// Calls whose completion handler never fires, as an SDK or UIKit sometimes loses one. Each waits
/// until `releaseAll()` (the end of the process it belongs to), ignoring cancellation: cancelling
/// the Swift task that called cannot reach into the SDK, so the caller must stop waiting itself.
@MainActor
public final class LostCallbacks {
  private var waiting: [CheckedContinuation<Void, Never>] = []

  public init() {}

  /// How many calls wait.
  public var count: Int { waiting.count }

  /// Waits until `releaseAll()`, even when the calling task is cancelled.
  public func wait() async {
    await withCheckedContinuation { waiting.append($0) }
  }

  /// Ends every wait: the process they belong to has ended.
  public func releaseAll() {
    let all = waiting
    waiting.removeAll()
    for continuation in all { continuation.resume() }
  }
}

/// Waits until the calling task is cancelled: a call that answers only when its caller gives up
/// (a paywall preload whose callback never fires, cancelled at Core's time limit).
public func waitUntilCancelled() async {
  let (stream, continuation) = AsyncStream<Never>.makeStream()
  await withTaskCancellationHandler {
    for await _ in stream {}
  } onCancel: {
    continuation.finish()
  }
}
