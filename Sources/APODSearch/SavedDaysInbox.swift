import Basics
import NASA

/// Changes to the saved days not yet applied to the index, in order, and whom to wake when one
/// arrives.
final class SavedDaysInbox: Sendable {
  private let changes = Locked<[SavedDayChange]>([])
  private let wake = Locked<(@Sendable () -> Void)?>(nil)

  func append(_ change: SavedDayChange) {
    changes.withLock { $0.append(change) }
    wake.withLock { $0 }?()
  }

  /// Calls `wake` after each change from now on.
  func onAppend(_ wake: @escaping @Sendable () -> Void) {
    self.wake.withLock { $0 = wake }
  }

  func takeAll() -> [SavedDayChange] {
    changes.withLock { changes in
      defer { changes = [] }
      return changes
    }
  }
}
