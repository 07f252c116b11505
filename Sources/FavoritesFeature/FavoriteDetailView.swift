#if canImport(SwiftUI)
  import DesignSystem
  import Favorites
  import Foundation
  import ImageCache
  import SwiftUI
  import TodayFeature

  /// One saved picture, from what the favorite itself stores: its image (pinned, so it shows
  /// offline), title, date, credit, a link to its APOD page, and remove.
  ///
  /// It does not load the full APOD (the explanation): `AppModel` has no entry point for one day's
  /// APOD yet, and a favorite must show offline from its own fields anyway.
  struct FavoriteDetailView: View {
    let favorite: Favorite
    let favorites: FavoritesModel
    let images: ImagePipeline
    @Environment(\.dismiss) private var dismiss

    var body: some View {
      ScrollView {
        VStack(alignment: .leading, spacing: Spacing.medium) {
          PipelineImage(
            url: favorite.imageURL ?? favorite.hdImageURL, size: .preview, pipeline: images,
            accessibilityLabel: favorite.altText ?? favorite.title, contentMode: .fit
          )
          .aspectRatio(4.0 / 3.0, contentMode: .fit)
          .clipShape(RoundedRectangle(cornerRadius: CornerRadius.large))

          VStack(alignment: .leading, spacing: Spacing.xSmall) {
            Text(favorite.title)
              .font(Typography.display)
              .foregroundStyle(Palette.primaryText)
              .accessibilityAddTraits(.isHeader)
            Text(favorite.date.rawValue)
              .font(Typography.metadata)
              .foregroundStyle(Palette.secondaryText)
            if let copyright = favorite.copyright {
              Text(copyright)
                .font(Typography.caption)
                .foregroundStyle(Palette.secondaryText)
            }
          }

          if let pageURL = favorite.pageURL {
            Link(destination: pageURL) {
              Label("Open the APOD Page", systemImage: "safari")
            }
          }

          Button(role: .destructive) {
            Task {
              // Back to the grid once it is gone; on failure the model's message shows below.
              if await favorites.remove(favorite.date) { dismiss() }
            }
          } label: {
            Label("Remove from Favorites", systemImage: "heart.slash")
          }

          if let message = favorites.errorMessage {
            StatusBanner(message, kind: .error)
          }
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .padding(Spacing.large)
      }
      .background(Palette.background)
      .navigationTitle(favorite.title)
      #if os(iOS)
        .navigationBarTitleDisplayMode(.inline)
      #endif
    }
  }
#endif
