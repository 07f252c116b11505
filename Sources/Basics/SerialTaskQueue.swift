/// Each operation starts only when every one handed over before it has finished, so a slow earlier
/// answer never lands after a newer one (`Task`s alone start in no promised order).
@MainActor
public final class SerialTaskQueue {
  private var last: Task<Void, Never>?

  public init() {}

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
