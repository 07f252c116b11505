import ExploreCore
import Foundation
import Monetization
import NASA

/// The "Random day" history in the app's key-value settings store (`UserDefaults` in the app), so
/// a relaunch still avoids the last 30 days drawn.
///
/// Stored as versioned JSON under `key` (`RandomDayHistory.storedData()`, the form the CLI's file
/// keeps too). A value this version cannot read (damaged, another shape, another version) reads as
/// an empty history and is replaced at the next draw: losing it only means a day may come back
/// sooner.
public final class StoredRandomDays: RandomDayHistoryKeeping {
  /// Key under which the history is stored.
  public static let key = "spacer.explore.randomDays"

  private let store: any KeyValueStore

  public init(store: any KeyValueStore) {
    self.store = store
  }

  public func loadHistory() -> RandomDayHistory {
    store.data(forKey: Self.key).flatMap(RandomDayHistory.init(stored:)) ?? RandomDayHistory()
  }

  public func saveHistory(_ history: RandomDayHistory) {
    // Encoding a version and a list of days cannot fail; `try?` only meets the throwing signature.
    guard let data = try? history.storedData() else { return }
    store.setData(data, forKey: Self.key)
  }
}
