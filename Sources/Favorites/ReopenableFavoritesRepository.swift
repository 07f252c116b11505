import Foundation
import NASA

public struct FavoritesStoreOpening: Sendable {
  public let repository: any FavoritesRepository
  /// Nil when the store opened normally; `.corruptFile(movedTo:)` when a damaged store was set aside.
  public let notice: FavoritesRepositoryError?

  public init(repository: any FavoritesRepository, notice: FavoritesRepositoryError?) {
    self.repository = repository
    self.notice = notice
  }

  public var isOpen: Bool {
    switch notice {
    case nil, .corruptFile?: true
    default: false
    }
  }
}

/// So "Try Again" can succeed once the cause has gone (space freed, the device unlocked, the app
/// updated). One opening at a time; a damaged store set aside is told once, as `.corruptFile`.
public actor ReopenableFavoritesRepository: FavoritesRepository {
  public typealias Open = @Sendable () async -> FavoritesStoreOpening

  private var current: FavoritesStoreOpening
  private let open: Open
  private var reopening: Task<FavoritesStoreOpening, Never>?

  public init(first: FavoritesStoreOpening, open: @escaping Open) {
    current = first
    self.open = open
  }

  public private(set) var reopenCount = 0

  public func all() async throws(FavoritesRepositoryError) -> [Favorite] {
    try await repository().all()
  }

  public func save(_ favorite: Favorite) async throws(FavoritesRepositoryError) {
    try await repository().save(favorite)
  }

  public func remove(_ date: APODDay) async throws(FavoritesRepositoryError) {
    try await repository().remove(date)
  }

  public func contains(_ date: APODDay) async throws(FavoritesRepositoryError) -> Bool {
    try await repository().contains(date)
  }

  private func repository() async throws(FavoritesRepositoryError) -> any FavoritesRepository {
    if current.isOpen { return current.repository }
    let task: Task<FavoritesStoreOpening, Never>
    var started = false
    if let reopening {
      task = reopening
    } else {
      let open = open
      task = Task { await open() }
      reopening = task
      reopenCount += 1
      started = true
    }
    let opening = await task.value
    if started {
      reopening = nil
      current = opening
    }
    switch opening.notice {
    case .corruptFile(let movedTo)? where started:
      // Told once, to the operation that opened it again; the next one uses the fresh store.
      throw .corruptFile(movedTo: movedTo)
    case let notice? where !opening.isOpen:
      throw notice
    default:
      return opening.repository
    }
  }
}
