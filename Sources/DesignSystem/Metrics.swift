#if canImport(SwiftUI)
  import SwiftUI

  /// Spacing steps, in points, on a 4-point grid. Use these instead of literals so screens share one
  /// rhythm.
  nonisolated public enum Spacing {
    /// 2 pt: hairline gaps, such as inside a badge.
    public static let xxSmall: CGFloat = 2
    /// 4 pt: between an icon and its text.
    public static let xSmall: CGFloat = 4
    /// 8 pt: between related elements.
    public static let small: CGFloat = 8
    /// 12 pt: inside banners and compact cards.
    public static let medium: CGFloat = 12
    /// 16 pt: screen margins and card padding.
    public static let large: CGFloat = 16
    /// 24 pt: between sections.
    public static let xLarge: CGFloat = 24
    /// 32 pt: around empty and error states.
    public static let xxLarge: CGFloat = 32
  }

  /// Corner radii, in points. Rounded rectangles use the continuous (squircle) style by default.
  nonisolated public enum CornerRadius {
    /// 6 pt: small chips and swatches.
    public static let small: CGFloat = 6
    /// 12 pt: banners, grid thumbnails and cards.
    public static let medium: CGFloat = 12
    /// 20 pt: hero images and sheets.
    public static let large: CGFloat = 20
  }

  /// Touch targets, in points.
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
