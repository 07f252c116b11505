#if canImport(SwiftUI)
  import Foundation
  import SwiftUI

  /// The message comes from a Core model; the banner never hides the content under it.
  public struct StatusBanner: View {
    nonisolated public enum Kind: Sendable, CaseIterable {
      case notice
      case stale
      case warning
      case error
      case success
    }

    private let message: String
    private let kind: Kind

    public init(_ message: String, kind: Kind) {
      self.message = message
      self.kind = kind
    }

    public var body: some View {
      HStack(alignment: .firstTextBaseline, spacing: Spacing.small) {
        Image(systemName: kind.symbolName)
          .foregroundStyle(kind.tint)
          .accessibilityHidden(true)
        Text(message)
          .foregroundStyle(Palette.secondaryText)
          .fixedSize(horizontal: false, vertical: true)
        Spacer(minLength: 0)
      }
      .font(Typography.callout)
      .padding(.horizontal, Spacing.medium)
      .padding(.vertical, Spacing.small)
      .background(Palette.surface, in: RoundedRectangle(cornerRadius: CornerRadius.medium))
      .accessibilityElement(children: .combine)
      .accessibilityLabel(kind.spokenPrefix.map { "\($0): \(message)" } ?? message)
    }
  }

  extension StatusBanner.Kind {
    fileprivate var symbolName: String {
      switch self {
      case .notice: "info.circle"
      case .stale: "clock.arrow.circlepath"
      case .warning: "exclamationmark.triangle"
      case .error: "xmark.octagon"
      case .success: "checkmark.circle"
      }
    }

    fileprivate var tint: Color {
      switch self {
      case .notice, .stale: Palette.secondaryText
      case .warning: Palette.warning
      case .error: Palette.error
      case .success: Palette.success
      }
    }

    /// The icon is hidden from VoiceOver, so severity is spoken instead of shown.
    fileprivate var spokenPrefix: String? {
      switch self {
      case .notice, .stale, .success: return nil
      case .warning: return String(localized: "Warning")
      case .error: return String(localized: "Error")
      }
    }
  }

  #Preview("Status banners") {
    VStack(spacing: Spacing.small) {
      StatusBanner("Daily picture reminders are on.", kind: .notice)
      StatusBanner("Showing saved content from 3 hours ago: you appear to be offline.", kind: .stale)
      StatusBanner("NASA's service is busy. Showing what was saved; try again soon.", kind: .warning)
      StatusBanner("Couldn't load today's picture. The last one is shown.", kind: .error)
      StatusBanner("Your subscription has been restored.", kind: .success)
    }
    .padding(Spacing.large)
    .background(Palette.background)
    .spacerTheme()
  }
#endif
