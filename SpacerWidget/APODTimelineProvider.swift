import CoreGraphics
import Foundation
import ImageCache
import NASA
import WidgetCore
import WidgetKit

/// What one timeline entry draws: the Core entry (picture, placeholder, or "open the app"), the
/// options the user chose, and the picture already decoded to the widget's size, since a widget
/// view cannot load anything.
struct APODEntry: TimelineEntry {
  let date: Date
  let content: WidgetTimelinePolicy.Entry
  let options: WidgetOptions
  /// Nil for a placeholder, or when the picture could not be read or downloaded: the view then
  /// draws the designed placeholder with the title.
  let picture: DecodedImage?
}

/// Asks Core for the entry and the next reload; decodes the picture from the shared disk tier.
/// Every decision (`isPreview`, which families read a picture, today or a favorite) is Core's:
/// `WidgetRequestRule`, `WidgetTimelineLoader.load(options:shelf:)`.
struct APODTimelineProvider: AppIntentTimelineProvider {
  func placeholder(in context: Context) -> APODEntry {
    APODEntry(date: WidgetEnvironment.clock.now, content: .openTheApp, options: WidgetOptions(), picture: nil)
  }

  func snapshot(for configuration: APODWidgetIntent, in context: Context) async -> APODEntry {
    switch WidgetRequestRule.snapshot(isPreview: context.isPreview) {
    case .placeholder:
      return APODEntry(
        date: WidgetEnvironment.clock.now, content: .openTheApp, options: configuration.options, picture: nil)
    case .cacheOnly:
      return await WidgetEnvironment.shared.snapshot(
        size: Self.imageSize(for: context), options: configuration.options)
    }
  }

  func timeline(for configuration: APODWidgetIntent, in context: Context) async -> Timeline<APODEntry> {
    let (entry, reloadAt) = await WidgetEnvironment.shared.current(
      size: Self.imageSize(for: context), options: configuration.options)
    return Timeline(entries: [entry], policy: .after(reloadAt))
  }

  /// The widget at 3× (the densest iPhone screen): `ImageSize.widget` decodes the picture so its
  /// short side covers the widget (the view fills it), within 1,000,000 pixels (4 MB decoded).
  /// Nil for the lock-screen families, which draw text only: no picture is read or decoded.
  private static func imageSize(for context: Context) -> ImageSize? {
    let family = WidgetFamilyKind(context.family) ?? .systemMedium
    guard WidgetRequestRule.readsPicture(for: family) else { return nil }
    return ImageSize.widget(
      width: Double(context.displaySize.width), height: Double(context.displaySize.height), scale: 3)
  }
}
