import Basics
import ImageCache
import Localization
import NASA
import Observation
import Sharing
import ViewerCore

/// What an APOD detail does beyond drawing its day: swiping to other days, Save to Photos and
/// Share's failures, told in the one message queue (behind the messages waiting, never over a
/// paywall, dismissed by id; no view keeps an alert of its own).
@MainActor @Observable
public final class DayDetails {
  @ObservationIgnored private let navigation: AppNavigation
  @ObservationIgnored private let repository: APODRepository
  @ObservationIgnored private let images: ImagePipeline
  @ObservationIgnored private let clock: any Clocking

  public init(
    navigation: AppNavigation, repository: APODRepository, images: ImagePipeline, clock: any Clocking
  ) {
    self.navigation = navigation
    self.repository = repository
    self.images = images
    self.clock = clock
  }

  /// Swiping from `apod` in the viewer, which reports its days to the sheet
  /// (`AppNavigation.sheetSwiped(to:)`), or where nothing is reported.
  public func swiper(from apod: APOD) -> DaySwipeModel {
    DaySwipeModel(apod: apod, repository: repository, images: images, clock: clock)
  }

  /// Swiping from `apod` in the pushed detail `entry`: each day is reported to the tab's stack as
  /// that entry's (`AppNavigation.detailSwiped(_:to:)`, only while it is the detail on top).
  public func swiper(from apod: APOD, in entry: PushedDay.ID) -> DaySwipeModel {
    DaySwipeModel(
      apod: apod, repository: repository, images: images, clock: clock,
      dayChanged: { [navigation] day in navigation.detailSwiped(entry, to: day) })
  }

  /// Saves `apod`'s picture with `saver` (`PictureSaver`'s rules) and queues how it ended.
  @discardableResult
  public func saveToPhotos(_ apod: APOD, using saver: PictureSaver) async -> SavePictureResult {
    let result = await saver.save(apod)
    navigation.enqueue(title: result.title, text: result.message)
    return result
  }

  /// Share could not prepare the picture: `reason`, under "Couldn't Share".
  public func shareFailed(_ reason: String) {
    navigation.enqueue(title: Localized.text("Couldn't Share"), text: reason)
  }
}
