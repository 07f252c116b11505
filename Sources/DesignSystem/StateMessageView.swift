#if canImport(SwiftUI)
  import SwiftUI

  /// On `ContentUnavailableView` (iOS 17), so layout, Dynamic Type and VoiceOver order match the
  /// system's own states.
  struct StateMessageView: View {
    let title: String
    let message: String
    let systemImage: String
    let iconColor: Color
    let action: StateAction?

    var body: some View {
      ContentUnavailableView {
        Label {
          Text(title)
            .font(Typography.title)
            .foregroundStyle(Palette.primaryText)
        } icon: {
          Image(systemName: systemImage)
            .foregroundStyle(iconColor)
        }
      } description: {
        Text(message)
          .font(Typography.body)
          .foregroundStyle(Palette.secondaryText)
      } actions: {
        if let action {
          Button(action.title, action: action.perform)
            .buttonStyle(.bordered)
        }
      }
    }
  }
#endif
