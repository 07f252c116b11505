import Foundation
import NASA

/// Written in one place: the widget cannot see the app's routing, and `DeepLink` reads the same format.
public enum SpacerLink {
  public static let scheme = "spacer"

  public static var today: URL { URL(string: "\(scheme)://today")! }

  public static func day(_ day: APODDay) -> URL {
    // `iso` is always YYYY-MM-DD, so the text is always a valid URL.
    URL(string: "\(scheme)://day/\(day.iso)")!
  }
}

extension WidgetTimelinePolicy.Entry {
  public var link: URL {
    switch self {
    case .picture(let day, _, _), .placeholder(let day, _): SpacerLink.day(day)
    case .openTheApp: SpacerLink.today
    }
  }
}
