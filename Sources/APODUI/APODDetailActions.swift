import Sharing

#if canImport(SwiftUI)
  import AppNavigation
  import Basics
  import Foundation
  import ImageCache
  import NASA
  import ViewerCore

  /// What a screen showing one APOD needs besides the APOD: its images, the favorite button, the
  /// sheets it presents (through the navigation state) and where Save to Photos tells its result.
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
    /// Swiping between days from a day in the viewer (the viewer reports to the sheet); nil where
    /// days do not swipe (previews).
    public let daySwiper: (@MainActor (APOD) -> DaySwipeModel)?
    /// Swiping between days in a pushed detail, reporting each day to the tab's stack as that
    /// entry's (`AppModel.daySwiper(from:in:)`); nil where nothing is reported (previews).
    let detailSwiper: (@MainActor (APOD, PushedDay.ID) -> DaySwipeModel)?
    /// The viewer, video and share sheets, as the navigation state has them, for one tab.
    private(set) var presentation: SheetPresentation
    /// Saves a day's picture with the saver given and tells the result in the app's one message
    /// queue (`AppModel.saveToPhotos(_:using:)`).
    let saveToPhotos: @MainActor (APOD, PictureSaver) async -> Void
    /// Tells why Share could not prepare the picture, in the app's one message queue
    /// (`AppModel.shareFailed(_:)`).
    let shareFailed: @MainActor (String) -> Void

    /// - Parameters:
    ///   - images: the image pipeline.
    ///   - clock: the process's one clock: measures a picture download's deadline, and runs the
    ///     navigation state of its own when none is given.
    ///   - progressiveImage: the hero's preview → HD model, or `nil` when the APOD has no image.
    ///   - isFavorite: whether the APOD is saved.
    ///   - favoritesUnlocked: whether saving is unlocked (the button shows a PRO badge when not).
    ///   - toggleFavorite: saves or removes the APOD; saving goes through the Premium gate.
    ///   - favoriteFailure: why the last save or removal of this APOD failed, or `nil`.
    ///   - daySwiper: swiping between days (the viewer's, and a detail's where nothing is
    ///     reported); nil where days do not swipe.
    ///   - detailSwiper: swiping between days in the pushed detail given (its stack entry's id),
    ///     each day reported to the tab's stack (`AppModel.daySwiper(from:in:)`); nil reports
    ///     nothing.
    ///   - navigation: the navigation state the sheets are presented from (`AppModel.navigation`);
    ///     nil gives these actions a state of their own (previews). Each tab takes its copy with
    ///     `on(_:)`.
    ///   - saveToPhotos: runs the save and tells its result (`AppModel.saveToPhotos(_:using:)`);
    ///     nil runs the save only (previews, which show no messages).
    ///   - shareFailed: tells why Share could not prepare the picture (`AppModel.shareFailed(_:)`);
    ///     nil tells nothing (previews, which show no messages).
    public init(
      images: ImagePipeline,
      clock: any Clocking,
      progressiveImage: @escaping @MainActor (APOD) -> ProgressiveImageModel?,
      isFavorite: @escaping @MainActor (APOD) -> Bool,
      favoritesUnlocked: @escaping @MainActor () -> Bool,
      toggleFavorite: @escaping @MainActor (APOD) async -> Void,
      favoriteFailure: @escaping @MainActor (APOD) -> String? = { _ in nil },
      daySwiper: (@MainActor (APOD) -> DaySwipeModel)? = nil,
      detailSwiper: (@MainActor (APOD, PushedDay.ID) -> DaySwipeModel)? = nil,
      navigation: AppNavigation? = nil,
      saveToPhotos: (@MainActor (APOD, PictureSaver) async -> Void)? = nil,
      shareFailed: (@MainActor (String) -> Void)? = nil
    ) {
      self.images = images
      self.pictures = PictureDownload(images: images, clock: clock)
      self.progressiveImage = progressiveImage
      self.isFavorite = isFavorite
      self.favoritesUnlocked = favoritesUnlocked
      self.toggleFavorite = toggleFavorite
      self.favoriteFailure = favoriteFailure
      self.daySwiper = daySwiper
      self.detailSwiper = detailSwiper
      presentation = SheetPresentation(
        navigation: navigation ?? AppNavigation(clock: clock), tab: .today)
      if let saveToPhotos {
        self.saveToPhotos = saveToPhotos
      } else {
        self.saveToPhotos = { apod, saver in _ = await saver.save(apod) }
      }
      self.shareFailed = shareFailed ?? { _ in }
    }

    /// The same actions for a detail on `tab`: its sheets show only while `tab` is on screen.
    public func on(_ tab: AppTab) -> APODDetailActions {
      var actions = self
      actions.presentation = presentation.on(tab)
      return actions
    }
  }
#endif
