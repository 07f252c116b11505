import AppIntents
import NASA
import WidgetCore
import WidgetKit

/// Which day the widget shows, as the "Edit Widget" sheet offers it. Core's
/// `WidgetOptions.Source` decides what each means (`WidgetFavoritePicker`).
enum WidgetSourceChoice: String, AppEnum {
  case today
  case randomFavorite

  static var typeDisplayRepresentation: TypeDisplayRepresentation { "Picture" }

  static var caseDisplayRepresentations: [WidgetSourceChoice: DisplayRepresentation] {
    [.today: todayName, .randomFavorite: randomFavoriteName]
  }

  // One literal per property, so the catalog test reads each key.
  private static var todayName: DisplayRepresentation { "Today's Picture" }
  private static var randomFavoriteName: DisplayRepresentation { "A Random Favorite" }

  var core: WidgetOptions.Source {
    switch self {
    case .today: .today
    case .randomFavorite: .randomFavorite
    }
  }
}

/// The widget's configuration (iOS 17): show or hide the title and the date, and today or a
/// random favorite (premium; a free user's widget shows today, whatever is chosen).
struct APODWidgetIntent: WidgetConfigurationIntent {
  static let title: LocalizedStringResource = "Astronomy Picture"

  @Parameter(title: "Show Title", default: true)
  var showsTitle: Bool

  @Parameter(title: "Show Date", default: true)
  var showsDate: Bool

  @Parameter(title: "Picture", default: .today)
  var source: WidgetSourceChoice

  /// The options as Core reads them.
  var options: WidgetOptions {
    WidgetOptions(showsTitle: showsTitle, showsDate: showsDate, source: source.core)
  }
}

extension WidgetFamilyKind {
  /// Core's name for WidgetKit's family; nil for a family this widget does not declare.
  init?(_ family: WidgetFamily) {
    switch family {
    case .systemSmall: self = .systemSmall
    case .systemMedium: self = .systemMedium
    case .systemLarge: self = .systemLarge
    case .accessoryCircular: self = .accessoryCircular
    case .accessoryInline: self = .accessoryInline
    case .accessoryRectangular: self = .accessoryRectangular
    default: return nil
    }
  }
}
