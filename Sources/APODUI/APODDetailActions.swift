#if canImport(SwiftUI)
  import Foundation
  import ImageCache
  import NASA
  import ViewerCore

  /// What a screen showing one APOD needs besides the APOD: its images and the favorite button.
  ///
  /// The app builds it from the image models and the favorite heart (`AppFeature`); previews
  /// build it from plain closures. The closures read observable Core state (favorites,
  /// entitlements), so a view that calls them in `body` redraws when that state changes.
  public struct APODDetailActions {
    /// Every NASA image on screen.
    public let images: ImagePipeline
    /// A picture's original bytes for Share and Save to Photos (the disk tier, else one download).
    let pictures: PictureDownload
    let progressiveImage: @MainActor (APOD) -> ProgressiveImageModel?
    let isFavorite: @MainActor (APOD) -> Bool
    let favoritesUnlocked: @MainActor () -> Bool
    let toggleFavorite: @MainActor (APOD) async -> Void
    let favoriteFailure: @MainActor (APOD) -> String?
    /// Swiping between days from a detail; nil where days do not swipe (previews).
    public let daySwiper: (@MainActor (APOD) -> DaySwipeModel)?

    /// - Parameters:
    ///   - images: the image pipeline.
    ///   - progressiveImage: the hero's preview → HD model, or `nil` when the APOD has no image.
    ///   - isFavorite: whether the APOD is saved.
    ///   - favoritesUnlocked: whether saving is unlocked (the button shows a PRO badge when not).
    ///   - toggleFavorite: saves or removes the APOD; saving goes through the Premium gate.
    ///   - favoriteFailure: why the last save or removal of this APOD failed, or `nil`.
    public init(
      images: ImagePipeline,
      progressiveImage: @escaping @MainActor (APOD) -> ProgressiveImageModel?,
      isFavorite: @escaping @MainActor (APOD) -> Bool,
      favoritesUnlocked: @escaping @MainActor () -> Bool,
      toggleFavorite: @escaping @MainActor (APOD) async -> Void,
      favoriteFailure: @escaping @MainActor (APOD) -> String? = { _ in nil },
      daySwiper: (@MainActor (APOD) -> DaySwipeModel)? = nil
    ) {
      self.images = images
      self.pictures = PictureDownload(images: images)
      self.progressiveImage = progressiveImage
      self.isFavorite = isFavorite
      self.favoritesUnlocked = favoritesUnlocked
      self.toggleFavorite = toggleFavorite
      self.favoriteFailure = favoriteFailure
      self.daySwiper = daySwiper
    }
  }
#endif
