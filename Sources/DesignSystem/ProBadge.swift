#if canImport(SwiftUI)
  import SwiftUI

  /// The control itself still calls the feature gate, which runs the action or presents the paywall.
  public struct ProBadge: View {
    public init() {}

    public var body: some View {
      Text(verbatim: "PRO")
        .font(Typography.badge)
        .foregroundStyle(Palette.background)
        .padding(.horizontal, Spacing.small)
        .padding(.vertical, Spacing.xxSmall)
        .background(Palette.accent, in: Capsule())
        .fixedSize()
        // The badge sits beside a control's title; past the second accessibility size it would
        // outgrow the title it annotates.
        .dynamicTypeSize(...DynamicTypeSize.accessibility2)
        .accessibilityLabel(Text("Premium feature"))
    }
  }

  #Preview("PRO badge") {
    VStack(alignment: .leading, spacing: Spacing.large) {
      ProBadge()
      Button {
      } label: {
        HStack(spacing: Spacing.small) {
          Label("Add to Favorites", systemImage: "heart")
          ProBadge()
        }
      }
      .buttonStyle(.bordered)
    }
    .padding(Spacing.large)
    .background(Palette.background)
    .spacerTheme()
  }
#endif
