import AppFeature
import AppIntents

/// "Show today's astronomy picture": opens Spacer on Today. The intent only posts the link; the
/// app routes it through `DeepLink` in Core like any other link (`LinkInbox` keeps it until the
/// app is built when the shortcut launched it).
struct ShowTodayIntent: AppIntent {
  static let title: LocalizedStringResource = "Show Today's Astronomy Picture"
  static var openAppWhenRun: Bool { true }

  @MainActor
  func perform() async throws -> some IntentResult {
    AppLinks.openToday()
    return .result()
  }
}

/// The App Shortcuts Spacer offers in Siri, Spotlight and the Shortcuts app.
struct SpacerShortcuts: AppShortcutsProvider {
  static var appShortcuts: [AppShortcut] {
    AppShortcut(
      intent: ShowTodayIntent(),
      phrases: [
        "Show today's astronomy picture in \(.applicationName)",
        "Open today's picture in \(.applicationName)",
      ],
      shortTitle: "Today's Picture",
      systemImageName: "sun.max")
    // The daily-wallpaper action, ready to use in an automation (its Date left empty: today).
    AppShortcut(
      intent: GetAstronomyPictureIntent(),
      phrases: [
        "Get the astronomy picture from \(.applicationName)",
        "Get today's picture from \(.applicationName)",
      ],
      shortTitle: "Get Astronomy Picture",
      systemImageName: "photo")
    AppShortcut(
      intent: TodaysPictureIntent(),
      phrases: [
        "What's today's astronomy picture in \(.applicationName)",
        "What's today's picture on \(.applicationName)",
      ],
      shortTitle: "What's Today's Picture",
      systemImageName: "sparkles")
  }
}
