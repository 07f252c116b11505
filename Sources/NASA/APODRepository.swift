import Basics
import Foundation
import Networking
import TextCleaning

/// How a repository call may use the network.
public enum FetchPolicy: Sendable, Hashable {
  /// Cache first; the network only when new content can exist (the APOD day has advanced, or
  /// Explore has not been refreshed today).
  case automatic
  /// The person asked to refresh: check now. A saved day (or a window of them all saved) is asked
  /// again, and a complete copy that differs replaces the saved one.
  case refresh
  /// Offline mode: never touch the network.
  case cacheOnly
}

/// Cache-first access to APODs: the single place that decides when to use the network.
///
/// Rules:
/// - A day fetched once is never fetched again: every APOD is saved per day and read from disk.
/// - Today asks the network only when the APOD day (US Eastern) has advanced past the cached
///   picture, or on an explicit refresh. If today's picture is not published yet it shows the
///   newest earlier day and says so, and asks again only after `recheckInterval`.
/// - Explore (the last N days) refreshes at most once per APOD day, asking only for missing days.
/// - Overlapping calls share one fetch: days another call is already fetching are waited for,
///   not asked again.
/// - Offline, rate-limited or failing: the cached content is served as `.stale(since:reason:)`;
///   an error is thrown only when nothing is cached.
public actor APODRepository {
  /// How long to wait before asking again for a today that was not published yet.
  public nonisolated let recheckInterval: TimeInterval
  /// How many earlier days to try when looking for the newest available day.
  public let fallbackSearchDays = 7

  private let source: any APODSource
  private let cache: JSONDiskCache
  /// Every day this repository writes to the cache, as it is written (the search index listens).
  nonisolated public let saves = APODSaveFeed()
  private let clock: any Clocking

  /// - Parameters:
  ///   - source: where APODs come from (normally `AutomaticAPODSource`).
  ///   - cache: the disk cache; APODs are stored one file per day.
  ///   - recheckInterval: wait before asking again for an unpublished today (default 15 min).
  ///   - clock: decides the APOD day and the age of cached content.
  public init(
    source: any APODSource, cache: JSONDiskCache, recheckInterval: TimeInterval = 15 * 60,
    clock: any Clocking
  ) {
    self.source = source
    self.cache = cache
    self.recheckInterval = recheckInterval
    self.clock = clock
    cache.observeRemovals { [saves] key in
      if let day = Keys.day(ofKey: key) { saves.publish(.removed(day)) }
    }
  }

  // MARK: Today

  /// Today's APOD (US Eastern day), or the newest earlier one when today's is not out yet.
  /// Throws only when nothing suitable is cached and the network could not help, or when the
  /// device clock is before the first APOD and nothing is saved (`.clockBeforeFirstDay`).
  ///
  /// Runs on the caller's executor: the repository holds no mutable state (every rule lives in
  /// the cache files), and not hopping to the actor and back is most of what a warm launch costs.
  public nonisolated(nonsending) func today(
    _ policy: FetchPolicy = .automatic
  ) async throws(APODError) -> APODResult {
    let now = clock.now
    let today = APODDay.today(now: now)
    guard today >= APODDay.first else {
      let saved = try await newestSaved(1, clockDay: today)[0]
      return APODResult(
        apod: saved.value, freshness: .fresh, cachedAt: saved.savedAt, notice: .clockBeforeFirstDay(today))
    }
    let record = await cache.value(TodayRecord.self, for: Keys.today)
    // A saved today is the answer; only an explicit refresh (or a copy to repair) asks again.
    if let (saved, repair) = await savedCopy(today) {
      let current = TodayRecord(checkedOn: today, showing: today)
      if record?.value != current { await remember(current) }
      guard policy == .refresh || (repair && policy != .cacheOnly) else {
        return APODResult(apod: saved.value, freshness: .fresh, cachedAt: saved.savedAt)
      }
      return try await refreshed(saved, day: today, repairing: repair, asked: policy == .refresh)
    }
    var shown: CachedValue<APOD>?
    if let record { shown = await savedDay(record.value.showing) }

    if policy == .cacheOnly {
      return try await stale(today: today, record: record, shown: shown, because: .notCached)
    }
    // Checked a moment ago and today was not out: keep showing the earlier day, quietly.
    if policy == .automatic, let record, let shown, record.value.checkedOn == today,
      now.timeIntervalSince(record.savedAt) < recheckInterval
    {
      return APODResult(
        apod: shown.value, freshness: .fresh, cachedAt: shown.savedAt,
        notice: .notPublishedYet(today: today, showing: shown.value.date))
    }

    do {
      let apod = try await fetched(today)
      await remember(TodayRecord(checkedOn: today, showing: apod.date))
      return APODResult(apod: apod, freshness: .fresh, cachedAt: nil)
    } catch .notPublishedYet {
      return try await newestBefore(today, record: record, shown: shown)
    } catch .network(.cancelled) {
      throw .network(.cancelled)
    } catch {
      return try await stale(today: today, record: record, shown: shown, because: error)
    }
  }

  /// A device clock before the first APOD (a reset clock) has no day to ask for: the newest saved
  /// days, newest first, never fewer than one.
  private nonisolated(nonsending) func newestSaved(
    _ count: Int, clockDay: APODDay
  ) async throws(APODError) -> [CachedValue<APOD>] {
    var found: [CachedValue<APOD>] = []
    for day in savedDayFingerprints().keys.sorted(by: >) {
      guard found.count < max(count, 1) else { break }
      if let saved = await savedDay(day) { found.append(saved) }
    }
    guard !found.isEmpty else { throw .clockBeforeFirstDay(clockDay) }
    return found
  }

  /// Shows the newest day before `today` (some days have no APOD, so not always yesterday), from
  /// the cache when saved, and says that today's picture is not out yet.
  private nonisolated(nonsending) func newestBefore(
    _ today: APODDay, record: CachedValue<TodayRecord>?, shown: CachedValue<APOD>?
  ) async throws(APODError) -> APODResult {
    var candidate = today.previous
    var tries = 0
    while tries < fallbackSearchDays, candidate >= APODDay.first {
      let apod: APOD
      let cachedAt: Date?
      if let saved = await savedDay(candidate) {
        (apod, cachedAt) = (saved.value, saved.savedAt)
      } else {
        do {
          apod = try await fetched(candidate)
          cachedAt = nil
        } catch .noAPOD {
          candidate = candidate.previous
          tries += 1
          continue
        } catch .network(.cancelled) {
          // The caller went away (a view disappeared): not a failure to report as stale.
          throw .network(.cancelled)
        } catch {
          return try await stale(today: today, record: record, shown: shown, because: error)
        }
      }
      await remember(TodayRecord(checkedOn: today, showing: apod.date))
      return APODResult(
        apod: apod, freshness: .fresh, cachedAt: cachedAt,
        notice: .notPublishedYet(today: today, showing: apod.date))
    }
    throw .notPublishedYet(today)
  }

  /// The last picture Today showed (or else the newest saved day of the past week), marked stale
  /// with the reason; the error itself when nothing is saved.
  private nonisolated(nonsending) func stale(
    today: APODDay, record: CachedValue<TodayRecord>?, shown: CachedValue<APOD>?,
    because error: APODError
  ) async throws(APODError) -> APODResult {
    if let record, let shown {
      return APODResult(
        apod: shown.value, freshness: .stale(since: record.savedAt, reason: StaleReason(error)),
        cachedAt: shown.savedAt)
    }
    for day in APODDay.lastDays(fallbackSearchDays, endingOn: today.previous) {
      if let saved = await savedDay(day) {
        return APODResult(
          apod: saved.value, freshness: .stale(since: saved.savedAt, reason: StaleReason(error)),
          cachedAt: saved.savedAt)
      }
    }
    throw error
  }

  /// When Today last asked NASA for the current APOD day's picture and heard it is not out yet,
  /// or nil when that picture is saved or no such answer is recorded for this day. The record is
  /// in the cache, so with a shared cache the app's ask and the widget's are the same record.
  public nonisolated(nonsending) func lastUnansweredTodayCheck() async -> Date? {
    let today = APODDay.today(now: clock.now)
    guard let record = await cache.value(TodayRecord.self, for: Keys.today),
      record.value.checkedOn == today, record.value.showing < today
    else { return nil }
    return record.savedAt
  }

  // MARK: One day

  /// The APOD of `day` (the date picker, `spacer show`): from the cache when saved, else fetched
  /// once and saved; `.refresh` asks the service even for a saved day (`refreshed`). Throws `.noAPOD` for a day without a picture, `.invalidDay` outside the range.
  public func apod(for day: APODDay, policy: FetchPolicy = .automatic) async throws(APODError) -> APODResult {
    let now = clock.now
    do {
      _ = try day.askable(now: now)
    } catch {
      throw .invalidDay(error)
    }
    let clockDay = APODDay.today(now: now)
    if clockDay < APODDay.first {
      // A reset clock: a saved day is shown, none is asked.
      guard let saved = await savedDay(day) else { throw .clockBeforeFirstDay(clockDay) }
      return APODResult(apod: saved.value, freshness: .fresh, cachedAt: saved.savedAt)
    }
    if let (saved, repair) = await savedCopy(day) {
      // A saved day never changes by itself; only an explicit refresh (or a repair) asks again.
      guard policy == .refresh || (repair && policy != .cacheOnly) else {
        return APODResult(apod: saved.value, freshness: .fresh, cachedAt: saved.savedAt)
      }
      return try await refreshed(saved, day: day, repairing: repair, asked: policy == .refresh)
    }
    if policy == .cacheOnly { throw .notCached }
    let apod = try await fetched(day)
    return APODResult(apod: apod, freshness: .fresh, cachedAt: nil)
  }

  /// `apod` if it is the picture of `asked`; a service that answers with another day is wrong,
  /// whatever the source (a stale CDN, a misrouted proxy): that answer is neither shown nor saved.
  static func answer(_ apod: APOD, asked: APODDay) throws(APODError) -> APOD {
    guard apod.date == asked else { throw .wrongDay(asked: asked, answered: apod.date) }
    return apod
  }

  /// An explicit refresh of a saved day: the service is asked; a complete answer for that day
  /// replaces the saved copy, anything else keeps it (marked stale when the service failed). A
  /// cancelled refresh (the pull-to-refresh view went away) is thrown as such, not marked stale.
  /// A copy to repair is replaced by any answer for its day; `asked`: the person asked (the
  /// outcome is told).
  private nonisolated(nonsending) func refreshed(
    _ saved: CachedValue<APOD>, day: APODDay, repairing: Bool = false, asked: Bool = true
  ) async throws(APODError) -> APODResult {
    do {
      let apod = try Self.answer(try await source.apod(for: day), asked: day)
      let outcome = Self.judged(apod, saved: saved.value, repairing: repairing)
      if outcome == .replaced { await store(apod) }
      let kept = outcome != .replaced
      return APODResult(
        apod: kept ? saved.value : apod, freshness: .fresh, cachedAt: kept ? saved.savedAt : nil,
        refresh: asked ? outcome : nil)
    } catch .network(.cancelled) {
      throw .network(.cancelled)
    } catch {
      return APODResult(
        apod: saved.value, freshness: .stale(since: saved.savedAt, reason: StaleReason(error)),
        cachedAt: saved.savedAt)
    }
  }

  // MARK: Explore

  /// The last `days` days (default 30) ending today (US Eastern), newest first. Refreshes at
  /// most once per APOD day unless `policy` is `.refresh`; only days not yet saved are asked for.
  /// A device clock before the first APOD lists the newest saved days instead, and asks nothing.
  public func explore(
    days: Int = 30, _ policy: FetchPolicy = .automatic
  ) async throws(APODError)
    -> ExploreResult
  {
    let now = clock.now
    let today = APODDay.today(now: now)
    guard today >= APODDay.first else {
      let saved = try await newestSaved(days, clockDay: today)
      return ExploreResult(
        entries: saved.map { APODResult(apod: $0.value, freshness: .fresh, cachedAt: $0.savedAt) },
        freshness: .fresh, cachedAt: saved.map(\.savedAt).max(),
        notice: .savedDaysOnClockBeforeFirstDay(today))
    }
    let window = APODDay.lastDays(days, endingOn: today)
    var saved: [APODDay: CachedValue<APOD>] = [:]
    var repairs: Set<APODDay> = []
    for day in window {
      if let (entry, repair) = await savedCopy(day) {
        saved[day] = entry
        if repair { repairs.insert(day) }
      }
    }
    let record = await cache.value(ExploreRecord.self, for: Keys.explore)
    let refreshedToday = record.map { $0.value.refreshedOn == today && $0.value.days >= days } ?? false
    let missing = window.filter { saved[$0] == nil }
    var fetchedNow: Set<APODDay> = []
    var notReceived: Set<APODDay> = []

    func list(_ freshness: Freshness, dropped: Int = 0) -> ExploreResult {
      let entries = window.compactMap { day in
        saved[day].map {
          APODResult(
            apod: $0.value, freshness: freshness, cachedAt: fetchedNow.contains(day) ? nil : $0.savedAt)
        }
      }
      let cachedAt = fetchedNow.isEmpty ? record?.savedAt ?? saved.values.map(\.savedAt).max() : nil
      return ExploreResult(
        entries: entries, freshness: freshness, cachedAt: cachedAt, droppedCount: dropped,
        notReceived: notReceived.sorted(by: >))
    }

    if policy == .cacheOnly {
      guard !saved.isEmpty else { throw .notCached }
      return list(refreshedToday ? .fresh : staleness(record: record, saved: saved, .notCached))
    }
    // An explicit refresh of a window already saved asks the service all the same (`refreshed`).
    if policy == .refresh, missing.isEmpty, let newest = window.first, let oldest = window.last {
      let outcomes: [APODDay: RefreshOutcome]
      do {
        outcomes = try await refreshedWindow(oldest...newest, saved: &saved, repairs: repairs)
      } catch .network(.cancelled) {
        throw .network(.cancelled)
      } catch {
        return list(staleness(record: record, saved: saved, error))
      }
      for (day, outcome) in outcomes where outcome == .replaced { fetchedNow.insert(day) }
      await remember(ExploreRecord(refreshedOn: today, days: days))
      var result = list(.fresh)
      result.refreshed = outcomes
      return result
    }
    // Copies to repair are asked for whenever the network is allowed, until replaced.
    let asking =
      missing.isEmpty || (policy == .automatic && refreshedToday) ? repairs : repairs.union(missing)
    if asking.isEmpty {
      if !refreshedToday { await remember(ExploreRecord(refreshedOn: today, days: days)) }
      return list(.fresh)
    }

    // Days another call is fetching now are waited for, not asked again; the rest are fetched
    // here, where a later call can join them in turn.
    var outcome = await sharedFetch(of: asking)
    if outcome.failure == .network(.cancelled) {
      if Task.isCancelled { throw .network(.cancelled) }
      // Another caller cancelled a fetch this one had joined: ask for what is still missing.
      let arrived = Set(outcome.arrived.map(\.date))
      let rest = asking.subtracting(arrived).subtracting(outcome.notReceived)
      outcome.failure = nil
      outcome.merge(await shared(startRangeFetch(of: rest)))
      if outcome.failure == .network(.cancelled) { throw .network(.cancelled) }
    }
    let dropped = outcome.dropped
    let failure = outcome.failure
    notReceived = outcome.notReceived
    for apod in outcome.arrived
    where (saved[apod.date] == nil || repairs.contains(apod.date)) && window.contains(apod.date) {
      saved[apod.date] = CachedValue(value: apod, savedAt: now)
      fetchedNow.insert(apod.date)
    }
    notReceived = notReceived.filter { saved[$0] == nil }
    if let failure {
      guard !saved.isEmpty else { throw failure }
      return list(staleness(record: record, saved: saved, failure), dropped: dropped)
    }
    // Days the service answered without are not known to have no picture: the window is not
    // refreshed until they arrive, so the next call asks for them again.
    if notReceived.isEmpty { await remember(ExploreRecord(refreshedOn: today, days: days)) }
    return list(.fresh, dropped: dropped)
  }

  /// The service's copies of the saved days of `range`, each judged as `refreshed` judges one
  /// day's: a complete copy that differs replaces the saved one (in `saved` too).
  private func refreshedWindow(
    _ range: ClosedRange<APODDay>, saved: inout [APODDay: CachedValue<APOD>], repairs: Set<APODDay>
  ) async throws(APODError) -> [APODDay: RefreshOutcome] {
    let answer = try await source.apods(from: range.lowerBound, through: range.upperBound)
    var outcomes: [APODDay: RefreshOutcome] = [:]
    for apod in answer.items where outcomes[apod.date] == nil {
      guard let current = saved[apod.date] else { continue }
      let outcome = Self.judged(apod, saved: current.value, repairing: repairs.contains(apod.date))
      if outcome == .replaced {
        await store(apod)
        saved[apod.date] = CachedValue(value: apod, savedAt: clock.now)
      }
      outcomes[apod.date] = outcome
    }
    return outcomes
  }

  /// A complete answer that differs replaces the saved copy; a copy to repair is replaced by any
  /// answer for its day, the same one too (saved again, it is this build's copy).
  private static func judged(_ apod: APOD, saved: APOD, repairing: Bool) -> RefreshOutcome {
    if repairing { return .replaced }
    if apod == saved { return .sameAsSaved }
    return apod.isComplete || !saved.isComplete ? .replaced : .keptSaved
  }

  // MARK: Fetches under way

  /// What a range fetch brought: the days it saved as they arrived, and how it ended.
  struct RangeOutcome: Sendable {
    var arrived: [APOD] = []
    var dropped = 0
    var notReceived: Set<APODDay> = []
    /// The first failure; the batches before it stay arrived (and saved).
    var failure: APODError?

    mutating func merge(_ other: RangeOutcome) {
      arrived += other.arrived
      dropped += other.dropped
      notReceived.formUnion(other.notReceived)
      failure = failure ?? other.failure
    }
  }

  private struct RangeFetch {
    let days: Set<APODDay>
    let task: Task<RangeOutcome, Never>
  }

  /// Range fetches under way (Explore), by id, with the days each asks for.
  private var rangeFetches: [Int: RangeFetch] = [:]
  private var nextRangeFetch = 0
  private struct DayFetch {
    let id: Int
    let task: Task<Result<APOD, APODError>, Never>
  }

  /// Day fetches under way (Today, one day), by day.
  private var dayFetches: [APODDay: DayFetch] = [:]
  private var nextDayFetch = 0

  /// Fetches `days` (saving each as it arrives), sharing the work with calls already under way: a
  /// day another range or day fetch is asking for is waited for, not asked again, and the fetch
  /// started here is registered so that a later call can wait for it in turn. A fetch already
  /// cancelled (its caller went away) is never joined: it can only end cancelled.
  private func sharedFetch(of days: Set<APODDay>) async -> RangeOutcome {
    var rest = days
    var joinedRanges: [Task<RangeOutcome, Never>] = []
    for fetch in rangeFetches.values where !fetch.task.isCancelled && !fetch.days.isDisjoint(with: rest) {
      joinedRanges.append(fetch.task)
      rest.subtract(fetch.days)
    }
    var joinedDays: [Task<Result<APOD, APODError>, Never>] = []
    for (day, fetch) in dayFetches where rest.contains(day) && !fetch.task.isCancelled {
      joinedDays.append(fetch.task)
      rest.remove(day)
    }
    let own = rest.isEmpty ? nil : startRangeFetch(of: rest)
    var outcome = RangeOutcome()
    for task in joinedRanges + [own].compactMap(\.self) {
      var part = await shared(task)
      part.arrived = part.arrived.filter { days.contains($0.date) }
      part.notReceived = part.notReceived.intersection(days)
      outcome.merge(part)
    }
    for task in joinedDays {
      switch await shared(task) {
      case .success(let apod): outcome.arrived.append(apod)
      case .failure(.noAPOD), .failure(.notPublishedYet): continue
      case .failure(let error): outcome.failure = outcome.failure ?? error
      }
    }
    return outcome
  }

  /// Starts fetching `days` in runs (newest first, each run one range request), registered while
  /// it runs. An empty set starts nothing and brings nothing.
  private func startRangeFetch(of days: Set<APODDay>) -> Task<RangeOutcome, Never> {
    let id = nextRangeFetch
    nextRangeFetch += 1
    // The task needs this actor to start, so it cannot end before it is registered below.
    let task = Task { await self.fetchRuns(of: days, id: id) }
    if !days.isEmpty { rangeFetches[id] = RangeFetch(days: days, task: task) }
    return task
  }

  private func fetchRuns(of days: Set<APODDay>, id: Int) async -> RangeOutcome {
    defer { rangeFetches[id] = nil }
    var outcome = RangeOutcome()
    let arrivals = Arrivals()
    for run in Self.runs(of: Array(days), joiningGapsUpTo: Self.joinableGap) {
      do {
        let answer = try await source.apods(from: run.lowerBound, through: run.upperBound) { batch in
          // Only the days asked for: a list answer never replaces a saved day.
          let fresh = batch.items.filter { days.contains($0.date) && run.contains($0.date) }
          for apod in fresh { await self.store(apod) }
          await arrivals.add(fresh)
        }
        outcome.dropped += answer.droppedCount
        outcome.notReceived.formUnion(answer.notReceived.filter { days.contains($0) && run.contains($0) })
      } catch {
        outcome.failure = error
        break
      }
    }
    // A batch may arrive twice (the automatic source answering again from its fallback).
    var seen: Set<APODDay> = []
    outcome.arrived = await arrivals.items.filter { seen.insert($0.date).inserted }
    outcome.notReceived.subtract(seen)
    return outcome
  }

  /// The APOD of `day` from the source, checked to be that day and saved. A call for a day
  /// another call is already fetching waits for that fetch instead of asking again, unless that
  /// fetch was cancelled (its only caller went away): it can only end cancelled, perhaps not before
  /// the server answers, so this call asks again at once and registers its own fetch.
  private func fetched(_ day: APODDay) async throws(APODError) -> APOD {
    let task: Task<Result<APOD, APODError>, Never>
    if let running = dayFetches[day], !running.task.isCancelled {
      task = running.task
    } else {
      let id = nextDayFetch
      nextDayFetch += 1
      // The task needs this actor to start, so it cannot end before it is registered below.
      task = Task { await self.runDayFetch(day, id: id) }
      dayFetches[day] = DayFetch(id: id, task: task)
    }
    let result = await shared(task)
    // Another caller cancelled the fetch this one had joined: ask again for this caller.
    if case .failure(.network(.cancelled)) = result, !Task.isCancelled {
      return try await fetchDay(day).get()
    }
    return try result.get()
  }

  /// The registered fetch `id` of `day`: unregistered when it ends (unless a newer fetch of the
  /// day replaced it).
  private func runDayFetch(_ day: APODDay, id: Int) async -> Result<APOD, APODError> {
    defer { if dayFetches[day]?.id == id { dayFetches[day] = nil } }
    return await fetchDay(day)
  }

  private func fetchDay(_ day: APODDay) async -> Result<APOD, APODError> {
    do {
      let apod = try Self.answer(try await source.apod(for: day), asked: day)
      await store(apod)
      return .success(apod)
    } catch {
      return .failure(error)
    }
  }

  /// Waits for a shared fetch; when this caller is cancelled, the fetch is cancelled (the source
  /// stops), and every caller waiting for it sees the cancellation.
  private nonisolated func shared<Value: Sendable>(_ task: Task<Value, Never>) async -> Value {
    await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
  }

  /// Missing runs closer than this many days are asked as one range: a service answers a range
  /// in one request, so the saved days between cost nothing and the requests stay few.
  static let joinableGap = 14

  private func staleness(
    record: CachedValue<ExploreRecord>?, saved: [APODDay: CachedValue<APOD>], _ error: APODError
  ) -> Freshness {
    let since = record?.savedAt ?? saved.values.map(\.savedAt).max() ?? clock.now
    return .stale(since: since, reason: StaleReason(error))
  }

  /// Runs of days (input in any order), newest run first, each as an ascending range; days at
  /// most `gap` days apart share a run.
  static func runs(of days: [APODDay], joiningGapsUpTo gap: Int = 0) -> [ClosedRange<APODDay>] {
    var runs: [ClosedRange<APODDay>] = []
    for day in days.sorted() {
      if let last = runs.last, last.upperBound.distance(to: day) <= gap + 1 {
        runs[runs.count - 1] = last.lowerBound...day
      } else {
        runs.append(day...day)
      }
    }
    return runs.reversed()
  }

  /// Every saved day, oldest first, read from the cache alone (the network is never asked): what
  /// search and the widget work from. The days are found by listing the cache folder once, not by
  /// trying every date, and whatever the device clock says (a clock set before 1995 hides
  /// nothing and traps nowhere). A damaged day file, or one holding another day, is skipped here
  /// and reported by `takeUnreadableSavedDays()`.
  public func savedAPODs() async -> [APOD] {
    let days = cache.savedKeys(withPrefix: Keys.dayPrefix)
      .compactMap { APODDay(rawValue: String($0.dropFirst(Keys.dayPrefix.count))) }
      .filter { $0 >= APODDay.first }
      .sorted()
    return await Self.inParallel(days) { await self.savedDay($0)?.value }
  }

  /// `read` of every day, in order, on every core at once (rebuilding search reads thousands).
  private static func inParallel<Found: Sendable>(
    _ days: [APODDay], _ read: @escaping @Sendable (APODDay) async -> Found?
  ) async -> [Found] {
    let chunkCount = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 8)
    let chunkSize =
      days.count >= 256 && chunkCount > 1 ? (days.count + chunkCount - 1) / chunkCount : days.count
    guard chunkSize > 0 else { return [] }
    return await withTaskGroup(of: (Int, [Found]).self) { group in
      for start in stride(from: 0, to: days.count, by: chunkSize) {
        let chunk = Array(days[start..<min(start + chunkSize, days.count)])
        group.addTask {
          var found: [Found] = []
          found.reserveCapacity(chunk.count)
          for day in chunk {
            if let value = await read(day) { found.append(value) }
          }
          return (start, found)
        }
      }
      var chunks: [(Int, [Found])] = []
      for await chunk in group { chunks.append(chunk) }
      return chunks.sorted { $0.0 < $1.0 }.flatMap(\.1)
    }
  }

  /// Saved day files that could not be used since the last call, each once, in the order found:
  /// a caller says so instead of the day silently going missing or being shown wrong.
  public func takeUnreadableSavedDays() -> [UnreadableSavedDay] {
    var seen: Set<UnreadableSavedDay> = []
    return cache.takeReadProblems().compactMap { problem in
      guard problem.key.hasPrefix(Keys.dayPrefix),
        let day = APODDay(rawValue: String(problem.key.dropFirst(Keys.dayPrefix.count)))
      else { return nil }
      let reason: UnreadableSavedDay.Reason
      switch problem.kind {
      case .damaged: reason = .damaged
      case .olderVersion: reason = .olderVersion
      case .newerVersion: reason = .newerVersion
      case .otherShape: reason = .unreadableValue
      case .wrongContent(let held): reason = .anotherDay(APODDay(rawValue: held))
      }
      let unreadable = UnreadableSavedDay(day: day, reason: reason)
      return seen.insert(unreadable).inserted ? unreadable : nil
    }
  }

  // MARK: Storage

  private enum Keys {
    static let today = "apod-today"
    static let explore = "apod-explore"
    static let dayPrefix = "apod-day-"
    static func day(_ day: APODDay) -> String { dayPrefix + day.iso }
    static func day(ofKey key: String) -> APODDay? {
      key.hasPrefix(dayPrefix) ? APODDay(rawValue: String(key.dropFirst(dayPrefix.count))) : nil
    }
  }

  /// The saved copy of `day`, only if it is that day. A file holding another day (copied or
  /// renamed into this day's place) is damage: that file is removed and reported, and the day is
  /// a miss, fetched again wherever the network is allowed.
  private nonisolated(nonsending) func savedDay(_ day: APODDay) async -> CachedValue<APOD>? {
    await savedDayRead(day).entry?.cached
  }

  /// A saved copy, and whether to repair it: an earlier build (an older envelope) read the feed's
  /// records the legacy address sent with v1's rules, keeping the credit's HTML or the article
  /// page as a video's link. Shown as it is until an answer replaces it.
  private nonisolated(nonsending) func savedCopy(_ day: APODDay) async -> (CachedValue<APOD>, repair: Bool)? {
    guard let entry = await savedDayRead(day).entry else { return nil }
    let apod = entry.cached.value
    return (entry.cached, entry.schema < cache.schemaVersion && Self.misreadFromTheFeed(apod))
  }

  static func misreadFromTheFeed(_ apod: APOD) -> Bool {
    guard apod.source == .v1 else { return false }
    if [apod.copyright, apod.credit].contains(where: { $0.map { APODText.v1Copyright($0) != $0 } ?? false }) {
      return true
    }
    guard apod.mediaType == .video || apod.mediaType == .iframe, let link = apod.videoURL ?? apod.url else {
      return false
    }
    return link.host == "science.nasa.gov" && link.pathExtension.lowercased() != "mp4"
  }

  private nonisolated(nonsending) func savedDayRead(_ day: APODDay) async -> CacheRead<APOD> {
    let key = Keys.day(day)
    let read = await cache.lookUp(APOD.self, for: key)
    guard let entry = read.entry else { return read }
    let held = entry.cached.value.date
    guard held == day else {
      if await cache.removeValue(for: key, ifStill: entry.file) {
        cache.noteProblem(JSONDiskCacheReadProblem(key: key, kind: .wrongContent(held.iso)))
      }
      return .missing
    }
    return read
  }

  /// The folder of the saved day files, where what is built from them (the search index) is kept.
  public nonisolated var savedDaysFolder: URL { cache.directory }

  /// The fingerprint of every saved day's file (`CacheFileIdentity.fingerprint`), from one listing
  /// of the folder: a file replaced or written by another process has another fingerprint.
  public nonisolated func savedDayFingerprints() -> [APODDay: UInt64] {
    var found: [APODDay: UInt64] = [:]
    for (key, file) in cache.savedFiles(withPrefix: Keys.dayPrefix) {
      if let day = Keys.day(ofKey: key), day >= APODDay.first { found[day] = file.fingerprint }
    }
    return found
  }

  /// The saved files of `days` as read now, with the same checks as every read (a damaged file or
  /// one holding another day is removed and is missing here). Days without a file are left out.
  public nonisolated func savedDayFiles(_ days: [APODDay]) async -> [SavedDayFile] {
    await Self.inParallel(days) { day in
      switch await self.savedDayRead(day) {
      case .missing: nil
      case .value(let entry):
        SavedDayFile(day: day, apod: entry.cached.value, fingerprint: entry.file.fingerprint)
      case .kept(let file, _): SavedDayFile(day: day, apod: nil, fingerprint: file.fingerprint)
      }
    }
  }

  /// Saves a fetched APOD under its own date, only for a day inside 1995-06-16 … today. A failed
  /// write costs a refetch later, nothing more.
  private nonisolated(nonsending) func store(_ apod: APOD) async {
    guard (try? apod.date.validated(now: clock.now)) != nil else { return }
    // A day written to the cache is told to the search index.
    guard let saved = try? await cache.saveFile(apod, for: Keys.day(apod.date)) else { return }
    saves.publish(apod, fingerprint: saved.file.fingerprint)
  }

  private nonisolated(nonsending) func remember(_ record: TodayRecord) async {
    _ = try? await cache.save(record, for: Keys.today)
  }

  private func remember(_ record: ExploreRecord) async {
    _ = try? await cache.save(record, for: Keys.explore)
  }
}

