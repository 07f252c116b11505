import Basics
import NASA

/// Days saved and not yet indexed, in the order saved.
final class SavedDaysInbox: Sendable {
  private let days = Locked<[APOD]>([])

  func append(_ apod: APOD) { days.withLock { $0.append(apod) } }

  func takeAll() -> [APOD] {
    days.withLock { days in
      defer { days = [] }
      return days
    }
  }
}
