import Foundation
import NASA

/// The `spacer://` links, written in one place: the widget (which cannot see the app's routing)
/// writes them, and the app's `DeepLink` writes and reads the same format.
/// - `spacer://today` opens Today.
/// - `spacer://day/YYYY-MM-DD` opens that day.
public enum SpacerLink {
  public static let scheme = "spacer"

  /// The link that opens Today.
  public static var today: URL { URL(string: "\(scheme)://today")! }

  /// The link that opens `day`.
  public static func day(_ day: APODDay) -> URL {
    // `iso` is always YYYY-MM-DD, so the text is always a valid URL.
    URL(string: "\(scheme)://day/\(day.iso)")!
  }
}

extension WidgetTimelinePolicy.Entry {
  /// Where a tap on the widget leads: the day it shows, or Today when it shows none.
  public var link: URL {
    switch self {
    case .picture(let day, _, _), .placeholder(let day, _): SpacerLink.day(day)
    case .openTheApp: SpacerLink.today
    }
  }
}
