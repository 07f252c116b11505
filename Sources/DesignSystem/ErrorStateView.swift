#if canImport(SwiftUI)
  import SwiftUI

  /// Screens that still have cached content keep it and show a `StatusBanner`: a failure never blanks
  /// content that is already there.
  public struct ErrorStateView: View {
    private let title: String
    private let message: String
    private let action: StateAction?

    public init(title: String, message: String, action: StateAction? = nil) {
      self.title = title
      self.message = message
      self.action = action
    }

    public var body: some View {
      StateMessageView(
        title: title, message: message, systemImage: "exclamationmark.triangle", iconColor: Palette.error,
        action: action)
    }
  }

  #Preview("Error with retry") {
    ErrorStateView(
      title: "Couldn't Load Today's Picture",
      message: "NASA's service didn't answer. Check your connection and try again.",
      action: StateAction("Try Again") {}
    )
    .background(Palette.background)
    .spacerTheme()
  }

  #Preview("Error without action") {
    ErrorStateView(
      title: "Picture Unavailable",
      message: "This day's entry has no image NASA allows us to show."
    )
    .background(Palette.background)
    .spacerTheme()
  }
#endif
