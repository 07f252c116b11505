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
/// - Which bytes: the HD picture when the day has one, else the standard one (`ShareItem`), from
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
  }

  /// Why there is no picture to return, with the sentence Shortcuts shows.
  public enum Failure: Error, Sendable, Equatable {
    /// The day is a video (or an interactive page): nothing to set as a wallpaper.
    case notAPicture(APODDay, video: Bool, today: Bool)
    /// The day could not be read (not published, no APOD that day, offline with nothing saved…).
    case unavailable(APODError)
    /// The picture's bytes could not be had.
    case download(ImagePipelineError)

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
      }
    }
  }

  public let repository: APODRepository
  private let picture: @Sendable (URL) async throws(ImagePipelineError) -> PictureFile

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
  public func file(picked date: Date?, timeZone: TimeZone, now: Date) async throws(Failure) -> File {
    let day: ShortcutDay
    do throws(APODDayError) {
      day = try ShortcutDay(date, timeZone: timeZone, now: now)
    } catch {
      throw .unavailable(.invalidDay(error))
    }
    switch day {
    case .today: return try await file(for: nil)
    case .day(let day): return try await file(for: day)
    }
  }

  /// The picture of `day`, or of today's APOD day (the newest published one) when `day` is nil.
  public func file(for day: APODDay?) async throws(Failure) -> File {
    let apod: APOD
    do throws(APODError) {
      if let day {
        apod = try await repository.apod(for: day).apod
      } else {
        apod = try await repository.today().apod
      }
    } catch {
      throw .unavailable(error)
    }
    guard case .picture(let url, _) = ShareItem(apod) else {
      throw .notAPicture(apod.date, video: apod.mediaType == .video, today: day == nil)
    }
    let file: PictureFile
    do throws(ImagePipelineError) {
      file = try await picture(url)
    } catch {
      throw .download(error)
    }
    return File(
      day: apod.date, title: apod.title, data: file.data,
      fileName: "\(apod.date.iso) \(file.fileName(title: apod.title))",
      typeIdentifier: file.typeIdentifier)
  }
}
