#if canImport(SwiftUI)
  import SwiftUI

  /// Dark-first (space imagery reads best on near-black), built in code so the package builds without
  /// resources. Text and icon tokens keep at least 6:1 against every background (WCAG AA asks 4.5:1).
  nonisolated public enum Palette {
    public static let background = Color(hex: 0x0B0D14)
    public static let surface = Color(hex: 0x161A24)
    public static let elevatedSurface = Color(hex: 0x222734)
    public static let primaryText = Color(hex: 0xF2F4F8)
    public static let secondaryText = Color(hex: 0xA9B1C3)
    public static let accent = Color(hex: 0x8FA2FF)
    /// Text and symbols on an `accent` fill, such as a prominent button's label: the background
    /// colour, about 8.1:1 on the accent (white there is only about 2.4:1, under WCAG's 4.5:1).
    public static let onAccent = background
    public static let warning = Color(hex: 0xFFC65C)
    public static let error = Color(hex: 0xFF8080)
    public static let success = Color(hex: 0x5FD99A)
  }

  nonisolated extension Color {
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
