import Foundation
import Networking

/// Counts calls across concurrent handlers, so a stub can change its answer over time.
actor CallCounter {
  private(set) var count = 0

  /// Increments and returns the new count (1 for the first call).
  func next() -> Int {
    count += 1
    return count
  }
}
