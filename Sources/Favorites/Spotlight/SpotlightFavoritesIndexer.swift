import Foundation
import ImageCache
import NASA

/// Keeps Spotlight's favorites items equal to the stored favorites.
///
/// Rules:
/// - It follows `FavoritesModel` (a `FavoritesObserver`): the first time it hears the favorites in
///   a run, it removes every item of the favorites domain and indexes them all again, so an item
///   left from a favorite removed on another device or in an earlier version goes; after that,
///   only the difference: a removed favorite's item is deleted, a new or changed one is indexed.
/// - Premium does not matter: a favorite stays searchable after premium ends (nothing is deleted,
///   and the day it opens is free to read).
/// - A failed call to the index is tried again with the next change: the indexer only records
///   what the index accepted.
public actor SpotlightFavoritesIndexer: FavoritesObserver {
  public typealias Explanation = @Sendable (APODDay) async -> String?
  public typealias Thumbnail = @Sendable (URL) async -> URL?

  private let index: any SpotlightIndexing
  private let explanation: Explanation
  private let thumbnail: Thumbnail
  /// What the index holds, by identifier; nil until the first full index succeeded.
  private var indexed: [String: SpotlightItem]?

  /// - Parameters:
  ///   - index: the system index.
  ///   - explanation: the day's explanation, from the APOD cache only (its first sentence is indexed).
  ///   - thumbnail: the file of a picture in the image disk tier, only when already there.
  public init(
    index: any SpotlightIndexing, explanation: @escaping Explanation, thumbnail: @escaping Thumbnail
  ) {
    self.index = index
    self.explanation = explanation
    self.thumbnail = thumbnail
  }

  public func favoritesDidChange(_ favorites: [Favorite], isUnlocked: Bool) async {
    var wanted: [String: SpotlightItem] = [:]
    for favorite in favorites {
      let item = await item(for: favorite)
      wanted[item.identifier] = item
    }
    guard let indexed else {
      do {
        try await index.deleteAll(domain: SpotlightItem.favoritesDomain)
        try await index.index(Self.sorted(wanted.values))
        self.indexed = wanted
      } catch {
        return
      }
      return
    }
    let removed = indexed.keys.filter { wanted[$0] == nil }.sorted()
    let changed = wanted.values.filter { indexed[$0.identifier] != $0 }
    do {
      if !removed.isEmpty { try await index.delete(identifiers: removed) }
      if !changed.isEmpty { try await index.index(Self.sorted(changed)) }
      self.indexed = wanted
    } catch {
      // Not recorded: the next change compares against what the index last accepted.
      return
    }
  }

  /// The item for `favorite`.
  func item(for favorite: Favorite) async -> SpotlightItem {
    let picture = favorite.imageURL ?? favorite.hdImageURL
    return SpotlightItem(
      day: favorite.date, title: favorite.title, credit: favorite.copyright,
      summary: await explanation(favorite.date).flatMap(SpotlightItem.firstSentence(of:)),
      thumbnailFile: await picture.asyncFlatMap(thumbnail))
  }

  private static func sorted(_ items: some Sequence<SpotlightItem>) -> [SpotlightItem] {
    items.sorted { $0.day < $1.day }
  }

  // MARK: Sources

  /// The day's explanation from `repository`'s cache (never the network).
  public static func cachedExplanation(_ repository: APODRepository) -> Explanation {
    { day in (try? await repository.apod(for: day, policy: .cacheOnly))?.apod.explanation }
  }

  /// The disk tier's file for a picture `pipeline` already holds (never a download).
  public static func diskTierThumbnail(_ pipeline: ImagePipeline) -> Thumbnail {
    { url in
      guard await pipeline.isCached(url), let file = await pipeline.cacheFileURL(for: url),
        FileManager.default.fileExists(atPath: file.path)
      else { return nil }
      return file
    }
  }
}

extension Optional {
  fileprivate func asyncFlatMap<Result>(_ transform: (Wrapped) async -> Result?) async -> Result? {
    guard let value = self else { return nil }
    return await transform(value)
  }
}
