#if canImport(SwiftUI)
  import SwiftUI

  /// A small round button with one symbol on the surface colour, such as the viewer's Close and the
  /// HD retry. The symbol stays small; the area that takes the tap is at least 44 × 44 pt.
  ///
  /// The caller adds the accessibility label (the symbol alone says nothing) and any outer padding.
  public struct RoundIconButton: View {
    private let systemImage: String
    private let font: Font
    private let padding: CGFloat
    private let action: @MainActor () -> Void

    /// - Parameters:
    ///   - systemImage: the SF Symbol's name.
    ///   - font: the symbol's size, a `Typography` style.
    ///   - padding: the space between the symbol and the circle's edge, a `Spacing` value.
    ///   - action: what a tap does.
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
