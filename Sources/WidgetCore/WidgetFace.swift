import Foundation
import Localization
import NASA

/// The widget families Spacer offers, as Core names them (the widget maps WidgetKit's
/// `WidgetFamily` onto these, one case each).
public enum WidgetFamilyKind: String, Sendable, CaseIterable {
  case systemSmall, systemMedium, systemLarge
  /// The lock screen's round slot: the day of the month and its month.
  case accessoryCircular
  /// The one line above the lock screen's clock: the date and a short title.
  case accessoryInline
  /// The lock screen's rectangle: "Astronomy Picture", the title, the date.
  case accessoryRectangular

  /// Whether this family draws the picture, and so whether one is read from disk and decoded.
  /// The lock-screen families draw text only: no picture is read for them.
  public var drawsPicture: Bool {
    switch self {
    case .systemSmall, .systemMedium, .systemLarge: true
    case .accessoryCircular, .accessoryInline, .accessoryRectangular: false
    }
  }

  /// Whether this family is on the lock screen.
  public var isAccessory: Bool { !drawsPicture }
}

/// What WidgetKit asks for and what answers it: the widget's `context.isPreview` and
/// `context.family` decisions, here so they are tested.
public enum WidgetRequestRule {
  /// How a snapshot is answered.
  public enum Snapshot: Sendable, Equatable {
    /// The widget gallery (`isPreview`): the placeholder at once, nothing read.
    case placeholder
    /// Anywhere else: the newest saved day from the cache, never a request.
    case cacheOnly
  }

  /// The snapshot answer for a request with `isPreview`.
  public static func snapshot(isPreview: Bool) -> Snapshot {
    isPreview ? .placeholder : .cacheOnly
  }

  /// Whether a picture is read and decoded for `family`.
  public static func readsPicture(for family: WidgetFamilyKind) -> Bool { family.drawsPicture }
}

/// What the user set in the widget's configuration ("Edit Widget").
public struct WidgetOptions: Sendable, Hashable {
  /// Which day the widget shows.
  public enum Source: String, Sendable, Hashable, CaseIterable {
    /// The APOD of the current APOD day.
    case today
    /// One of the user's favorites, a different one each day (premium; free users see today).
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

/// Everything one widget draws, decided in Core from the family, the options, the entry and where
/// it is shown; the view only lays these out.
///
/// Rules:
/// - Home screen (small, medium, large): the picture fills the widget (the designed placeholder
///   when the day has none or it could not be read), with the title (2 lines; 3 on large) and the
///   date when chosen. Small writes the date short ("Nov 21"), medium and large long. A placeholder
///   always shows the title, whatever the option: without it the widget would be a blank card.
/// - StandBy (shown without the widget's background, for any home-screen family and so for the
///   large one): the picture alone edge to edge with at most a one-line title; no date.
/// - Lock screen, circular: the day of the month above its short month; no title (it does not fit).
/// - Lock screen, inline: one line, "Nov 21 · A short title" (the title cut at a word within
///   `inlineTitleLimit` characters).
/// - Lock screen, rectangular: "Astronomy Picture", the title (2 lines), the short date.
/// - A lock-screen widget with both title and date turned off still shows the title: a lock-screen
///   widget that says nothing is never what the user meant.
/// - Nothing saved yet: the invitation to open Spacer, in every family (circular: the symbol).
public struct WidgetFace: Sendable, Equatable {
  /// What fills the widget behind the text.
  public enum Background: Sendable, Equatable {
    case picture
    /// The designed placeholder (gradient and symbol).
    case placeholder
    /// Nothing: the lock screen draws its own.
    case none
  }

  public var background: Background
  /// "Astronomy Picture" above the title (the rectangular family).
  public var showsCaption: Bool
  public var title: String?
  public var titleLineLimit: Int
  public var date: String?
  /// The circular family's two lines: the day of the month and the short month.
  public var circular: (day: String, month: String)?
  /// The inline family's one line.
  public var inline: String?
  /// A darkening under the text so it reads over a bright picture.
  public var showsScrim: Bool
  /// The symbol the circular family shows when there is no day.
  public var showsSymbol: Bool

  public static func == (lhs: WidgetFace, rhs: WidgetFace) -> Bool {
    lhs.background == rhs.background && lhs.showsCaption == rhs.showsCaption && lhs.title == rhs.title
      && lhs.titleLineLimit == rhs.titleLineLimit && lhs.date == rhs.date
      && lhs.circular?.day == rhs.circular?.day && lhs.circular?.month == rhs.circular?.month
      && lhs.inline == rhs.inline && lhs.showsScrim == rhs.showsScrim && lhs.showsSymbol == rhs.showsSymbol
  }

  /// The longest title the inline family shows before cutting it.
  public static let inlineTitleLimit = 24

  /// The face for `entry` in `family`.
  /// - Parameters:
  ///   - hasPicture: whether the picture was read and decoded (false draws the placeholder).
  ///   - standBy: whether the widget is shown without its background (StandBy).
  ///   - locale: the language the date is written in.
  public static func make(
    entry: WidgetTimelinePolicy.Entry, family: WidgetFamilyKind, options: WidgetOptions,
    hasPicture: Bool, standBy: Bool, locale: Locale
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
      if standBy, face.background == .picture {
        face.title = showsTitle ? title : nil
        face.titleLineLimit = 1
      } else {
        face.title = showsTitle ? title : nil
        face.titleLineLimit = family == .systemLarge ? 3 : 2
        if showsDate {
          face.date =
            family == .systemSmall ? shortDate(day, locale: locale) : day.displayText(locale: locale)
        }
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

  /// `title` cut at the last word that ends within `limit` characters, with "…"; a first word
  /// longer than the limit is cut inside it.
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

  /// The month and day without the year, in `locale`'s order: "Nov 21", "21 nov.".
  static func shortDate(_ day: APODDay, locale: Locale) -> String {
    day.pickerDate.formatted(style(locale).month(.abbreviated).day())
  }

  /// The short month alone: "Nov", "nov.".
  static func monthText(_ day: APODDay, locale: Locale) -> String {
    day.pickerDate.formatted(style(locale).month(.abbreviated))
  }

  /// A style in `locale`'s own calendar, in GMT (where `pickerDate` is this day's noon).
  private static func style(_ locale: Locale) -> Date.FormatStyle {
    var calendar = locale.calendar
    let gmt = TimeZone(secondsFromGMT: 0) ?? .gmt
    calendar.timeZone = gmt
    return Date.FormatStyle(locale: locale, calendar: calendar, timeZone: gmt)
  }
}
