#if canImport(SwiftUI)
  import SwiftUI

  /// Spacer's type scale. Every font is a system font built on a Dynamic Type text style, never a
  /// fixed point size, so all text grows and shrinks with the user's preferred reading size.
  ///
  /// Display faces use the rounded design for a friendly, editorial feel; reading faces keep the
  /// default design for long explanations.
  nonisolated public enum Typography {
    /// The hero title on Today: large title, rounded, bold.
    public static let display = Font.system(.largeTitle, design: .rounded, weight: .bold)
    /// Screen and section titles: title 2, rounded, semibold.
    public static let title = Font.system(.title2, design: .rounded, weight: .semibold)
    /// Card titles and emphasised rows: headline.
    public static let headline = Font.system(.headline)
    /// The APOD explanation and other reading text: body.
    public static let body = Font.system(.body)
    /// Banners and secondary copy: callout.
    public static let callout = Font.system(.callout)
    /// Dates, copyright and version lines: subheadline with digits of equal width, so dates align.
    public static let metadata = Font.system(.subheadline).monospacedDigit()
    /// Captions under images and fine print: footnote.
    public static let caption = Font.system(.footnote)
    /// The PRO badge: caption 2, rounded, heavy.
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
