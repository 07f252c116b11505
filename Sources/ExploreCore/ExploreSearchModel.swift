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
  /// Saved days the last answer could not look through yet: the index is reading them (a first
  /// launch, or a rebuild), and the results follow once it has.
  public private(set) var unindexedDays = 0
  /// Awaited by callers that must know when the results follow (tests).
  @ObservationIgnored public private(set) var pendingUpdate: Task<Void, Never>?
  /// The search again once the index has read every saved day, when an answer missed some.
  @ObservationIgnored public private(set) var catchingUp: Task<Void, Never>?

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

  public var indexingNotice: String? {
    guard case .found = results, unindexedDays > 0 else { return nil }
    return Localized.text(
      "%lld saved days are not searched yet; the results will include them as soon as they are read.",
      unindexedDays)
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
      unindexedDays = 0
      return
    }
    if case .inactive = results { results = .searching }
    let answer = await library.answer(query, filter: filter)
    guard asked == generation else { return }
    results = .found(answer.hits)
    unindexedDays = answer.unindexedDays
    guard answer.unindexedDays > 0 else { return }
    catchingUp = Task { [library] in
      await library.waitUntilIndexed()
      if asked == generation { await update() }
    }
  }
}
