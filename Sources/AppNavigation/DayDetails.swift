import Basics
import ImageCache
import Localization
import NASA
import Observation
import Sharing
import ViewerCore

/// Failures are told in the one message queue (never over a paywall); no view keeps an alert of its own.
@MainActor @Observable
public final class DayDetails {
  @ObservationIgnored private let navigation: AppNavigation
  @ObservationIgnored private let repository: APODRepository
  @ObservationIgnored private let images: ImagePipeline
  @ObservationIgnored private let clock: any Clocking
  @ObservationIgnored public var reviews: ReviewRequests?

  public init(
    navigation: AppNavigation, repository: APODRepository, images: ImagePipeline, clock: any Clocking
  ) {
    self.navigation = navigation
    self.repository = repository
    self.images = images
    self.clock = clock
  }

  public func swiper(from apod: APOD) -> DaySwipeModel {
    DaySwipeModel(apod: apod, repository: repository, images: images, clock: clock)
  }

  /// Reported only while `entry` is the detail on top.
  public func swiper(from apod: APOD, in entry: PushedDay.ID) -> DaySwipeModel {
    DaySwipeModel(
      apod: apod, repository: repository, images: images, clock: clock,
      dayChanged: { [navigation] day in navigation.detailSwiped(entry, to: day) })
  }

  @discardableResult
  public func saveToPhotos(_ apod: APOD, using saver: PictureSaver) async -> SavePictureResult {
    let result = await saver.save(apod)
    navigation.enqueue(title: result.title, text: result.message, setback: result != .saved)
    return result
  }

  /// The share sheet's completion said the user sent it somewhere (not cancelled).
  public func pictureShared() {
    reviews?.favoriteSavedOrPictureShared()
  }

  public func shareFailed(_ reason: String) {
    navigation.enqueue(title: Localized.text("Couldn't Share"), text: reason)
  }
}
