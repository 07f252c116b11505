/// Runs main-actor operations one after another, each starting only when every operation handed
/// over before it has finished, so a slow earlier answer never lands after a newer one.
///
/// `Task`s alone start in no promised order and interleave at every `await`; chaining each new
/// operation onto the previous one's task gives the order the calls were made in.
@MainActor
public final class SerialTaskQueue {
  private var last: Task<Void, Never>?

  public init() {}

  /// Runs `work` after the operations enqueued before it and returns its result.
  public func run<Result: Sendable>(_ work: @escaping @MainActor () async -> Result) async -> Result {
    let previous = last
    let operation = Task { @MainActor in
      await previous?.value
      return await work()
    }
    last = Task { _ = await operation.value }
    return await operation.value
  }
}
