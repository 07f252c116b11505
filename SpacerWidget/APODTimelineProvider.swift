import CoreGraphics
import Foundation
import ImageCache
import NASA
import WidgetKit

/// What one timeline entry draws: the Core entry (picture, placeholder, or "open the app") and
/// the picture already decoded to the widget's size, since a widget view cannot load anything.
struct APODEntry: TimelineEntry {
  let date: Date
  let content: WidgetTimelinePolicy.Entry
  /// Nil for a placeholder, or when the picture could not be read or downloaded: the view then
  /// draws the designed placeholder with the title.
  let picture: DecodedImage?
}

/// Asks Core for the entry and the next reload; decodes the picture from the shared disk tier.
struct APODTimelineProvider: TimelineProvider {
  func placeholder(in context: Context) -> APODEntry {
    APODEntry(date: Date(), content: .openTheApp, picture: nil)
  }

  func getSnapshot(in context: Context, completion: @escaping @Sendable (APODEntry) -> Void) {
    // The widget gallery asks for a snapshot to show at once: the placeholder, no load at all.
    if context.isPreview {
      completion(placeholder(in: context))
      return
    }
    // Every other snapshot, whatever the family, answers from the cache alone: the newest saved
    // day with its picture when the shared disk tier has it, never a request.
    let size = Self.imageSize(for: context)
    Task {
      completion(await WidgetEnvironment.shared.snapshot(size: size))
    }
  }

  func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<APODEntry>) -> Void) {
    let size = Self.imageSize(for: context)
    Task {
      let (entry, reloadAt) = await WidgetEnvironment.shared.current(size: size)
      completion(Timeline(entries: [entry], policy: .after(reloadAt)))
    }
  }

  /// The widget at 3× (the densest iPhone screen): `ImageSize.widget` decodes the picture so its
  /// short side covers the widget (the view fills it), within 1,000,000 pixels (4 MB decoded).
  /// Nil for the lock-screen family, which draws the title only: no picture is read or decoded.
  private static func imageSize(for context: Context) -> ImageSize? {
    if context.family == .accessoryRectangular { return nil }
    return ImageSize.widget(
      width: Double(context.displaySize.width), height: Double(context.displaySize.height), scale: 3)
  }
}
