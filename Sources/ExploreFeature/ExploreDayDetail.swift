#if canImport(SwiftUI)
  import APODUI
  import DesignSystem
  import ExploreCore
  import Foundation
  import NASA
  import SwiftUI

  /// A day's detail on Explore's stack, by its day (what the navigation state holds: a cell, the
  /// picker's row, a search result, a link or another screen pushed it). `ExploreModel` decides
  /// what shows: the APOD the screen already holds at once (`listedAPOD`), else the day loaded
  /// (`detail(for:)`: the cache when saved, else fetched once), or a sentence why it cannot be
  /// shown. Once shown, the detail swipes to the day before or after as before.
  struct ExploreDayDetail: View {
    let day: APODDay
    let explore: ExploreModel
    let actions: APODDetailActions
    /// The APOD shown, kept once found (a list refreshed meanwhile never takes it away).
    @State private var apod: APOD?
    @State private var failure: String?
    @Environment(\.locale) private var locale

    init(day: APODDay, explore: ExploreModel, actions: APODDetailActions) {
      self.day = day
      self.explore = explore
      self.actions = actions
      _apod = State(initialValue: explore.listedAPOD(day))
    }

    var body: some View {
      Group {
        if let apod {
          if let daySwiper = actions.daySwiper {
            SwipeableDayDetail(swiper: daySwiper(apod), actions: actions)
          } else {
            APODDetailView(apod: apod, actions: actions)
              .navigationTitle(apod.date.displayText(locale: locale))
          }
        } else if let failure {
          ErrorStateView(title: String(localized: "Couldn't Show This Day"), message: failure)
        } else {
          ProgressView()
        }
      }
      .task(id: day) {
        guard apod == nil else { return }
        switch await explore.detail(for: day) {
        case .loaded(let result): apod = result.apod
        case .failed(_, let message): failure = message
        case .loading: break
        }
      }
    }
  }
#endif
