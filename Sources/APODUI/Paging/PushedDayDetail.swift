#if canImport(SwiftUI)
  import AppNavigation
  import Foundation
  import NASA
  import SwiftUI

  /// A day's detail pushed on a tab's stack (Explore's, Favorites'), opened on `openedOn` and
  /// showing `apod`: it swipes between days, and each day it moves to is reported to the stack as
  /// this entry's (`DayDetails.swiper(from:in:)`). The navigation stack's path keeps the day
  /// opened on, so this view stays while the user swipes; a new opening of the entry (a link to
  /// the day on top) gives it a new identity, and it starts afresh on that day.
  public struct PushedDayDetail: View {
    private let apod: APOD
    private let openedOn: APODDay
    @Environment(AppNavigation.self) private var navigation
    @Environment(DayDetails.self) private var details
    @Environment(\.appTab) private var tab

    public init(apod: APOD, openedOn: APODDay) {
      self.apod = apod
      self.openedOn = openedOn
    }

    public var body: some View {
      if let entry = navigation.detail(on: tab, openedOn: openedOn) {
        SwipeableDayDetail(swiper: details.swiper(from: apod, in: entry.id))
          .id(entry.id)
      } else {
        SwipeableDayDetail(swiper: details.swiper(from: apod))
      }
    }
  }
#endif
