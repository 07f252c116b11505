import Foundation
import NASA

/// A favorite as the widget sees it: the day, its title and its picture (pinned by the app in the
/// shared folder, so it reads offline).
public struct WidgetFavorite: Codable, Sendable, Hashable {
  public var day: APODDay
  public var title: String
  public var imageURL: URL?

  public init(day: APODDay, title: String, imageURL: URL?) {
    self.day = day
    self.title = title
    self.imageURL = imageURL
  }

  /// What the widget draws for this favorite.
  public var entry: WidgetTimelinePolicy.Entry {
    if let imageURL { return .picture(day, title: title, imageURL: imageURL) }
    return .placeholder(day, title: title)
  }
}

/// What the app tells the widget about favorites: the list and whether premium unlocks them.
/// The app writes it (`WidgetShelfStore`) whenever favorites are read or change; the widget
/// process cannot open the favorites store nor ask the subscription SDK.
public struct WidgetShelf: Codable, Sendable, Equatable {
  public var isPremium: Bool
  public var favorites: [WidgetFavorite]

  public init(isPremium: Bool, favorites: [WidgetFavorite]) {
    self.isPremium = isPremium
    self.favorites = favorites
  }
}

/// The favorite the widget showed, and on which APOD day it was picked.
public struct WidgetPick: Codable, Sendable, Equatable {
  public var favorite: APODDay
  public var pickedOn: APODDay

  public init(favorite: APODDay, pickedOn: APODDay) {
    self.favorite = favorite
    self.pickedOn = pickedOn
  }
}

/// Which day a configured widget shows.
///
/// Rules:
/// - "Today" shows today's APOD (`WidgetTimelineLoader`).
/// - "A random favorite" needs premium: without it (or without a shelf, or with no favorites) the
///   widget shows today, as a free user's widget does. Losing premium hides nothing stored.
/// - The favorite is chosen once per APOD day and kept for that day (every reload and every size
///   shows the same one); the next day's choice is never the day shown the day before (unless it
///   is the only favorite). The choice is seeded by the APOD day, so it is the same in every
///   process and every run, and a test can name it.
public enum WidgetFavoritePicker {
  /// What to show.
  public enum Choice: Sendable, Equatable {
    case today
    /// This favorite, and the pick to remember for the next reload.
    case favorite(WidgetFavorite, WidgetPick)
  }

  /// The choice for `source` on `today`, given the app's `shelf` and the `previous` pick.
  public static func choose(
    source: WidgetOptions.Source, shelf: WidgetShelf?, today: APODDay, previous: WidgetPick?
  ) -> Choice {
    guard source == .randomFavorite, let shelf, shelf.isPremium else { return .today }
    let days = shelf.favorites.map(\.day)
    guard let day = pick(from: days, on: today, previous: previous),
      let favorite = shelf.favorites.first(where: { $0.day == day })
    else { return .today }
    return .favorite(favorite, WidgetPick(favorite: day, pickedOn: today))
  }

  /// The favorite day for `today` among `days`, or nil when there is none.
  public static func pick(from days: [APODDay], on today: APODDay, previous: WidgetPick?) -> APODDay? {
    let unique = Array(Set(days)).sorted()
    guard !unique.isEmpty else { return nil }
    if let previous, previous.pickedOn == today, unique.contains(previous.favorite) {
      return previous.favorite
    }
    var candidates = unique
    if let previous, candidates.count > 1 {
      candidates.removeAll { $0 == previous.favorite }
    }
    var generator = SeededRandom(seed: UInt64(bitPattern: Int64(today.dayNumber)))
    let index = Int(generator.next() % UInt64(candidates.count))
    return candidates[index]
  }
}

/// The shelf and the last pick on disk, in the folder both processes share
/// (`SharedStorage.widgetShelf`). Writes are atomic (a reader sees a whole old or a whole new
/// file); a missing or unreadable file reads as nil, and the widget then shows today.
public struct WidgetShelfStore: Sendable {
  public let directory: URL

  public init(directory: URL) { self.directory = directory }

  var shelfURL: URL { directory.appendingPathComponent("shelf.json") }
  var pickURL: URL { directory.appendingPathComponent("pick.json") }

  public func shelf() -> WidgetShelf? { read(WidgetShelf.self, from: shelfURL) }

  public func pick() -> WidgetPick? { read(WidgetPick.self, from: pickURL) }

  /// Writes `shelf`, replacing the previous one whole.
  public func write(_ shelf: WidgetShelf) throws { try write(shelf, to: shelfURL) }

  /// Remembers the pick shown.
  public func write(_ pick: WidgetPick) throws { try write(pick, to: pickURL) }

  private func read<Value: Decodable>(_ type: Value.Type, from url: URL) -> Value? {
    guard let data = try? Data(contentsOf: url) else { return nil }
    return try? JSONDecoder().decode(type, from: data)
  }

  private func write(_ value: some Encodable, to url: URL) throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    try encoder.encode(value).write(to: url, options: .atomic)
  }
}
