import NASA

/// Search over every day the cache holds, kept current as days are saved.
///
/// Rules:
/// - The first search reads every saved day once (`APODRepository.savedAPODs()`), in one batch;
///   later searches never read the cache again.
/// - Each day the repository saves afterwards is searchable from the next search on
///   (`APODRepository.saves`); saving never waits for the index (the day is queued, and the index
///   takes the queue at its next search).
/// - A day saved during the first read keeps the text just saved: the queue is applied after the
///   read, so an older copy the read brings back never replaces a corrected payload.
/// - Concurrent first searches share the one read.
public actor APODSearchLibrary {
  private enum Phase {
    case notLoaded
    case loading(Task<Void, Never>)
    case loaded
  }

  private var index = APODSearchIndex()
  private var phase = Phase.notLoaded
  /// Days saved since the index last looked, in the order saved.
  private let inbox = SavedDaysInbox()
  private let loadSaved: @Sendable () async -> [APOD]

  /// The search over `repository`'s saved days, fed by its saves.
  public init(repository: APODRepository) {
    self.init(saves: repository.saves, loadSaved: { await repository.savedAPODs() })
  }

  /// - Parameters:
  ///   - saves: the days saved from now on.
  ///   - loadSaved: every day saved so far (read once, at the first search).
  public init(saves: APODSaveFeed, loadSaved: @escaping @Sendable () async -> [APOD]) {
    self.loadSaved = loadSaved
    // Held weakly: when the library goes, its inbox goes, and the feed drops the observer.
    saves.observe { [weak inbox] apod in
      guard let inbox else { return false }
      inbox.append(apod)
      return true
    }
  }

  /// How many days are searchable now.
  public var count: Int {
    takeSavedDays()
    return index.count
  }

  /// Whether the saved days have been read.
  public var isLoaded: Bool {
    if case .loaded = phase { return true }
    return false
  }

  /// The days matching `query`, best first, narrowed by `filter` (`APODSearchIndex.search`).
  public func search(_ query: String, filter: APODMediaFilter = .all) async -> [APODSearchIndex.Hit] {
    await prepare()
    takeSavedDays()
    return index.search(query, filter: filter)
  }

  /// Reads the saved days, once; later calls return at once (or wait for the read under way).
  public func prepare() async {
    switch phase {
    case .loaded:
      return
    case .loading(let task):
      await task.value
    case .notLoaded:
      let loadSaved = loadSaved
      let task = Task {
        let saved = await APODSearchIndex.building(await loadSaved())
        self.finishLoading(saved)
      }
      phase = .loading(task)
      await task.value
    }
  }

  private func finishLoading(_ saved: APODSearchIndex) {
    // Nothing is indexed before the first read ends (saves wait in the inbox), so the read's index
    // is the index.
    index = saved
    phase = .loaded
    // After the read: a day saved meanwhile replaces the copy the read found.
    takeSavedDays()
  }

  /// Indexes the days saved since the last look, once the saved days have been read (before that,
  /// they wait, so the read cannot replace them with older copies).
  private func takeSavedDays() {
    guard case .loaded = phase else { return }
    let saved = inbox.takeAll()
    if !saved.isEmpty { index.insert(saved) }
  }
}
