import ExploreCore
import Foundation
import Monetization
import NASA

/// The "Random day" history in the app's key-value settings store (`UserDefaults` in the app), so
/// a relaunch still avoids the last 30 days drawn.
///
/// Stored as versioned JSON under `key`. A value this version cannot read (damaged, another shape,
/// another version) reads as an empty history and is replaced at the next draw: losing it only
/// means a day may come back sooner.
public final class StoredRandomDays: RandomDayHistoryKeeping {
  /// Key under which the history is stored.
  public static let key = "spacer.explore.randomDays"

  private struct Stored: Codable {
    var version: Int
    var days: [APODDay]
  }

  private static let version = 1

  private let store: any KeyValueStore

  public init(store: any KeyValueStore) {
    self.store = store
  }

  public func loadHistory() -> RandomDayHistory {
    guard let data = store.data(forKey: Self.key),
      let stored = try? JSONDecoder().decode(Stored.self, from: data), stored.version == Self.version
    else { return RandomDayHistory() }
    return RandomDayHistory(days: stored.days)
  }

  public func saveHistory(_ history: RandomDayHistory) {
    // Encoding a version and a list of days cannot fail; `try?` only meets the throwing signature.
    guard let data = try? JSONEncoder().encode(Stored(version: Self.version, days: history.days)) else {
      return
    }
    store.setData(data, forKey: Self.key)
  }
}
