#if canImport(SwiftUI)
  import SwiftUI

  /// System fonts on Dynamic Type text styles, never a fixed size, so text follows the reading size.
  nonisolated public enum Typography {
    public static let display = Font.system(.largeTitle, design: .rounded, weight: .bold)
    public static let title = Font.system(.title2, design: .rounded, weight: .semibold)
    public static let headline = Font.system(.headline)
    public static let body = Font.system(.body)
    public static let callout = Font.system(.callout)
    public static let metadata = Font.system(.subheadline).monospacedDigit()
    public static let caption = Font.system(.footnote)
    public static let badge = Font.system(.caption2, design: .rounded, weight: .heavy)
  }

  #Preview("Type scale") {
    ScrollView {
      VStack(alignment: .leading, spacing: Spacing.medium) {
        Text("Display: The Pillars of Creation").font(Typography.display)
        Text("Title: Astronomy Picture of the Day").font(Typography.title)
        Text("Headline: Explore recent days").font(Typography.headline)
        Text("Body: A star-forming region in the Eagle Nebula, 6,500 light-years away.")
          .font(Typography.body)
        Text("Callout: Showing saved content, you appear to be offline.").font(Typography.callout)
        Text("Metadata: 2024-06-16").font(Typography.metadata)
        Text("Caption: Image credit NASA, ESA, CSA, STScI").font(Typography.caption)
        ProBadge()
      }
      .foregroundStyle(Palette.primaryText)
      .padding(Spacing.large)
    }
    .background(Palette.background)
    .spacerTheme()
  }
#endif
