#if canImport(SwiftUI)
  import DesignSystem
  import Foundation
  import NASA
  import SwiftUI
  import ViewerCore

  /// A day's detail that swipes to the day before or after (`DaySwipeModel`).
  ///
  /// A horizontal drag, not a paged `TabView`: the archive is some 11,000 days, a pager would need a
  /// page per day (or a window re-centred after every swipe, which jumps), and its paging would
  /// fight the detail's vertical scroll and the pull to refresh. The drag acts only when it is
  /// clearly horizontal, so scrolling the explanation never changes the day. The days are laid out
  /// as on a timeline (older to the left): drag right for the day before, left for the day after.
  public struct SwipeableDayDetail: View {
    private let actions: APODDetailActions
    @State private var swiper: DaySwipeModel
    @Environment(\.locale) private var locale

    /// - Parameters:
    ///   - swiper: the model, made once for this screen (`AppModel.daySwiper(from:)`).
    ///   - actions: images and the favorite button.
    public init(swiper: DaySwipeModel, actions: APODDetailActions) {
      self.actions = actions
      _swiper = State(initialValue: swiper)
    }

    public var body: some View {
      Group {
        switch swiper.page {
        case .loaded(let apod):
          APODDetailView(apod: apod, actions: actions)
        case .loading:
          ProgressView()
            .frame(maxWidth: .infinity, maxHeight: .infinity)
        case .failed(_, let message):
          ErrorStateView(title: String(localized: "Couldn't Show This Day"), message: message)
        }
      }
      .background(Palette.background)
      .navigationTitle(swiper.page.day.displayText(locale: locale))
      .simultaneousGesture(
        DragGesture(minimumDistance: 24)
          .onEnded { drag in
            guard
              let direction = DaySwipeModel.Direction(
                dragWidth: Double(drag.translation.width), height: Double(drag.translation.height))
            else { return }
            Task { await swiper.swipe(direction) }
          }
      )
      .task { await swiper.start() }
      .onDisappear {
        let swiper = swiper
        Task { await swiper.stop() }
      }
    }
  }
#endif
