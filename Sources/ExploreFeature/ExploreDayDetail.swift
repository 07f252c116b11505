#if canImport(SwiftUI)
  import APODUI
  import DesignSystem
  import ExploreCore
  import Foundation
  import NASA
  import SwiftUI

  /// A day's detail on Explore's stack, by its day (what the navigation state holds: a cell, the
  /// picker's row, a search result, a link or another screen pushed it). What it shows is
  /// `ExploreDayDetailModel`'s (the APOD the screen already holds at once, else the day loaded, or
  /// a sentence why it cannot be shown); once shown, the detail swipes to the day before or after,
  /// each day reported to Explore's stack (`PushedDayDetail`).
  struct ExploreDayDetail: View {
    let day: APODDay
    /// Made once for this detail (a list refreshed meanwhile never takes the day away).
    @State private var model: ExploreDayDetailModel

    init(day: APODDay, explore: ExploreModel) {
      self.day = day
      _model = State(initialValue: explore.dayDetail(day))
    }

    var body: some View {
      Group {
        switch model.shown {
        case .day(let apod):
          PushedDayDetail(apod: apod, openedOn: day)
        case .failed(let message):
          ErrorStateView(title: String(localized: "Couldn't Show This Day"), message: message)
        case .loading:
          ProgressView()
        }
      }
      .task { await model.load() }
    }
  }
#endif
