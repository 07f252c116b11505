import APODSearch
import Foundation
import Localization
import NASA
import Observation

/// Results follow the latest query and filter only: a late answer to an older query is dropped. The
/// previous results stay while a new answer is on its way (no flicker on each key typed).
@MainActor @Observable public final class ExploreSearchModel {
  public enum Results: Sendable, Equatable {
    case inactive
    case searching
    case found([APODSearchIndex.Hit])
  }

  public private(set) var query = ""
  /// Setting it starts the search; the model owns that work, so the screen spawns no task.
  public var filter: APODMediaFilter {
    get { chosenFilter }
    set {
      chosenFilter = newValue
      pendingUpdate = Task { await update() }
    }
  }
  public private(set) var results: Results = .inactive
  /// Awaited by callers that must know when the results follow (tests).
  @ObservationIgnored public private(set) var pendingUpdate: Task<Void, Never>?

  private var chosenFilter: APODMediaFilter = .all

  private let library: APODSearchLibrary
  private let loadDay: @Sendable (APODDay) async -> APOD?
  @ObservationIgnored private var generation = 0

  public init(library: APODSearchLibrary, loadDay: @escaping @Sendable (APODDay) async -> APOD?) {
    self.library = library
    self.loadDay = loadDay
  }

  public convenience init(repository: APODRepository) {
    self.init(
      library: APODSearchLibrary(repository: repository),
      loadDay: { try? await repository.apod(for: $0, policy: .cacheOnly).apod })
  }

  public var isSearching: Bool { !SearchText.words(query).isEmpty }

  public func visible(_ items: [APOD]) -> [APOD] { filter.apply(to: items) }

  public var noResultsMessage: String? {
    guard case .found(let hits) = results, hits.isEmpty else { return nil }
    let query = query.trimmingCharacters(in: .whitespacesAndNewlines)
    return switch filter {
    case .all:
      Localized.text(
        "No saved day matches “%@”. Search looks through the days Spacer has saved; "
          + "open more days to search them too.", query)
    case .images:
      Localized.text(
        "No saved picture matches “%@”. Search looks through the days Spacer has saved; "
          + "open more days to search them too.", query)
    case .videos:
      Localized.text(
        "No saved video matches “%@”. Search looks through the days Spacer has saved; "
          + "open more days to search them too.", query)
    }
  }

  public func search(_ text: String) async {
    query = text
    await update()
  }

  public func setFilter(_ newFilter: APODMediaFilter) async {
    chosenFilter = newFilter
    await update()
  }

  /// nil when its file is gone since.
  public func apod(for day: APODDay) async -> APOD? {
    await loadDay(day)
  }

  private func update() async {
    generation += 1
    let asked = generation
    guard isSearching else {
      results = .inactive
      return
    }
    if case .inactive = results { results = .searching }
    let hits = await library.search(query, filter: filter)
    guard asked == generation else { return }
    results = .found(hits)
  }
}
