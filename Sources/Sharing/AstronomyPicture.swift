import Foundation
import ImageCache
import Localization
import NASA

/// "Get Astronomy Picture" (Shortcuts, the daily-wallpaper automation): which day, which bytes and
/// which error. The App Intent only translates the answer into an `IntentFile` or an error.
///
/// - Which day: the day asked, else today's APOD day (US Eastern); before today's picture is
///   published, the newest earlier day (`APODRepository.today`), so a 6 a.m. automation in Europe
///   gets yesterday's picture, not an error. The action's Date parameter is read in the device's
///   time zone, and the device's own date counts as today (`file(picked:timeZone:now:)`).
/// - Which bytes: the best picture the phone can have, HD first (`PictureSources`), from
///   the image pipeline's disk tier first, else downloaded once through `HTTPTransport`
///   (`PictureDownload`); only bytes that are a PNG, JPEG or GIF are returned.
/// - Which error: a video or page day is `notAPicture`, with a sentence an automation's user reads
///   ("Today's APOD is a video; there is no picture to return"), so the automation can skip it.
public struct AstronomyPicture: Sendable {
  /// The picture, ready to become a file.
  public struct File: Sendable, Equatable {
    public let day: APODDay
    public let title: String
    public let data: Data
    /// The day and the title, with the extension of the format the bytes are.
    public let fileName: String
    /// The Uniform Type Identifier of the bytes (`public.jpeg`, `public.png`, `com.compuserve.gif`).
    public let typeIdentifier: String
    /// The day asked, when it was not a picture and this is the newest earlier one.
    public let skipped: Skipped?

    /// What Shortcuts says beside the file when it is of another day than asked.
    public var note: String? {
      guard let skipped else { return nil }
      return skipped.today
        ? Localized.text(
          "Today's APOD is not a picture; this is the newest picture before it, from %@.", day.iso)
        : Localized.text(
          "The APOD of %@ is not a picture; this is the newest picture before it, from %@.", skipped.day.iso,
          day.iso)
    }
  }

  /// What the action does when the day is a video or a page.
  public enum IfVideo: String, Sendable, CaseIterable {
    /// Stop the shortcut with the reason, so an automation keeps yesterday's wallpaper.
    case stop
    /// Return the newest earlier day that is a picture.
    case useNewestPicture
  }

  public struct Skipped: Sendable, Equatable {
    public let day: APODDay
    /// Whether `day` was today's APOD (the action's Date left empty).
    public let today: Bool

    public init(day: APODDay, today: Bool) {
      self.day = day
      self.today = today
    }
  }

  /// How many days "Use the newest picture" may ask the network for; saved days cost none. APOD
  /// rarely posts more than two videos in a row.
  public static let newestPictureRequests = 3

  /// Why there is no picture to return, with the sentence Shortcuts shows.
  public enum Failure: Error, Sendable, Equatable {
    /// The day is a video (or an interactive page): nothing to set as a wallpaper.
    case notAPicture(APODDay, video: Bool, today: Bool)
    /// The day could not be read (not published, no APOD that day, offline with nothing saved…).
    case unavailable(APODError)
    /// The picture's bytes could not be had.
    case download(ImagePipelineError)
    /// "Use the newest picture" found none: `day` and every day back to `lookedBackTo` are not
    /// pictures (the archive's first day, or as far as `newestPictureRequests` reach), or a day
    /// could not be read (`because`).
    case noEarlierPicture(APODDay, today: Bool, lookedBackTo: APODDay, because: APODError?)

    /// The sentence; `now` measures waits ("try again in 20 minutes").
    public func message(now: Date) -> String {
      switch self {
      case .notAPicture(_, let video, true):
        video
          ? Localized.text("Today's APOD is a video; there is no picture to return.")
          : Localized.text("Today's APOD is an interactive page; there is no picture to return.")
      case .notAPicture(let day, let video, false):
        video
          ? Localized.text("The APOD of %@ is a video; there is no picture to return.", day.iso)
          : Localized.text("The APOD of %@ is an interactive page; there is no picture to return.", day.iso)
      case .unavailable(let error):
        error.message(now: now)
      case .download(let error):
        error.message
      case .noEarlierPicture(let day, let today, _, let error?):
        today
          ? Localized.text(
            "Today's APOD is not a picture, and the days before it could not be read: %@",
            error.message(now: now))
          : Localized.text(
            "The APOD of %@ is not a picture, and the days before it could not be read: %@", day.iso,
            error.message(now: now))
      case .noEarlierPicture(let day, let today, let oldest, nil) where oldest == .first:
        today
          ? Localized.text(
            "Today's APOD is not a picture, and there is no picture before it: the archive starts on %@.",
            oldest.iso)
          : Localized.text(
            "The APOD of %@ is not a picture, and there is no picture before it: the archive starts on %@.",
            day.iso, oldest.iso)
      case .noEarlierPicture(let day, let today, let oldest, nil):
        today
          ? Localized.text("Today's APOD is not a picture, and neither is any day back to %@.", oldest.iso)
          : Localized.text(
            "The APOD of %@ is not a picture, and neither is any day back to %@.", day.iso, oldest.iso)
      }
    }
  }

