import Favorites
import Foundation
import NASA
import TestSupport
import Testing

/// A favorites folder inside `temp` that no one can create or write, root included: its path runs
/// through `blocker`, a regular file holding "a regular file". (Tests may run as root, where a
/// chmod-read-only folder still accepts writes.)
public func unwritableFavoritesFolder(in temp: TemporaryDirectory) throws -> (folder: URL, blocker: URL) {
  let blocker = temp.url.appendingPathComponent("blocker")
  try Data("a regular file".utf8).write(to: blocker)
  return (blocker.appendingPathComponent("Favorites", isDirectory: true), blocker)
}

/// The file repository in `temp`, its clock fixed at `januaryFifteenth`.
public func fileRepository(in temp: TemporaryDirectory) -> FileFavoritesRepository {
  FileFavoritesRepository(directory: temp.url, clock: TestClock(januaryFifteenth))
}

/// Saves a favorite for each of `days` (`YYYY-MM-DD`), in order.
public func save(_ days: [String], to repository: FileFavoritesRepository) async throws {
  for day in days { try await repository.save(favorite(day)) }
}

/// 2024-01-15T10:30:00Z.
public let januaryFifteenth = Date(timeIntervalSince1970: 1_705_314_600)

public func date(_ text: String) throws -> APODDay {
  try #require(APODDay(rawValue: text))
}

/// A favorite for `day` whose image URLs are derived from the day unless given.
public func favorite(
  _ day: String,
  title: String? = nil,
  image: String? = nil,
  hdImage: String? = nil,
  added: Date = januaryFifteenth
) throws -> Favorite {
  Favorite(
    date: try date(day),
    title: title ?? "Picture of \(day)",
    mediaType: .image,
    imageURL: URL(string: image ?? "https://apod.nasa.gov/apod/image/\(day).jpg"),
    hdImageURL: URL(string: hdImage ?? "https://apod.nasa.gov/apod/image/\(day)-hd.jpg"),
    pageURL: URL(string: "https://apod.nasa.gov/apod/ap\(day).html"),
    copyright: "Someone",
    altText: "Stars over \(day)",
    dateAdded: added
  )
}
