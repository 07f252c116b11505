import AppFeature
import AppIntents
import Foundation
import UniformTypeIdentifiers

/// "Get Astronomy Picture" (Shortcuts): the picture itself, as a file the next action takes (Set
/// Wallpaper, Save to Photo Album…). The daily wallpaper: Automation → Time of Day → Get
/// Astronomy Picture → Set Wallpaper. On a video or page day the action stops the shortcut with
/// Core's sentence ("Today's APOD is a video; there is no picture to return."), so the automation
/// skips that day and the wallpaper stays;
/// with If the Day Is a Video set to Use the Newest Picture it returns the newest earlier picture
/// and says which day. Core decides the day, the bytes and the sentence
/// (`ShortcutActions`, `AstronomyPicture`); this type only translates the answer into an
/// `IntentFile`. It runs without opening the app.
struct GetAstronomyPictureIntent: AppIntent {
  static let title: LocalizedStringResource = "Get Astronomy Picture"
  static var description: IntentDescription? {
    IntentDescription(
      "Gives the Astronomy Picture of the Day as an image file: today's, or the one of the day chosen.")
  }

  /// Left empty: today's APOD day, or the newest published one before NASA posts today's.
  @Parameter(title: "Date", kind: .date)
  var date: Date?

  @Parameter(title: "If the Day Is a Video", default: .stop)
  var ifVideo: VideoDayChoice

  @MainActor
  func perform() async throws -> some ReturnsValue<IntentFile> & ProvidesDialog {
    let picture = try await ShortcutActions.picture(
      picked: date, useNewestPicture: ifVideo == .useNewestPicture)
    let file = IntentFile(
      data: picture.data, filename: picture.fileName, type: UTType(picture.typeIdentifier))
    // Core's sentence, already localized: no catalog key.
    return .result(value: file, dialog: IntentDialog(LocalizedStringResource(stringLiteral: picture.dialog)))
  }
}

/// Get Astronomy Picture's "If the Day Is a Video" (Core: `AstronomyPicture.IfVideo`).
nonisolated enum VideoDayChoice: String, AppEnum {
  case stop
  case useNewestPicture

  static var typeDisplayRepresentation: TypeDisplayRepresentation { "If the Day Is a Video" }
  static var caseDisplayRepresentations: [VideoDayChoice: DisplayRepresentation] {
    [
      .stop: DisplayRepresentation(title: "Stop"),
      .useNewestPicture: DisplayRepresentation(title: "Use the Newest Picture"),
    ]
  }
}

/// "Open Day" (Shortcuts): opens Spacer on the day chosen (Today when empty or today). The intent
/// only posts the day's link, like a widget tap; `AppNavigation` in Core decides where it goes.
struct OpenDayIntent: AppIntent {
  static let title: LocalizedStringResource = "Open Day"
  static var description: IntentDescription? {
    IntentDescription("Opens Spacer on the Astronomy Picture of the day chosen, or on today's.")
  }
  static var openAppWhenRun: Bool { true }

  /// Left empty: today.
  @Parameter(title: "Date", kind: .date)
  var date: Date?

  @MainActor
  func perform() async throws -> some IntentResult {
    try ShortcutActions.openDay(picked: date)
    return .result()
  }
}
