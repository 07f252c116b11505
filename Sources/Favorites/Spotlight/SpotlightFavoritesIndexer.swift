import Foundation
import ImageCache
import NASA

/// The first time it hears the favorites in a run it re-indexes them all, so an item left from a
/// favorite removed on another device goes; after that, only the difference. Premium does not matter:
/// the day a result opens is free to read. Only what the index accepted is recorded.
public actor SpotlightFavoritesIndexer: FavoritesObserver {
  public typealias Explanation = @Sendable (APODDay) async -> String?
  public typealias Thumbnail = @Sendable (URL) async -> URL?

  private let index: any SpotlightIndexing
  private let explanation: Explanation
  private let thumbnail: Thumbnail
  /// nil until the first full index succeeded.
  private var indexed: [String: SpotlightItem]?

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

  /// Never the network.
  public static func cachedExplanation(_ repository: APODRepository) -> Explanation {
    { day in (try? await repository.apod(for: day, policy: .cacheOnly))?.apod.explanationText }
  }

  /// Never a download.
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