/// A saved day's file as read: its picture, or nil for a file kept unread (a newer version's).
public struct SavedDayFile: Sendable, Hashable {
  public let day: APODDay
  public let apod: APOD?
  public let fingerprint: UInt64
}

/// A saved day file a read could not use, and why.
public struct UnreadableSavedDay: Sendable, Hashable {
  public enum Reason: Sendable, Hashable {
    /// Not readable at all (cut short, overwritten): removed.
    case damaged
    /// Saved by an older version in a format this one no longer reads: removed.
    case olderVersion
    /// Saved by a newer version of Spacer: kept (going back a version loses nothing).
    case newerVersion
    /// A readable file of this version that is not a day's picture: kept until a fetch replaces it.
    case unreadableValue
    /// The file held another day (named when readable): removed.
    case anotherDay(APODDay?)

    /// Whether the file was removed.
    public var removed: Bool {
      switch self {
      case .damaged, .olderVersion, .anotherDay: true
      case .newerVersion, .unreadableValue: false
      }
    }
  }

  public let day: APODDay
  public let reason: Reason
}

/// The APODs a range fetch delivered so far, collected across the source's batches.
private actor Arrivals {
  private(set) var items: [APOD] = []

  func add(_ batch: [APOD]) { items += batch }
}

/// What Today last showed and for which APOD day it checked.
struct TodayRecord: Codable, Sendable, Hashable {
  var checkedOn: APODDay
  var showing: APODDay
}

/// When Explore last refreshed, and how many days it covered.
struct ExploreRecord: Codable, Sendable {
  var refreshedOn: APODDay
  var days: Int
}
