import Favorites
import Foundation
import NASA
import TestSupport
import Testing

/// A fresh directory under the system temporary directory, removed when the value goes away.
public final class TemporaryDirectory {
  public let url: URL

  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("FavoritesTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// The names of the entries directly inside the directory, sorted.
  public func entries() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }
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
