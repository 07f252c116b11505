#if canImport(SwiftUI)
  import Foundation
  import SwiftUI

  /// A quiet, full-width banner above content: why the content is cached or stale, or a short notice.
  ///
  /// The message comes from a Core model (for example "Showing saved content from 3 hours ago: you
  /// appear to be offline."); the banner only chooses an icon and colour for its kind. It never hides
  /// the content under it.
  public struct StatusBanner: View {
    /// What the banner is telling the user; sets its icon and colour.
    nonisolated public enum Kind: Sendable, CaseIterable {
      /// Neutral information.
      case notice
      /// Content is from the cache and may be out of date.
      case stale
      /// Something is degraded but the screen still works (rate limited, partly loaded).
      case warning
      /// Something failed; what is on screen is what was there before.
      case error
      /// An action the user asked for succeeded.
      case success
    }

    private let message: String
    private let kind: Kind

    /// - Parameters:
    ///   - message: The user-facing sentence, already worded by the model.
    ///   - kind: What the banner is telling the user.
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
    /// An SF Symbol that names the kind at a glance.
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
