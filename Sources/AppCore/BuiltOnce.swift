/// The app's object graph, built once per process however many scenes ask for it, even at the same
/// time: the system may connect a second scene (or reconnect one) and each scene's root asks again;
/// a second favorites store, SDK start and transaction listener in one process must never exist.
///
/// The first caller's `build` runs; every caller, during or after it, gets its result.
@MainActor
public final class BuiltOnce<Value: Sendable> {
  private var building: Task<Value, Never>?
  /// How many times a build began (1 once built; a check for tests).
  public private(set) var builds = 0
  /// For callers that cannot wait (UIKit asking which orientations are allowed).
  public private(set) var built: Value?

  public init() {}

  // Written out: Swift 6.3.1's -O inliner (EarlyPerfInliner) crashes on the implicit one.
  deinit {}

  /// The value, built by `build` only if no earlier call began building it.
  public func value(_ build: @escaping @MainActor @Sendable () async -> Value) async -> Value {
    if let building { return await building.value }
    builds += 1
    let task = Task { @MainActor in await build() }
    building = task
    let value = await task.value
    built = value
    return value
  }
}