  public let repository: APODRepository
  let picture: @Sendable (URL) async throws(ImagePipelineError) -> PictureFile

  /// - Parameters:
  ///   - repository: where the day comes from (cache first).
  ///   - picture: the bytes of a picture URL (normally `PictureDownload.picture(at:)`).
  public init(
    repository: APODRepository,
    picture: @escaping @Sendable (URL) async throws(ImagePipelineError) -> PictureFile
  ) {
    self.repository = repository
    self.picture = picture
  }

  public init(repository: APODRepository, download: PictureDownload) {
    self.init(repository: repository) { url throws(ImagePipelineError) in try await download.picture(at: url)
    }
  }

  /// The picture for the action's Date parameter: nil, the device's date or the APOD day is
  /// today's picture (and "Today's APOD is a video…"); an earlier date is that day's; a date
  /// after the device's or before 1995-06-16 is refused with its reason, asking nothing
  /// (`ShortcutDay`).
  /// - Parameters:
  ///   - date: the parameter's value, nil when left empty.
  ///   - timeZone: the device's time zone, in which Shortcuts showed the date.
  ///   - now: the clock's time.
  public func file(
    picked date: Date?, timeZone: TimeZone, now: Date, ifVideo: IfVideo = .stop
  ) async throws(Failure) -> File {
    let day: ShortcutDay
    do throws(APODDayError) {
      day = try ShortcutDay(date, timeZone: timeZone, now: now)
    } catch {
      throw .unavailable(.invalidDay(error))
    }
    switch day {
    case .today: return try await file(for: nil, ifVideo: ifVideo)
    case .day(let day): return try await file(for: day, ifVideo: ifVideo)
    }
  }

  /// The picture of `day`, or of today's APOD day (the newest published one) when `day` is nil.
  public func file(for day: APODDay?, ifVideo: IfVideo = .stop) async throws(Failure) -> File {
    var apod = try await self.apod(for: day)
    var skipped: Skipped?
    if ShareItem(apod).pictureSources == nil {
      guard ifVideo == .useNewestPicture else {
        throw .notAPicture(apod.date, video: apod.mediaType == .video, today: day == nil)
      }
      skipped = Skipped(day: apod.date, today: day == nil)
      apod = try await newestPicture(before: apod.date, today: day == nil)
    }
    guard let sources = ShareItem(apod).pictureSources else {
      throw .notAPicture(apod.date, video: apod.mediaType == .video, today: day == nil)
    }
    let file: PictureFile
    do throws(ImagePipelineError) {
      file = try await sources.best(picture)
    } catch {
      throw .download(error)
    }
    return File(
      day: apod.date, title: apod.title, data: file.data,
      fileName: "\(apod.date.iso) \(file.fileName(title: apod.title))",
      typeIdentifier: file.typeIdentifier, skipped: skipped)
  }

  /// `day`'s APOD, or today's APOD day (the newest published one) when `day` is nil.
  func apod(for day: APODDay?) async throws(Failure) -> APOD {
    do throws(APODError) {
      if let day { return try await repository.apod(for: day).apod }
      return try await repository.today().apod
    } catch {
      throw .unavailable(error)
    }
  }

  /// The newest day before `day` that is a picture: saved days first, each day not saved asked
  /// once, at most `newestPictureRequests` of them; never a day before the archive's first.
  private func newestPicture(before day: APODDay, today: Bool) async throws(Failure) -> APOD {
    var candidate = day
    var requests = 0
    while candidate > APODDay.first {
      candidate = candidate.previous
      let apod: APOD
      do throws(APODError) {
        apod = try await repository.apod(for: candidate, policy: .cacheOnly).apod
      } catch {
        guard requests < Self.newestPictureRequests else {
          throw .noEarlierPicture(day, today: today, lookedBackTo: candidate.next, because: nil)
        }
        requests += 1
        do throws(APODError) {
          apod = try await repository.apod(for: candidate).apod
        } catch .noAPOD {
          continue
        } catch .network(.cancelled) {
          throw .unavailable(.network(.cancelled))
        } catch {
          throw .noEarlierPicture(day, today: today, lookedBackTo: candidate.next, because: error)
        }
      }
      if ShareItem(apod).pictureSources != nil { return apod }
    }
    throw .noEarlierPicture(day, today: today, lookedBackTo: candidate, because: nil)
  }
}

extension ShareItem {
  var pictureSources: PictureSources? {
    if case .picture(let sources, _) = self { return sources }
    return nil
  }
}
