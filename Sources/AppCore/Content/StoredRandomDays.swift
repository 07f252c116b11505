import ExploreCore
import Foundation
import Monetization
import NASA

/// The "Random day" history in the settings store, so a relaunch still avoids the last 30 days
/// drawn. A value this version cannot read is an empty history, replaced at the next draw: losing
/// it only means a day may come back sooner.
public final class StoredRandomDays: RandomDayHistoryKeeping {
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
