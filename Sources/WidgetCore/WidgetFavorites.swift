import Foundation
import NASA

/// Its picture is pinned by the app in the shared folder, so it reads offline.
public struct WidgetFavorite: Codable, Sendable, Hashable {
  public var day: APODDay
  public var title: String
  public var imageURL: URL?

  public init(day: APODDay, title: String, imageURL: URL?) {
    self.day = day
    self.title = title
    self.imageURL = imageURL
  }

  public var entry: WidgetTimelinePolicy.Entry {
    if let imageURL { return .picture(day, title: title, imageURL: imageURL) }
    return .placeholder(day, title: title)
  }
}

/// The widget process can open neither the favorites store nor the subscription SDK, so the app
/// writes this whenever favorites are read or change.
public struct WidgetShelf: Codable, Sendable, Equatable {
  public var isPremium: Bool
  public var favorites: [WidgetFavorite]

  public init(isPremium: Bool, favorites: [WidgetFavorite]) {
    self.isPremium = isPremium
    self.favorites = favorites
  }
}

public struct WidgetPick: Codable, Sendable, Equatable {
  public var favorite: APODDay
  public var pickedOn: APODDay

  public init(favorite: APODDay, pickedOn: APODDay) {
    self.favorite = favorite
    self.pickedOn = pickedOn
  }
}

/// Chosen once per APOD day, seeded by that day, so every reload, size and process shows the same
/// one and a test can name it; never yesterday's (unless it is the only favorite). Without premium
/// the widget shows today; losing premium hides nothing stored.
public enum WidgetFavoritePicker {
  public enum Choice: Sendable, Equatable {
    case today
    case favorite(WidgetFavorite, WidgetPick)
  }

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

/// Writes are atomic; a missing or unreadable file reads as nil, and the widget then shows today.
public struct WidgetShelfStore: Sendable {
  public let directory: URL

  public init(directory: URL) { self.directory = directory }

  var shelfURL: URL { directory.appendingPathComponent("shelf.json") }
  var pickURL: URL { directory.appendingPathComponent("pick.json") }

  public func shelf() -> WidgetShelf? { read(WidgetShelf.self, from: shelfURL) }

  public func pick() -> WidgetPick? { read(WidgetPick.self, from: pickURL) }

  public func write(_ shelf: WidgetShelf) throws { try write(shelf, to: shelfURL) }

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
