#if canImport(SwiftUI)
  import APODUI
  import DesignSystem
  import Favorites
  import FavoritesCore
  import Foundation
  import ImageCache
  import NASA
  import SwiftUI

  /// What it opens on is kept, so removing the favorite from the detail leaves it on screen until the
  /// stack pops; `FavoriteDetailModel` decides what is shown.
  struct FavoriteDetailView: View {
    let day: APODDay
    let favorites: FavoritesModel
    let images: ImagePipeline
    @State private var opening: FavoriteOpening
    /// Owned by the view so it survives the parent's redraws; nil in previews and when nothing is saved.
    @State private var model: FavoriteDetailModel?
    @Environment(\.dismiss) private var dismiss
    @Environment(\.locale) private var locale

    init(day: APODDay, favorites: FavoritesModel, images: ImagePipeline) {
      self.day = day
      self.favorites = favorites
      self.images = images
      let opening = favorites.opening(day)
      _opening = State(initialValue: opening)
      if case .favorite(let favorite) = opening {
        _model = State(initialValue: favorites.detail(for: favorite))
      } else {
        _model = State(initialValue: nil)
      }
    }

    var body: some View {
      switch opening {
      case .favorite(let favorite):
        Group {
          if case .full(let apod)? = model?.state {
            // Swipes to the day before and after, as Explore's detail does (the viewer too).
            PushedDayDetail(apod: apod, openedOn: day)
          } else {
            summary(favorite)
          }
        }
        .task { await model?.load() }
      case .notSaved(let message):
        ErrorStateView(title: String(localized: "Couldn't Show This Day"), message: message)
      }
    }

    private func summary(_ favorite: Favorite) -> some View {
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
