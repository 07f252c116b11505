#if canImport(SwiftUI)
  import AppNavigation
  import Foundation
  import NASA
  import SwiftUI

  /// A day's detail pushed on a tab's stack (Explore's, Favorites'), opened on `openedOn` and
  /// showing `apod`: it swipes between days, and each day it moves to is reported to the stack as
  /// this entry's (`AppNavigation.detailSwiped(_:to:)`, through the swiping model
  /// `APODDetailActions` makes for the entry). The navigation stack's path keeps the day opened
  /// on, so this view stays while the user swipes; a new opening of the entry (a link to the day
  /// on top) gives it a new identity, and it starts afresh on that day. Without the navigation
  /// state (previews) it swipes without reporting, or shows the plain detail.
  public struct PushedDayDetail: View {
    private let apod: APOD
    private let openedOn: APODDay
    private let actions: APODDetailActions
    @Environment(\.locale) private var locale

    /// - Parameters:
    ///   - apod: the day the detail shows first.
    ///   - openedOn: the day the stack pushed it with (the path's element).
    ///   - actions: images, the favorite button, the sheets, the swiping models.
    public init(apod: APOD, openedOn: APODDay, actions: APODDetailActions) {
      self.apod = apod
      self.openedOn = openedOn
      self.actions = actions
    }

    public var body: some View {
      if let entry = actions.presentation.pushedDetail(openedOn: openedOn),
        let detailSwiper = actions.detailSwiper
      {
        SwipeableDayDetail(swiper: detailSwiper(apod, entry.id), actions: actions)
          .id(entry.id)
      } else if let daySwiper = actions.daySwiper {
        SwipeableDayDetail(swiper: daySwiper(apod), actions: actions)
      } else {
        APODDetailView(apod: apod, actions: actions)
          .navigationTitle(apod.date.displayText(locale: locale))
      }
    }
  }
#endif
