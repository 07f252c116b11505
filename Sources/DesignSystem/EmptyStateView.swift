#if canImport(SwiftUI)
  import SwiftUI

  /// Fills a screen that has nothing to show yet, such as Favorites before the first save or the
  /// locked Favorites tab for a free user, with a title, a short explanation and an optional action.
  ///
  /// Built on `ContentUnavailableView` (iOS 17), so layout, Dynamic Type and VoiceOver order match the
  /// system's empty states.
  public struct EmptyStateView: View {
    private let title: String
    private let message: String
    private let systemImage: String
    private let action: StateAction?

    /// - Parameters:
    ///   - title: A short headline, such as "No Favorites Yet".
    ///   - message: One or two sentences on why the screen is empty and what to do.
    ///   - systemImage: The SF Symbol above the title.
    ///   - action: An optional button under the message.
    public init(title: String, message: String, systemImage: String = "tray", action: StateAction? = nil) {
      self.title = title
      self.message = message
      self.systemImage = systemImage
      self.action = action
    }

    public var body: some View {
      StateMessageView(
        title: title, message: message, systemImage: systemImage, iconColor: Palette.secondaryText,
        action: action)
    }
  }

  #Preview("Empty favorites") {
    EmptyStateView(
      title: "No Favorites Yet",
      message: "Tap the heart on any picture to keep it here, even offline.",
      systemImage: "heart"
    )
    .background(Palette.background)
    .spacerTheme()
  }

  #Preview("Locked favorites") {
    EmptyStateView(
      title: "Favorites Are a PRO Feature",
      message: "Subscribe to save pictures and browse them offline.",
      systemImage: "lock",
      action: StateAction("Unlock Favorites") {}
    )
    .background(Palette.background)
    .spacerTheme()
  }
#endif
