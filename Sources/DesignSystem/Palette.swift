#if canImport(SwiftUI)
  import SwiftUI

  /// Spacer's colour tokens. The app is dark-first (space imagery reads best on near-black), so each
  /// token is one fixed dark-appearance colour; the root view pins the dark scheme with `spacerTheme()`.
  ///
  /// Colours are built in code rather than read from an asset catalog, so the package builds and
  /// previews without resources. Every token that carries text or an icon keeps a contrast ratio of at
  /// least 6:1 against `background`, `surface` and `elevatedSurface` (WCAG AA asks for 4.5:1), and
  /// `background` on `accent` (the PRO badge) is about 8:1.
  nonisolated public enum Palette {
    /// The screen behind everything: near-black with a blue cast (#0B0D14).
    public static let background = Color(hex: 0x0B0D14)
    /// Cards, banners and grouped rows that sit on the background (#161A24).
    public static let surface = Color(hex: 0x161A24)
    /// Sheets, menus and controls that sit on a surface (#222734).
    public static let elevatedSurface = Color(hex: 0x222734)
    /// Titles and body copy (#F2F4F8, about 17.6:1 on the background).
    public static let primaryText = Color(hex: 0xF2F4F8)
    /// Metadata, captions and quiet notices (#A9B1C3, about 9:1 on the background).
    public static let secondaryText = Color(hex: 0xA9B1C3)
    /// Tint for interactive elements and the PRO badge (#8FA2FF).
    public static let accent = Color(hex: 0x8FA2FF)
    /// Text and symbols on an `accent` fill, such as a prominent button's label: the background
    /// colour, about 8.1:1 on the accent (white there is only about 2.4:1, under WCAG's 4.5:1).
    public static let onAccent = background
    /// Degraded but working: stale content, rate limits (#FFC65C).
    public static let warning = Color(hex: 0xFFC65C)
    /// Something failed: a request, a purchase, a save (#FF8080).
    public static let error = Color(hex: 0xFF8080)
    /// Something worked that the user asked for: purchases restored, reminder set (#5FD99A).
    public static let success = Color(hex: 0x5FD99A)
  }

  nonisolated extension Color {
    /// An sRGB colour from a 24-bit `0xRRGGBB` literal, so each token reads like a design spec.
    fileprivate init(hex: UInt32) {
      self.init(
        .sRGB,
        red: Double((hex >> 16) & 0xFF) / 255,
        green: Double((hex >> 8) & 0xFF) / 255,
        blue: Double(hex & 0xFF) / 255,
        opacity: 1
      )
    }
  }

  extension View {
    /// Applies Spacer's appearance at the root of a view tree: the dark colour scheme the palette is
    /// designed for and the accent as the tint of every control.
    public func spacerTheme() -> some View {
      preferredColorScheme(.dark)
        .tint(Palette.accent)
    }
  }

  private struct PaletteSwatch: View {
    let name: String
    let color: Color

    var body: some View {
      HStack(spacing: Spacing.medium) {
        RoundedRectangle(cornerRadius: CornerRadius.small)
          .fill(color)
          .frame(width: 44, height: 28)
        Text(name)
          .font(Typography.body)
          .foregroundStyle(Palette.primaryText)
        Spacer(minLength: 0)
      }
    }
  }

  #Preview("Palette") {
    VStack(alignment: .leading, spacing: Spacing.small) {
      PaletteSwatch(name: "background", color: Palette.background)
      PaletteSwatch(name: "surface", color: Palette.surface)
      PaletteSwatch(name: "elevatedSurface", color: Palette.elevatedSurface)
      PaletteSwatch(name: "primaryText", color: Palette.primaryText)
      PaletteSwatch(name: "secondaryText", color: Palette.secondaryText)
      PaletteSwatch(name: "accent", color: Palette.accent)
      PaletteSwatch(name: "warning", color: Palette.warning)
      PaletteSwatch(name: "error", color: Palette.error)
      PaletteSwatch(name: "success", color: Palette.success)
    }
    .padding(Spacing.large)
    .background(Palette.elevatedSurface)
    .spacerTheme()
  }
#endif
