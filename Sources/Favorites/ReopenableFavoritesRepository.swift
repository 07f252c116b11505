import Foundation
import NASA

/// What one attempt to open a favorites store gave: the repository, and what the user is told.
public struct FavoritesStoreOpening: Sendable {
  public let repository: any FavoritesRepository
  /// Nil when the store opened normally; `.corruptFile(movedTo:)` when a damaged store was set
  /// aside and a fresh one opened; any other case when the store could not be opened at all.
  public let notice: FavoritesRepositoryError?

  public init(repository: any FavoritesRepository, notice: FavoritesRepositoryError?) {
    self.repository = repository
    self.notice = notice
  }

  /// Whether the store is usable: it opened, or a fresh one replaced a damaged one. Every other
  /// notice (a schema this version cannot read, a full disk, a file that cannot be read now) left
  /// the store untouched and unopened.
  public var isOpen: Bool {
    switch notice {
    case nil, .corruptFile?: true
    default: false
    }
  }
}

/// A favorites repository that opens its store again when the last opening failed, so "Try
/// Again" can succeed once the cause has gone (space freed, the device unlocked, the app updated).
///
/// Rules:
/// - While the store is open, every operation goes to it; it is never opened twice.
/// - While it is not, each operation first opens it again (one opening at a time; operations that
///   arrive meanwhile wait for that one). Opened, the operation runs on the fresh store; not
///   opened, it throws the new reason, and nothing was written.
/// - When opening again set a damaged store aside, the operation that caused it throws
///   `.corruptFile(movedTo:)` once, so the user hears where the old file went; the next one uses
///   the fresh store.
public actor ReopenableFavoritesRepository: FavoritesRepository {
  public typealias Open = @Sendable () async -> FavoritesStoreOpening

  private var current: FavoritesStoreOpening
  private let open: Open
  private var reopening: Task<FavoritesStoreOpening, Never>?

  /// - Parameters:
  ///   - first: the opening made at launch (its notice is shown at launch by the app).
  ///   - open: opens the same store again.
  public init(first: FavoritesStoreOpening, open: @escaping Open) {
    current = first
    self.open = open
  }

  /// How many times the store was opened again (for tests and diagnostics).
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
