#if canImport(SwiftUI)
  import SwiftUI

  public struct EmptyStateView: View {
    private let title: String
    private let message: String
    private let systemImage: String
    private let action: StateAction?

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
