import Foundation
import Localization
import NASA

public enum WidgetFamilyKind: String, Sendable, CaseIterable {
  case systemSmall, systemMedium, systemLarge
  case accessoryCircular
  case accessoryInline
  case accessoryRectangular

  /// The lock-screen families draw text only: no picture is read for them.
  public var drawsPicture: Bool {
    switch self {
    case .systemSmall, .systemMedium, .systemLarge: true
    case .accessoryCircular, .accessoryInline, .accessoryRectangular: false
    }
  }

  public var isAccessory: Bool { !drawsPicture }
}

/// The widget's `context.isPreview` and `context.family` decisions, here so they are tested.
public enum WidgetRequestRule {
  public enum Snapshot: Sendable, Equatable {
    case placeholder
    case cacheOnly
  }

  public static func snapshot(isPreview: Bool) -> Snapshot {
    isPreview ? .placeholder : .cacheOnly
  }

  public static func readsPicture(for family: WidgetFamilyKind) -> Bool { family.drawsPicture }
}

public struct WidgetOptions: Sendable, Hashable {
  public enum Source: String, Sendable, Hashable, CaseIterable {
    case today
    /// Premium; free users see today.
    case randomFavorite
  }

  public var showsTitle: Bool
  public var showsDate: Bool
  public var source: Source

  public init(showsTitle: Bool = true, showsDate: Bool = true, source: Source = .today) {
    self.showsTitle = showsTitle
    self.showsDate = showsDate
    self.source = source
  }
}

/// A placeholder always shows the title, whatever the option: without it the widget is a blank card.
/// A lock-screen widget with title and date turned off still shows the title: one that says nothing
/// is never what the user meant.
public struct WidgetFace: Sendable, Equatable {
  public enum Background: Sendable, Equatable {
    case picture
    case placeholder
    case none
  }

  public var background: Background
  public var showsCaption: Bool
  public var title: String?
  public var titleLineLimit: Int
  public var date: String?
  public var circular: (day: String, month: String)?
  public var inline: String?
  public var showsScrim: Bool
  public var showsSymbol: Bool

  public static func == (lhs: WidgetFace, rhs: WidgetFace) -> Bool {
    lhs.background == rhs.background && lhs.showsCaption == rhs.showsCaption && lhs.title == rhs.title
      && lhs.titleLineLimit == rhs.titleLineLimit && lhs.date == rhs.date
      && lhs.circular?.day == rhs.circular?.day && lhs.circular?.month == rhs.circular?.month
      && lhs.inline == rhs.inline && lhs.showsScrim == rhs.showsScrim && lhs.showsSymbol == rhs.showsSymbol
  }

  public static let inlineTitleLimit = 24

  public static func make(
    entry: WidgetTimelinePolicy.Entry, family: WidgetFamilyKind, options: WidgetOptions,
    hasPicture: Bool, locale: Locale
  ) -> WidgetFace {
    var face = WidgetFace(
      background: family.isAccessory ? .none : .placeholder, showsCaption: false, title: nil,
      titleLineLimit: 2, date: nil, circular: nil, inline: nil, showsScrim: false, showsSymbol: false)
    let day: APODDay
    let title: String
    switch entry {
    case .openTheApp:
      switch family {
      case .accessoryCircular: face.showsSymbol = true
      case .accessoryInline: face.inline = Localized.text("Open Spacer")
      case .accessoryRectangular:
        face.showsCaption = true
        face.title = Localized.text("Open Spacer")
      case .systemSmall, .systemMedium, .systemLarge:
        face.title = Localized.text("Open Spacer to see today's picture")
        face.titleLineLimit = family == .systemLarge ? 3 : 2
      }
      return face
    case .picture(let shown, let shownTitle, _):
      day = shown
      title = shownTitle
      if !family.isAccessory, hasPicture { face.background = .picture }
    case .placeholder(let shown, let shownTitle):
      day = shown
      title = shownTitle
    }
    var showsTitle = options.showsTitle
    let showsDate = options.showsDate
    if family.isAccessory, !showsTitle, !showsDate { showsTitle = true }
    switch family {
    case .systemSmall, .systemMedium, .systemLarge:
      // A placeholder says what the day is; a picture may stand alone.
      if face.background == .placeholder { showsTitle = true }
      face.title = showsTitle ? title : nil
      face.titleLineLimit = family == .systemLarge ? 3 : 2
      if showsDate {
        face.date = family == .systemSmall ? shortDate(day, locale: locale) : day.displayText(locale: locale)
      }
      face.showsScrim = face.background == .picture && (face.title != nil || face.date != nil)
    case .accessoryCircular:
      face.circular = (day: String(day.day), month: monthText(day, locale: locale))
    case .accessoryInline:
      let parts = [showsDate ? shortDate(day, locale: locale) : nil, showsTitle ? shortTitle(title) : nil]
      face.inline = parts.compactMap { $0 }.joined(separator: " · ")
    case .accessoryRectangular:
      face.showsCaption = true
      face.title = showsTitle ? title : nil
      face.date = showsDate ? shortDate(day, locale: locale) : nil
    }
    return face
  }

  /// A first word longer than the limit is cut inside it.
  public static func shortTitle(_ title: String, limit: Int = inlineTitleLimit) -> String {
    let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
    guard trimmed.count > limit else { return trimmed }
    let head = String(trimmed.prefix(limit))
    var cut = head
    if let space = head.lastIndex(of: " ") {
      cut = String(head[..<space])
    }
    cut = cut.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
    if cut.isEmpty { cut = head }
    return cut + "…"
  }

  static func shortDate(_ day: APODDay, locale: Locale) -> String {
    day.pickerDate.formatted(style(locale).month(.abbreviated).day())
  }

  static func monthText(_ day: APODDay, locale: Locale) -> String {
    day.pickerDate.formatted(style(locale).month(.abbreviated))
  }

  /// In GMT, where `pickerDate` is this day's noon.
  private static func style(_ locale: Locale) -> Date.FormatStyle {
    var calendar = locale.calendar
    let gmt = TimeZone(secondsFromGMT: 0) ?? .gmt
    calendar.timeZone = gmt
    return Date.FormatStyle(locale: locale, calendar: calendar, timeZone: gmt)
  }
}
