#if os(iOS)
  import AppNavigation
  import Basics
  import AppCore
  import Foundation
  import NASA
  import Sharing

  /// Shortcuts shows the sentence and stops the shortcut, so a daily automation skips a video day.
  nonisolated public struct ShortcutActionError: Error, Sendable, CustomLocalizedStringResourceConvertible {
    public let message: String

    /// Core already translated it, so it is no catalog key: the lookup gives the sentence itself back.
    public var localizedStringResource: LocalizedStringResource {
      LocalizedStringResource(stringLiteral: message)
    }
  }

  nonisolated public struct ShortcutPicture: Sendable {
    public let data: Data
    public let fileName: String
    public let typeIdentifier: String
    /// Which day replaced a video day (`AstronomyPicture.File.note`), else the title.
    public let dialog: String
  }

  nonisolated public struct ShortcutAnswer: Sendable {
    public let dialog: String
    public let title: String
    /// nil: the dialog is the whole answer.
    public let picture: Data?
    public let pictureDescription: String
  }

  /// Every decision is Core's: the day (`ShortcutDay`), the bytes and the errors
  /// (`AstronomyPicture`), where a day opens (`DeepLink`, `AppNavigation`).
  public enum ShortcutActions {
    public static func picture(
      picked date: Date?, useNewestPicture: Bool
    ) async throws(ShortcutActionError) -> ShortcutPicture {
      let now = clock.now
      do throws(AstronomyPicture.Failure) {
        let file = try await astronomyPicture.file(
          picked: date, timeZone: .current, now: now, ifVideo: useNewestPicture ? .useNewestPicture : .stop)
        return ShortcutPicture(
          data: file.data, fileName: file.fileName, typeIdentifier: file.typeIdentifier,
          dialog: file.note ?? file.title)
      } catch {
        throw ShortcutActionError(message: error.message(now: now))
      }
    }

    /// Siri's "what is today's picture": Core's sentence, and the picture for the snippet.
    public static func todaysPicture() async throws(ShortcutActionError) -> ShortcutAnswer {
      let now = clock.now
      do throws(AstronomyPicture.Failure) {
        let answer = try await astronomyPicture.todaysAnswer(now: now)
        return ShortcutAnswer(
          dialog: answer.dialog, title: answer.title, picture: answer.picture?.data,
          pictureDescription: answer.pictureDescription)
      } catch {
        throw ShortcutActionError(message: error.message(now: now))
      }
    }

    /// Posts the day's link to `LinkInbox`, like a widget tap, routed once the app's model exists.
    public static func openDay(picked date: Date?) throws(ShortcutActionError) {
      do throws(APODDayError) {
        let day = try ShortcutDay(date, timeZone: .current, now: clock.now)
        LinkInbox.shared.deliver(DeepLink.url(for: DeepLink(day)))
      } catch {
        throw ShortcutActionError(message: error.message)
      }
    }

    private static var clock: any Clocking { LiveAppEnvironment.clock }

    /// The picture the app or the widget already saved is read from disk, and what the action
    /// downloads is there for them.
    private static var astronomyPicture: AstronomyPicture { LiveAppEnvironment.process.astronomyPicture }
  }
#endif
