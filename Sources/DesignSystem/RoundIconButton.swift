#if canImport(SwiftUI)
  import SwiftUI

  /// The caller adds the accessibility label (the symbol alone says nothing) and any outer padding.
  public struct RoundIconButton: View {
    private let systemImage: String
    private let font: Font
    private let padding: CGFloat
    private let action: @MainActor () -> Void

    public init(
      systemImage: String, font: Font, padding: CGFloat, action: @escaping @MainActor () -> Void
    ) {
      self.systemImage = systemImage
      self.font = font
      self.padding = padding
      self.action = action
    }

    public var body: some View {
      Button {
        action()
      } label: {
        Image(systemName: systemImage)
          .font(font)
          .foregroundStyle(Palette.primaryText)
          .padding(padding)
          .background(Palette.surface, in: Circle())
          // The glyph and padding alone are smaller than the 44 × 44 pt a tap needs.
          .frame(minWidth: TapTarget.minimum, minHeight: TapTarget.minimum)
          .contentShape(Rectangle())
      }
      .buttonStyle(.plain)
    }
  }

  #Preview("Round icon button") {
    RoundIconButton(systemImage: "xmark", font: Typography.headline, padding: Spacing.medium) {}
      .padding()
      .background(Palette.background)
  }
#endif
