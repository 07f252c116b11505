import Foundation
import NASA

/// Search over every day the cache holds, kept in step with the cache.
///
/// Rules:
/// - Over a repository, the index is kept on disk beside the day files (`SearchIndexFile`) and
///   rewritten after every change; a launch reads it, never every day. At that read, each saved
///   day file's fingerprint is compared with the one indexed: a day whose file is new, replaced or
///   gone (another process, a crash between the day's write and the index's) is re-read or
///   forgotten, and an index file that is damaged, cut short or of another version is rebuilt from
///   the day files.
/// - A few days to re-read are read before the first answer; more (a rebuild) are read in the
///   background, newest first, while searches answer from the days indexed so far and say how
///   many saved days they could not look through yet (`Answer.unindexedDays`).
/// - Each day the repository saves or removes afterwards is searchable (or gone) from the next
///   search on; saving never waits for the index. A change made during the first read wins over
///   what the read found.
/// - Concurrent first searches share the one read.
public actor APODSearchLibrary {
  /// A search's answer, and how much of the saved days it looked through.
  public struct Answer: Sendable, Hashable {
    public let hits: [APODSearchIndex.Hit]
    /// Saved days the index has not read yet (it is catching up in the background); 0 when the
    /// answer covers every saved day.
    public let unindexedDays: Int
  }

  private enum Phase {
    case notLoaded
    case loading(Task<Void, Never>)
    case loaded
  }

  private enum Backing {
    /// Every saved day read at the first search, nothing kept on disk.
    case memory(@Sendable () async -> [APOD])
    case folder(APODRepository, SearchIndexFile)
  }

  /// At most this many day files are re-read before the first answer; more are read in the
  /// background.
  static let daysReadBeforeAnswering = 500

  private var index = APODSearchIndex()
  /// The fingerprint of each saved day file the index reflects (`SearchIndexFile.Contents`).
  private var fingerprints: [APODDay: UInt64] = [:]
  /// Saved days whose files the index has still to read.
  private var unindexed: Set<APODDay> = []
  private var catchUp: Task<Void, Never>?
  private var writing: Task<Void, Never>?
  private var needsWrite = false
  private var phase = Phase.notLoaded
  private let inbox = SavedDaysInbox()
  private let backing: Backing
  /// Told each step of every index write; tests throw to stop a write there (a crash).
  private let writeStep: @Sendable (SearchIndexFile.WriteStep) throws -> Void
  /// What the launch found wrong with the stored index, nil when it was read as it was.
  private(set) var storedIndexProblem: SearchIndexFile.Problem?

  /// The search over `repository`'s saved days, its index kept beside them, fed by its changes.
  public init(repository: APODRepository) {
    self.init(repository: repository, writeStep: { _ in })
  }

  init(
    repository: APODRepository, writeStep: @escaping @Sendable (SearchIndexFile.WriteStep) throws -> Void
  ) {
    backing = .folder(repository, SearchIndexFile(folder: repository.savedDaysFolder))
    self.writeStep = writeStep
    Self.listen(to: repository.saves, inbox: inbox)
  }

  /// - Parameters:
  ///   - saves: the days saved from now on.
  ///   - loadSaved: every day saved so far (read once, at the first search); nothing is kept on disk.
  public init(saves: APODSaveFeed, loadSaved: @escaping @Sendable () async -> [APOD]) {
    backing = .memory(loadSaved)
    writeStep = { _ in }
    Self.listen(to: saves, inbox: inbox)
  }

  private static func listen(to saves: APODSaveFeed, inbox: SavedDaysInbox) {
    // Held weakly: when the library goes, its inbox goes, and the feed drops the observer.
    saves.observeChanges { [weak inbox] change in
      guard let inbox else { return false }
      inbox.append(change)
      return true
    }
  }

  /// How many days are searchable now.
  public var count: Int {
    takeChanges()
    return index.count
  }

  /// Whether the saved days have been read.
  public var isLoaded: Bool {
    if case .loaded = phase { return true }
    return false
  }

  /// The days matching `query`, best first, narrowed by `filter` (`APODSearchIndex.search`).
  public func search(_ query: String, filter: APODMediaFilter = .all) async -> [APODSearchIndex.Hit] {
    await answer(query, filter: filter).hits
  }

  /// `search`, saying how many saved days it could not look through yet.
  public func answer(_ query: String, filter: APODMediaFilter = .all) async -> Answer {
    await prepare()
    takeChanges()
    return Answer(hits: index.search(query, filter: filter), unindexedDays: unindexed.count)
  }

  /// Reads the index (or the saved days), once; later calls return at once (or wait for the read
  /// under way).
  public func prepare() async {
    switch phase {
    case .loaded:
      return
    case .loading(let task):
      await task.value
    case .notLoaded:
      let task = Task { await load() }
      phase = .loading(task)
      await task.value
    }
  }

  /// Waits until every saved day found at launch is indexed and the index is on disk.
  public func waitUntilIndexed() async {
    await prepare()
    takeChanges()
    while let running = catchUp ?? writing { await running.value }
  }

  private func load() async {
    switch backing {
    case .memory(let loadSaved):
      index = await APODSearchIndex.building(await loadSaved())
      finishLoading()
    case .folder(let repository, let file):
      let opened = await Self.open(file, repository: repository)
      index = opened.contents.index
      fingerprints = opened.contents.fingerprints
      unindexed = opened.unindexed
      storedIndexProblem = opened.problem
      finishLoading()
      if opened.changed { scheduleWrite() }
      if !unindexed.isEmpty {
        let running = startCatchUp(repository)
        if unindexed.count <= Self.daysReadBeforeAnswering { await running.value }
      }
    }
  }

  private func finishLoading() {
    phase = .loaded
    // A change made during the read wins over what the read found.
    takeChanges()
    inbox.onAppend { [weak self] in
      Task { await self?.takeChanges() }
    }
  }

  /// The stored index with every day whose file is gone or differs from the indexed one taken out
  /// (those still saved are `unindexed`).
  private static func open(
    _ file: SearchIndexFile, repository: APODRepository
  ) async -> (
    contents: SearchIndexFile.Contents, unindexed: Set<APODDay>, problem: SearchIndexFile.Problem?,
    changed: Bool
  ) {
    var contents = SearchIndexFile.Contents(index: APODSearchIndex(), fingerprints: [:])
    var problem: SearchIndexFile.Problem?
    switch file.read() {
    case .success(let stored): contents = stored
    case .failure(let found): problem = found
    }
    let onDisk = repository.savedDayFingerprints()
    var outOfStep: [APODDay] = []
    for (day, fingerprint) in contents.fingerprints where onDisk[day] != fingerprint {
      outOfStep.append(day)
    }
    var unindexed: Set<APODDay> = []
    for (day, fingerprint) in onDisk where contents.fingerprints[day] != fingerprint {
      unindexed.insert(day)
    }
    contents.index.remove(outOfStep)
    for day in outOfStep { contents.fingerprints[day] = nil }
    return (contents, unindexed, problem, problem != nil || !outOfStep.isEmpty)
  }

  /// Reads the unindexed days' files in the background, newest first, a batch at a time, so that
  /// searches in between answer from the days read so far.
  private func startCatchUp(_ repository: APODRepository) -> Task<Void, Never> {
    if let catchUp { return catchUp }
    let task = Task {
      while !unindexed.isEmpty {
        let batch = Array(unindexed.sorted(by: >).prefix(1_000))
        let files = await repository.savedDayFiles(batch)
        let entries = await APODSearchIndex.entries(for: files.compactMap(\.apod))
        apply(batch, files: files, entries: entries)
      }
      catchUp = nil
      scheduleWrite()
    }
    catchUp = task
    return task
  }

  private func apply(_ batch: [APODDay], files: [SavedDayFile], entries: [APODSearchIndex.Entry]) {
    // A change told meanwhile is newer than the read: the day is no longer unindexed.
    takeChanges()
    let read = Dictionary(files.map { ($0.day, $0) }, uniquingKeysWith: { _, last in last })
    var fresh: [APODSearchIndex.Entry] = []
    for day in batch where unindexed.remove(day) != nil {
      fingerprints[day] = read[day]?.fingerprint
    }
    for entry in entries where fingerprints[entry.document.day] == read[entry.document.day]?.fingerprint {
      fresh.append(entry)
    }
    index.insert(entries: fresh)
  }

  /// Applies the changes told since the last look, once the index is loaded (before that they
  /// wait, so the load cannot replace them with older copies).
  private func takeChanges() {
    guard case .loaded = phase else { return }
    let changes = inbox.takeAll()
    guard !changes.isEmpty else { return }
    var latest: [APODDay: SavedDayChange] = [:]
    for change in changes {
      switch change {
      case .saved(let apod, _): latest[apod.date] = change
      case .removed(let day): latest[day] = change
      }
    }
    var saved: [APOD] = []
    var removed: [APODDay] = []
    for (day, change) in latest {
      unindexed.remove(day)
      switch change {
      case .saved(let apod, let fingerprint):
        saved.append(apod)
        fingerprints[day] = fingerprint ?? 0
      case .removed:
        removed.append(day)
        fingerprints[day] = nil
      }
    }
    index.remove(removed)
    index.insert(saved)
    scheduleWrite()
  }

  /// Rewrites the stored index soon, once for any number of changes told meanwhile.
  private func scheduleWrite() {
    guard case .folder(_, let file) = backing else { return }
    needsWrite = true
    guard writing == nil else { return }
    let step = writeStep
    writing = Task {
      while needsWrite {
        needsWrite = false
        let contents = SearchIndexFile.Contents(index: index, fingerprints: fingerprints)
        await Self.write(contents, to: file, step: step)
      }
      writing = nil
    }
  }

  /// A failed write costs a re-read of the days it missed at the next launch, nothing more.
  private static func write(
    _ contents: SearchIndexFile.Contents, to file: SearchIndexFile,
    step: @Sendable (SearchIndexFile.WriteStep) throws -> Void
  ) async {
    try? file.write(contents, step: step)
  }
}
