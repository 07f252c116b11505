import AppNavigation
import Basics
import Foundation
import Monetization

extension ReviewRequests {
  /// Kept in the settings store: the days of use and the version asked in outlive a launch.
  public static func stored(
    in store: any KeyValueStore, navigation: AppNavigation, clock: any Clocking, version: String
  ) -> ReviewRequests {
    ReviewRequests(
      navigation: navigation, clock: clock, calendar: { .current }, version: version,
      stored: store.data(forKey: storageKey)
    ) { store.setData($0, forKey: storageKey) }
  }
}
