#if canImport(SwiftUI)
  import APODUI
  import DesignSystem
  import Foundation
  import NASA
  import SwiftUI
  import TodayCore

  /// Everything it decides comes from `TodayModel`; pull to refresh keeps the picture on screen.
  public struct TodayScreen: View {
    @Environment(TodayModel.self) private var today

    public init() {}

    public var body: some View {
      NavigationStack {
        content
          .frame(maxWidth: .infinity, maxHeight: .infinity)
          .background(Palette.background)
          .navigationTitle("Today")
      }
      .task { await today.screenAppeared() }
    }

    @ViewBuilder private var content: some View {
      switch today.state {
      case .idle, .loading:
        TodayPlaceholder()
      case .loaded(let loaded):
        // The past years scroll with the day: pinned under it, they took a small phone's screen.
        APODDetailView(apod: loaded.apod, banner: today.status.map { StatusBanner(status: $0) }) {
          if let onThisDay = today.onThisDay {
            OnThisDayRow(model: onThisDay)
          }
        }
        .refreshable { await today.refresh() }
      case .failed(let message):
        ErrorStateView(
          title: String(localized: "Couldn't Load Today's Picture"),
          message: message,
          action: StateAction(String(localized: "Try Again")) {
            Task { await today.load() }
          })
      }
    }
  }

  private struct TodayPlaceholder: View {
    var body: some View {
      VStack(alignment: .leading, spacing: Spacing.large) {
        RoundedRectangle(cornerRadius: CornerRadius.large)
          .fill(Palette.surface)
          .aspectRatio(4 / 3, contentMode: .fit)
          .overlay { ProgressView() }
        RoundedRectangle(cornerRadius: CornerRadius.small)
          .fill(Palette.surface)
          .frame(height: 28)
        RoundedRectangle(cornerRadius: CornerRadius.small)
          .fill(Palette.surface)
          .frame(width: 120, height: 16)
        Spacer(minLength: 0)
      }
      .padding(Spacing.large)
      .accessibilityElement(children: .ignore)
      .accessibilityLabel(Text("Loading today's picture"))
    }
  }

  #if DEBUG
    #Preview("Today") {
      TodayScreen()
        .environment(TodayModel(repository: APODPreviewData.repository(), clock: APODPreviewData.clock))
        .previewEnvironment()
        .spacerTheme()
    }

    #Preview("Today, offline with nothing saved") {
      TodayScreen()
        .environment(
          TodayModel(
            repository: APODPreviewData.repository(failingWith: .network(.offline)),
            clock: APODPreviewData.clock)
        )
        .previewEnvironment()
        .spacerTheme()
    }

    #Preview("Detail with a stale banner") {
      APODDetailView(
        apod: APODPreviewData.image,
        banner: StatusBanner("Showing a copy from 3 hours ago. You appear to be offline.", kind: .stale)
      )
      .previewEnvironment(favoritesUnlocked: true)
      .spacerTheme()
    }

    #Preview("Detail of a video") {
      APODDetailView(apod: APODPreviewData.video)
        .previewEnvironment()
        .spacerTheme()
    }
  #endif
#endif
