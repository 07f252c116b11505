import NASA
import SwiftUI
import WidgetCore
import WidgetKit

/// The home-screen and lock-screen widget: the Astronomy Picture of the Day, configurable (iOS 17
/// `AppIntentConfiguration`: title and date shown or hidden, today or a random favorite).
///
/// Every decision is in Core (WidgetCore: `WidgetTimelineLoader`, `WidgetTimelinePolicy`, `WidgetFace`,
/// `WidgetFavoritePicker`, `WidgetRequestRule`, `SharedStorage`, `SpacerLink`; ImageCache:
/// `ImageSize.widget`); this target only draws. It imports no AppCore and no Purchasely: whether
/// premium unlocks favorites comes from the shelf the app writes (`WidgetShelf`).
@main
struct SpacerWidget: Widget {
  /// The widget's kind, from Core: the app names the same one to reload the timeline after saving
  /// a new day's picture (`WidgetReloadRule`).
  static let kind = WidgetReloadRule.widgetKind

  var body: some WidgetConfiguration {
    AppIntentConfiguration(kind: Self.kind, intent: APODWidgetIntent.self, provider: APODTimelineProvider()) {
      entry in
      APODWidgetView(entry: entry)
    }
    .configurationDisplayName("Astronomy Picture")
    .description("Today's Astronomy Picture of the Day from NASA.")
    .supportedFamilies([
      .systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryInline, .accessoryRectangular,
    ])
    // The picture is the widget. Apple: with `false` "the system doesn't remove the background", and
    // the widget "becomes ineligible in various contexts that require a removable background"
    // (StandBy removes it): no layout without the background is ever drawn.
    .containerBackgroundRemovable(false)
  }
}
