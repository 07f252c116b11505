#if os(iOS)
  import AppNavigation
  import Basics
  import AppCore
  import Foundation
  import NASA
  import Sharing

  /// A Shortcuts action that cannot do what was asked, with Core's sentence in the device's language
  /// ("Today's APOD is a video; there is no picture to return."): Shortcuts shows it and stops the
  /// shortcut, so a daily automation skips a video day.
  nonisolated public struct ShortcutActionError: Error, Sendable, CustomLocalizedStringResourceConvertible {
    /// The sentence, already localized by Core (`Localized.text` reads the app's String Catalog).
    public let message: String

    /// The sentence as Shortcuts asks for it. Core already translated it, so it is no catalog key:
    /// the lookup finds none and gives the sentence itself back.
    public var localizedStringResource: LocalizedStringResource {
      LocalizedStringResource(stringLiteral: message)
    }
  }

  /// The picture "Get Astronomy Picture" returns, ready to become an `IntentFile`.
  nonisolated public struct ShortcutPicture: Sendable {
    public let data: Data
    /// "2026-11-20 The Horsehead Nebula.jpg".
    public let fileName: String
    /// The Uniform Type Identifier of the bytes (`public.jpeg`, `public.png`, `com.compuserve.gif`).
    public let typeIdentifier: String
  }

  /// What the Shortcuts actions of the app target ask of the app. Every decision is Core's: the day
  /// (`ShortcutDay`: the Date parameter in the device's time zone, empty = today's APOD day),
  /// the bytes and the errors (`AstronomyPicture`), where a day opens (`DeepLink`, `AppNavigation`).
  public enum ShortcutActions {
    /// "Get Astronomy Picture": the HD picture of the day the action was given (today's when
    /// empty), from the disk tier the app and the widget share, else downloaded once through
    /// `HTTPTransport` (`PictureDownload`) and kept there.
    public static func picture(picked date: Date?) async throws(ShortcutActionError) -> ShortcutPicture {
      let now = clock.now
      do throws(AstronomyPicture.Failure) {
        let file = try await astronomyPicture.file(picked: date, timeZone: .current, now: now)
        return ShortcutPicture(data: file.data, fileName: file.fileName, typeIdentifier: file.typeIdentifier)
      } catch {
        throw ShortcutActionError(message: error.message(now: now))
      }
    }

    /// "Open Day": posts the day's link to `LinkInbox`, like a widget tap; `AppNavigation` routes
    /// it once the app's model exists (Today for today, else the day on Explore). A day after the
    /// device's date or before the first APOD is refused with its reason.
    public static func openDay(picked date: Date?) throws(ShortcutActionError) {
      do throws(APODDayError) {
        let day = try ShortcutDay(date, timeZone: .current, now: clock.now)
        LinkInbox.shared.deliver(DeepLink.url(for: DeepLink(day)))
      } catch {
        throw ShortcutActionError(message: error.message)
      }
    }

    private static var clock: any Clocking { LiveAppEnvironment.clock }

    /// Over the app's own repository and pipeline (`AppProcess`): the picture the app or the
    /// widget already saved is read from disk, and what the action downloads is there for them.
    private static var astronomyPicture: AstronomyPicture { LiveAppEnvironment.process.astronomyPicture }
  }
#endif
