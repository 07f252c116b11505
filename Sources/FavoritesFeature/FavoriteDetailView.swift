#if canImport(SwiftUI)
  import APODUI
  import DesignSystem
  import Favorites
  import FavoritesCore
  import Foundation
  import ImageCache
  import NASA
  import SwiftUI

  /// One saved picture. `FavoriteDetailModel` decides what is shown: the favorite's own fields
  /// at once (its image is pinned, so they work offline), then the full APOD with its explanation
  /// when the cache or the network has it, or a note saying why not.
  struct FavoriteDetailView: View {
    let favorite: Favorite
    let actions: APODDetailActions?
    let favorites: FavoritesModel
    let images: ImagePipeline
    /// Owned by the view so it survives the parent's redraws; nil in previews (saved fields only).
    @State private var model: FavoriteDetailModel?
    @Environment(\.dismiss) private var dismiss
    @Environment(\.locale) private var locale

    init(
      favorite: Favorite, model: FavoriteDetailModel?, actions: APODDetailActions?,
      favorites: FavoritesModel, images: ImagePipeline
    ) {
      self.favorite = favorite
      self.actions = actions
      self.favorites = favorites
      self.images = images
      _model = State(initialValue: model)
    }

    var body: some View {
      Group {
        if case .full(let apod)? = model?.state, let actions {
          if let daySwiper = actions.daySwiper {
            // Swipes to the day before and after, as Explore's detail does (the viewer too).
            SwipeableDayDetail(swiper: daySwiper(apod), actions: actions)
          } else {
            APODDetailView(apod: apod, actions: actions)
              .navigationTitle(apod.title)
          }
        } else {
          summary
        }
      }
      .task { await model?.load() }
    }

    /// What the favorite itself stores.
    private var summary: some View {
      ScrollView {
        VStack(alignment: .leading, spacing: Spacing.medium) {
          PipelineImage(
            url: favorite.imageURL ?? favorite.hdImageURL, size: .preview, pipeline: images,
            accessibilityLabel: APOD.accessibilityDescription(
              alt: favorite.altText, title: favorite.title, date: favorite.date), contentMode: .fit
          )
          .aspectRatio(4.0 / 3.0, contentMode: .fit)
          .clipShape(RoundedRectangle(cornerRadius: CornerRadius.large))

          VStack(alignment: .leading, spacing: Spacing.xSmall) {
            Text(favorite.title)
              .font(Typography.display)
              .foregroundStyle(Palette.primaryText)
              .accessibilityAddTraits(.isHeader)
            Text(favorite.dayText(locale: locale))
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

          if let note = model?.note {
            StatusBanner(note, kind: .notice)
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
