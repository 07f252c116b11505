#if canImport(SwiftUI)
  import APODUI
  import DesignSystem
  import Favorites
  import FavoritesCore
  import Foundation
  import ImageCache
  import SwiftUI

  /// A favorite's detail on Favorites' stack, which holds days: the favorite saved for the day
  /// (`FavoritesModel.favorite(on:)`), kept once shown so removing it from the detail leaves the
  /// detail on screen until the stack pops; a day with no favorite (removed meanwhile, or locked)
  /// says so.
  struct FavoriteDayDetail: View {
    let detail: (@MainActor (Favorite) -> FavoriteDetailModel)?
    let actions: APODDetailActions?
    let favorites: FavoritesModel
    let images: ImagePipeline
    @State private var favorite: Favorite?

    init(
      favorite: Favorite?, detail: (@MainActor (Favorite) -> FavoriteDetailModel)?,
      actions: APODDetailActions?, favorites: FavoritesModel, images: ImagePipeline
    ) {
      self.detail = detail
      self.actions = actions
      self.favorites = favorites
      self.images = images
      _favorite = State(initialValue: favorite)
    }

    var body: some View {
      if let favorite {
        FavoriteDetailView(
          favorite: favorite, model: detail?(favorite), actions: actions, favorites: favorites, images: images
        )
      } else {
        ErrorStateView(
          title: String(localized: "Couldn't Show This Day"),
          message: String(localized: "This day is no longer saved on this iPhone."))
      }
    }
  }
#endif
