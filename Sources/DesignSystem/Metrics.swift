#if canImport(SwiftUI)
  import SwiftUI

  nonisolated public enum Spacing {
    public static let xxSmall: CGFloat = 2
    public static let xSmall: CGFloat = 4
    public static let small: CGFloat = 8
    public static let medium: CGFloat = 12
    public static let large: CGFloat = 16
    public static let xLarge: CGFloat = 24
    public static let xxLarge: CGFloat = 32
  }

  nonisolated public enum CornerRadius {
    public static let small: CGFloat = 6
    public static let medium: CGFloat = 12
    public static let large: CGFloat = 20
  }

  nonisolated public enum TapTarget {
    /// 44 pt: the smallest side of anything tappable (Apple's Human Interface Guidelines: a hit
    /// target of at least 44 × 44 points), whatever the size of the symbol drawn in it.
    public static let minimum: CGFloat = 44
  }

  private let previewSpacingSteps: [CGFloat] = [
    Spacing.xxSmall, Spacing.xSmall, Spacing.small, Spacing.medium, Spacing.large, Spacing.xLarge,
    Spacing.xxLarge,
  ]

  #Preview("Spacing and radii") {
    VStack(alignment: .leading, spacing: Spacing.large) {
      ForEach(previewSpacingSteps, id: \.self) { step in
        Rectangle()
          .fill(Palette.accent)
          .frame(width: step, height: Spacing.small)
      }
      HStack(spacing: Spacing.large) {
        ForEach([CornerRadius.small, CornerRadius.medium, CornerRadius.large], id: \.self) { radius in
          RoundedRectangle(cornerRadius: radius)
            .fill(Palette.elevatedSurface)
            .frame(width: 64, height: 64)
        }
      }
    }
    .padding(Spacing.large)
    .background(Palette.background)
    .spacerTheme()
  }
#endif
