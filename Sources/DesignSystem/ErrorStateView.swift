#if canImport(SwiftUI)
  import SwiftUI

  /// Fills a screen whose content could not be loaded and that has nothing cached to show instead,
  /// with a title, the model's user-facing reason and an optional retry.
  ///
  /// Screens that still have cached content keep it on screen and use a `StatusBanner` instead: a
  /// failure never blanks content that is already there.
  public struct ErrorStateView: View {
    private let title: String
    private let message: String
    private let action: StateAction?

    /// - Parameters:
    ///   - title: A short headline, such as "Couldn't Load Today's Picture".
    ///   - message: The specific, user-facing reason, as worded by the model.
    ///   - action: An optional button under the message, usually "Try Again".
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
