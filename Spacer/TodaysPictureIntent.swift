import AppFeature
import AppIntents
import SwiftUI
import UIKit

/// "What's today's astronomy picture" (Siri): answers with the title and credit and shows the
/// picture, without opening Spacer. Core decides the day (Get Astronomy Picture's), the sentence and
/// the picture (`ShortcutActions.todaysPicture()`); this type only hands them to App Intents.
struct TodaysPictureIntent: AppIntent {
  static let title: LocalizedStringResource = "What's Today's Astronomy Picture"
  static var description: IntentDescription? {
    IntentDescription(
      "Shows today's Astronomy Picture of the Day with its title and credit, without opening Spacer.")
  }
  // iOS 26's `supportedModes` replaces it; iOS 17 and 18 read this.
  static var openAppWhenRun: Bool { false }

  @MainActor
  func perform() async throws -> some IntentResult & ProvidesDialog & ShowsSnippetView {
    let answer = try await ShortcutActions.todaysPicture()
    // Core's sentence, already localized: no catalog key.
    return .result(
      dialog: IntentDialog(LocalizedStringResource(stringLiteral: answer.dialog)),
      view: TodaysPictureSnippet(answer: answer))
  }
}

private struct TodaysPictureSnippet: View {
  let answer: ShortcutAnswer

  var body: some View {
    VStack(alignment: .leading, spacing: 8) {
      if let data = answer.picture, let image = UIImage(data: data) {
        Image(uiImage: image)
          .resizable()
          .scaledToFit()
          .clipShape(RoundedRectangle(cornerRadius: 12))
          .accessibilityLabel(Text(verbatim: answer.pictureDescription))
      }
      Text(verbatim: answer.title)
        .font(.headline)
    }
    .padding()
  }
}
