import APODSearch
import Foundation
import Localization
import NASA
import Observation

/// Explore's search field and its filter (all, pictures, videos).
///
/// Rules:
/// - The filter narrows both the recent list (`visible(_:)`) and the search results.
/// - A query with no words (empty, spaces, punctuation) is no search: the list shows, unfiltered
///   by words.
/// - Results follow the latest query and filter only: an answer to an older query that arrives
///   late is dropped, never shown over the newer one.
/// - While a new answer is on its way, the previous results stay on screen (no flicker on each
///   key typed).
/// - No match says so, and says that search covers the saved days only.
/// - A filter chosen on screen shows at once (`filter`'s setter changes the value before any
///   work starts); the results follow when their search answers. Choosing a filter cannot be
///   refused, so nothing moves it back.
@MainActor @Observable public final class ExploreSearchModel {
  /// What the results area shows.
  public enum Results: Sendable, Equatable {
    /// No search: the recent list shows.
    case inactive
    /// The first answer for a query is on its way.
    case searching
    /// The matching days, best first (possibly none).
    case found([APODSearchIndex.Hit])
  }

  public private(set) var query = ""
  /// The filter the picker shows. Setting it (the picker's binding) changes the value at once
  /// and starts the search for it; the model owns that work, so the screen spawns no task.
  public var filter: APODMediaFilter {
    get { chosenFilter }
    set {
      chosenFilter = newValue
      pendingUpdate = Task { await update() }
    }
  }
  public private(set) var results: Results = .inactive
  /// The search started by the last `filter` set; `nil` before any. Awaited by callers that must
  /// know when the results follow (tests).
  @ObservationIgnored public private(set) var pendingUpdate: Task<Void, Never>?

  private var chosenFilter: APODMediaFilter = .all

  private let library: APODSearchLibrary
  private let loadDay: @Sendable (APODDay) async -> APOD?
  /// Bumped by every query or filter change; an answer for an older one is dropped.
  @ObservationIgnored private var generation = 0

  /// - Parameters:
  ///   - library: the search over saved days.
  ///   - loadDay: a found day's APOD, from the cache (a hit is always a saved day).
  public init(library: APODSearchLibrary, loadDay: @escaping @Sendable (APODDay) async -> APOD?) {
    self.library = library
    self.loadDay = loadDay
  }

  /// The search over `repository`'s saved days; a found day opens from its cache.
  public convenience init(repository: APODRepository) {
    self.init(
      library: APODSearchLibrary(repository: repository),
      loadDay: { try? await repository.apod(for: $0, policy: .cacheOnly).apod })
  }

  /// Whether the query has words, so the results replace the list.
  public var isSearching: Bool { !SearchText.words(query).isEmpty }

  /// The recent days the filter keeps, in order.
  public func visible(_ items: [APOD]) -> [APOD] { filter.apply(to: items) }

  /// The sentence under an empty result, or nil when there are results or no search.
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

  /// The search field changed.
  public func search(_ text: String) async {
    query = text
    await update()
  }

  /// The filter picker changed.
  public func setFilter(_ newFilter: APODMediaFilter) async {
    chosenFilter = newFilter
    await update()
  }

  /// The APOD of a found day, for its detail; nil when its file is gone since.
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
