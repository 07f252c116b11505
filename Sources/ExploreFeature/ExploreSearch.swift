import APODSearch

#if canImport(SwiftUI)
  import APODUI
  import DesignSystem
  import ExploreCore
  import Foundation
  import NASA
  import SwiftUI

  /// Explore's filter: all days, pictures only, videos only. Bound to `ExploreSearchModel.filter`,
  /// whose setter shows the choice at once and starts the search itself.
  struct MediaFilterPicker: View {
    let search: ExploreSearchModel

    var body: some View {
      Picker(
        "Show",
        selection: Binding(
          get: { search.filter },
          set: { filter in search.filter = filter })
      ) {
        Text("All").tag(APODMediaFilter.all)
        Text("Pictures").tag(APODMediaFilter.images)
        Text("Videos").tag(APODMediaFilter.videos)
      }
      .pickerStyle(.segmented)
    }
  }

  /// The days a search found, best first; a tap opens the day (`SearchedDayDetail`).
  struct ExploreSearchResults: View {
    let search: ExploreSearchModel
    @Environment(\.locale) private var locale

    var body: some View {
      switch search.results {
      case .inactive:
        EmptyView()
      case .searching:
        ProgressView()
          .frame(maxWidth: .infinity)
          .padding(Spacing.large)
      case .found(let hits):
        if let message = search.noResultsMessage {
          EmptyStateView(
            title: String(localized: "No Results"), message: message, systemImage: "magnifyingglass")
        } else {
          LazyVStack(alignment: .leading, spacing: Spacing.medium) {
            ForEach(hits, id: \.day) { hit in
              NavigationLink(value: hit.day) {
                row(hit)
              }
              .buttonStyle(.plain)
            }
          }
        }
      }
    }

    private func row(_ hit: APODSearchIndex.Hit) -> some View {
      HStack(spacing: Spacing.medium) {
        Image(systemName: hit.kind == .video ? "play.rectangle" : hit.kind == .image ? "photo" : "safari")
          .foregroundStyle(Palette.secondaryText)
          .accessibilityHidden(true)
        VStack(alignment: .leading, spacing: Spacing.xxSmall) {
          Text(hit.title)
            .font(Typography.headline)
            .foregroundStyle(Palette.primaryText)
            .lineLimit(2)
          Text(hit.day.displayText(locale: locale))
            .font(Typography.metadata)
            .foregroundStyle(Palette.secondaryText)
        }
        Spacer(minLength: 0)
      }
      .padding(Spacing.medium)
      .background(Palette.surface, in: RoundedRectangle(cornerRadius: CornerRadius.medium))
      .contentShape(Rectangle())
      .accessibilityElement(children: .combine)
    }
  }

  /// A found day's detail, read from the cache (a search hit is always a saved day).
  struct SearchedDayDetail: View {
    let day: APODDay
    let search: ExploreSearchModel
    let actions: APODDetailActions
    @State private var apod: APOD?
    @State private var isMissing = false

    var body: some View {
      Group {
        if let apod {
          if let daySwiper = actions.daySwiper {
            SwipeableDayDetail(swiper: daySwiper(apod), actions: actions)
          } else {
            APODDetailView(apod: apod, actions: actions)
          }
        } else if isMissing {
          ErrorStateView(
            title: String(localized: "Couldn't Show This Day"),
            message: String(localized: "This day is no longer saved on this iPhone."))
        } else {
          ProgressView()
        }
      }
      .task(id: day) {
        apod = await search.apod(for: day)
        isMissing = apod == nil
      }
    }
  }
#endif
