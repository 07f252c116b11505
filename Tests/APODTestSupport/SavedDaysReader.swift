import Foundation
import NASA
import TestSupport

/// Counts the reads of the saved days and can hold them until the test opens the gate.
public final class SavedDaysReader: @unchecked Sendable {
  // @unchecked: `reads` is read and written under `lock` only.
  private let lock = NSLock()
  private var _reads = 0
  public var reads: Int { lock.withLock { _reads } }
  public let gate: AsyncGate?
  public let days: [APOD]

  public init(_ days: [APOD], gate: AsyncGate? = nil) {
    self.days = days
    self.gate = gate
  }

  public var load: @Sendable () async -> [APOD] {
    {
      self.lock.withLock { self._reads += 1 }
      await self.gate?.wait()
      return self.days
    }
  }
}
