#if canImport(SwiftUI)
  import DesignSystem
  import Foundation
  import NASA
  import SwiftUI
  import ViewerCore

  /// A horizontal drag, not a paged `TabView`: the archive is some 11,000 days, a pager would need a
  /// page per day (or a window re-centred after every swipe, which jumps), and its paging would fight
  /// the detail's vertical scroll and the pull to refresh.
  public struct SwipeableDayDetail: View {
    @State private var swiper: DaySwipeModel
    @Environment(\.locale) private var locale

    public init(swiper: DaySwipeModel) {
      _swiper = State(initialValue: swiper)
    }

    public var body: some View {
      Group {
        switch swiper.page {
        case .loaded(let apod):
          APODDetailView(apod: apod, daySwipe: swipe)
        case .loading:
          ProgressView()
            .modifier(DaySwipeAccessibilityActions(swipe: swipe))
            .frame(maxWidth: .infinity, maxHeight: .infinity)
        case .failed(_, let message):
          ErrorStateView(title: String(localized: "Couldn't Show This Day"), message: message)
            .accessibilityElement(children: .combine)
            .modifier(DaySwipeAccessibilityActions(swipe: swipe))
        }
      }
      .background(Palette.background)
      .navigationTitle(swiper.page.day.displayText(locale: locale))
      .simultaneousGesture(
        DragGesture(minimumDistance: 24)
          .onEnded { drag in
            // Core decides (`Direction(detailDragFrom:…)`): a drag from the leading edge is the
            // navigation stack's Back swipe and changes nothing here. The app's languages (English,
            // French) lay out left to right, so the leading edge is x = 0.
            guard
              let direction = DaySwipeModel.Direction(
                detailDragFrom: Double(drag.startLocation.x), dragWidth: Double(drag.translation.width),
                height: Double(drag.translation.height))
            else { return }
            Task { await swiper.swipe(direction) }
          }
      )
      .task { await swiper.appeared() }
      .onDisappear { swiper.disappeared() }
    }

    /// VoiceOver's actions.
    private func swipe(_ direction: DaySwipeModel.Direction) {
      let swiper = swiper
      Task { await swiper.swipe(direction) }
    }
  }

  /// VoiceOver cannot drag. An action belongs to the accessibility element it modifies, so the detail
  /// puts them on its title (the heading VoiceOver users jump to).
  struct DaySwipeAccessibilityActions: ViewModifier {
    let swipe: @MainActor (DaySwipeModel.Direction) -> Void

    func body(content: Content) -> some View {
      content
        .accessibilityAction(named: "Day Before") { swipe(.older) }
        .accessibilityAction(named: "Day After") { swipe(.newer) }
    }
  }
#endif
