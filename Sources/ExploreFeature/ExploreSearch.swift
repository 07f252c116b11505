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

  /// The days a search found, best first; a tap pushes the day's detail (`ExploreDayDetail`).
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
        if let notice = search.indexingNotice {
          Text(notice)
            .font(Typography.caption)
            .foregroundStyle(Palette.secondaryText)
            .frame(maxWidth: .infinity, alignment: .leading)
        }
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
#endif
