#if canImport(CoreSpotlight)
  import CoreSpotlight
  import Favorites
  import Foundation
  import UniformTypeIdentifiers

  public struct CoreSpotlightIndex: SpotlightIndexing {
    public init() {}

    public func index(_ items: [SpotlightItem]) async throws {
      let searchable = items.map(Self.searchableItem)
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        CSSearchableIndex.default().indexSearchableItems(searchable) { error in
          Self.resume(continuation, error)
        }
      }
    }

    public func delete(identifiers: [String]) async throws {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        CSSearchableIndex.default().deleteSearchableItems(withIdentifiers: identifiers) { error in
          Self.resume(continuation, error)
        }
      }
    }

    public func deleteAll(domain: String) async throws {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        CSSearchableIndex.default().deleteSearchableItems(withDomainIdentifiers: [domain]) { error in
          Self.resume(continuation, error)
        }
      }
    }

    private static func resume(_ continuation: CheckedContinuation<Void, any Error>, _ error: (any Error)?) {
      if let error {
        continuation.resume(throwing: error)
      } else {
        continuation.resume()
      }
    }

    static func searchableItem(_ item: SpotlightItem) -> CSSearchableItem {
      let attributes = CSSearchableItemAttributeSet(contentType: .image)
      attributes.title = item.title
      attributes.contentDescription = item.resultText
      attributes.thumbnailURL = item.thumbnailFile
      return CSSearchableItem(
        uniqueIdentifier: item.identifier, domainIdentifier: item.domain, attributeSet: attributes)
    }
  }
#endif
