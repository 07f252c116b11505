import APODTestSupport
import Basics
import Foundation
import Networking
import TestSupport
import Testing

@testable import APODSearch
@testable import NASA

/// Random days saved, changed, removed and damaged, by this process and by others, launches that
/// crash at each step of an index write, and a damaged index file: after each, every query's
/// answer equals that of an index built fresh from the folder. Seeded: a failure prints its seed,
/// and `SPACER_SEARCH_SEED=<seed>` repeats it.
@Suite("Search: the index kept on disk answers as one built fresh from the folder")
struct SearchIndexPropertyTests {
  static let vocabulary = [
    "andromeda", "and", "comet", "corona", "crab", "Étoile", "etoiles", "galaxy", "gas", "M31", "m3",
    "nebula",
  ]
  static let days = (0..<24).map { APODDay.first.advanced(by: 11_000 + $0 * 3) } + [APODDay.first]

  @Test func everyAnswerMatchesAnIndexBuiltFreshFromTheFolder() async throws {
    let seed =
      ProcessInfo.processInfo.environment["SPACER_SEARCH_SEED"].flatMap { UInt64($0) }
      ?? UInt64.random(in: 0...UInt64.max)
    print("SearchIndexPropertyTests seed \(seed) (SPACER_SEARCH_SEED=\(seed) repeats this run)")
    for round in 0..<12 {
      var world = try World(seed: seed &+ UInt64(round))
      let failure = try await world.run(steps: 45)
      #expect(failure == nil, "seed \(seed &+ UInt64(round)) (round \(round)): \(failure ?? "")")
      if failure != nil { return }
    }
  }
}

/// Stops every index write of one launch at a chosen step, and every write after a crash.
private final class CrashSwitch: Sendable {
  enum Step: Sendable, CaseIterable {
    case temporaryWritten
    case renamed
  }

  private struct State {
    var at: Step?
    var crashed = false
  }

  private let state = Locked(State())

  struct Crashed: Error {}

  func crash(at step: Step) { state.withLock { $0.at = step } }

  func crashNow() { state.withLock { $0.crashed = true } }

  func step(_ step: SearchIndexFile.WriteStep) throws {
    let reached: Step =
      switch step {
      case .temporaryWritten: .temporaryWritten
      case .renamed: .renamed
      }
    try state.withLock { state in
      if state.at == reached { state.crashed = true }
      if state.crashed { throw Crashed() }
    }
  }
}

private struct World {
  var random: SeededRandom
  let folder: TemporaryDirectory
  let clock = TestClock(utc("2026-11-21T15:00:00Z"))
  let answers = Locked<[APODDay: APOD]>([:])
  let source: FakeAPODSource
  var repository: APODRepository
  var library: APODSearchLibrary
  var crash: CrashSwitch
  /// Whether something this launch cannot hear of changed the folder since it started.
  var changedBehindItsBack = false
  var log: [String] = []

  init(seed: UInt64) throws {
    random = SeededRandom(seed: seed)
    folder = try TemporaryDirectory(prefix: "spacer-search-property")
    let answers = answers
    source = FakeAPODSource(day: { day in
      answers.withLock { $0[day] }.map { .success($0) } ?? .failure(.noAPOD(day))
    })
    (repository, library, crash) = Self.launch(folder.url, clock: clock, source: source)
  }

  static func launch(
    _ folder: URL, clock: TestClock, source: FakeAPODSource
  ) -> (APODRepository, APODSearchLibrary, CrashSwitch) {
    let crash = CrashSwitch()
    let repository = APODRepository(
      source: source, cache: JSONDiskCache(directory: folder, clock: clock), clock: clock)
    return (repository, APODSearchLibrary(repository: repository, writeStep: crash.step), crash)
  }

  mutating func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }

  mutating func text(_ words: Int) -> String {
    (0..<words).map { _ in pick(SearchIndexPropertyTests.vocabulary) }.joined(
      separator: pick([" ", ", ", "-"]))
  }

  mutating func apod(_ day: APODDay) -> APOD {
    let title = text(1 + Int(random.next() % 3))
    let explanation = text(2 + Int(random.next() % 6)) + "."
    let credit: String? = random.next() % 2 == 0 ? text(1) : nil
    let video = random.next() % 4 == 0
    return APOD(
      date: day, title: title, explanation: explanation, mediaType: video ? .video : .image,
      url: URL(
        string: video
          ? "https://www.youtube.com/embed/abc\(day.yymmdd)"
          : "https://apod.nasa.gov/apod/image/\(day.yymmdd).jpg"),
      credit: credit, pageURL: APOD.legacyPageURL(for: day), source: .v1)
  }

  static let vocabularyForQueries = SearchIndexPropertyTests.vocabulary

  mutating func query() -> String {
    switch random.next() % 5 {
    case 0: String(pick(Self.vocabularyForQueries).prefix(2))
    case 1: pick(Self.vocabularyForQueries) + " " + pick(Self.vocabularyForQueries)
    case 2: pick(SearchIndexPropertyTests.days).iso
    default: pick(Self.vocabularyForQueries)
    }
  }

  func dayFile(_ day: APODDay) -> URL {
    JSONDiskCache(directory: folder.url, clock: clock).fileURL(for: "apod-day-" + day.iso)
  }

  var indexFile: URL { folder.url.appending(path: SearchIndexFile.name) }

  /// Runs `steps` random steps; the first wrong answer, described, or nil.
  mutating func run(steps: Int) async throws -> String? {
    for step in 0..<steps {
      let day = pick(SearchIndexPropertyTests.days)
      switch random.next() % 12 {
      case 0, 1, 2:
        let apod = apod(day)
        answers.withLock { $0[day] = apod }
        _ = try? await repository.apod(for: day, policy: .refresh)
        log.append("save \(day)")
      case 3:
        // Another process (or this one, killed between the day's write and the index's).
        // Refused over a newer version's file, as the app's own saves are.
        _ = try? await JSONDiskCache(directory: folder.url, clock: clock).save(
          apod(day), for: "apod-day-" + day.iso)
        changedBehindItsBack = true
        log.append("another process saves \(day)")
      case 4:
        let other = pick(SearchIndexPropertyTests.days)
        // Refused over a newer version's file, as the app's own saves are.
        _ = try? await JSONDiskCache(directory: folder.url, clock: clock).save(
          apod(other), for: "apod-day-" + day.iso)
        changedBehindItsBack = true
        log.append("another process saves \(other)'s picture as \(day)")
      case 5:
        try? FileManager.default.removeItem(at: dayFile(day))
        changedBehindItsBack = true
        log.append("another process removes \(day)")
      case 6:
        let damage = Data(text(3).utf8)
        try? damage.write(to: dayFile(day))
        log.append("\(day)'s file damaged")
        if random.next() % 2 == 0 {
          // Read here: the damaged file is removed, and the index hears of it.
          _ = try? await repository.apod(for: day, policy: .cacheOnly)
          log.append("read \(day)")
        } else {
          changedBehindItsBack = true
        }
      case 7:
        let newer = #"{"schema":99,"savedAt":0,"value":{"title":"\#(text(2))"}}"#
        try? Data(newer.utf8).write(to: dayFile(day))
        changedBehindItsBack = true
        log.append("a newer version saves \(day)")
      case 8:
        damageIndex()
        changedBehindItsBack = true
      case 9:
        let at = pick(CrashSwitch.Step.allCases)
        crash.crash(at: at)
        let apod = apod(day)
        answers.withLock { $0[day] = apod }
        _ = try? await repository.apod(for: day, policy: .refresh)
        await library.waitUntilIndexed()
        log.append("save \(day), crash at the index write's step \(at)")
        relaunch()
      case 10:
        relaunch()
      default:
        break
      }
      guard !changedBehindItsBack else { continue }
      if let wrong = await compare(step: step) { return wrong }
    }
    relaunch()
    return await compare(step: steps)
  }

  mutating func relaunch() {
    crash.crashNow()
    (repository, library, crash) = Self.launch(folder.url, clock: clock, source: source)
    changedBehindItsBack = false
    log.append("relaunch")
  }

  mutating func damageIndex() {
    guard var bytes = try? [UInt8](Data(contentsOf: indexFile)), !bytes.isEmpty else { return }
    switch random.next() % 5 {
    case 0:
      bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count))))
      log.append("index cut to \(bytes.count) bytes")
    case 1:
      let position = Int(random.next() % UInt64(bytes.count))
      bytes[position] ^= UInt8(1 + random.next() % 255)
      log.append("index byte \(position) changed")
    // An earlier step may have cut the file short of the version byte: then the index goes.
    case 2 where bytes.count > 8:
      bytes[8] &+= 1
      log.append("index of another version")
    case 3:
      bytes = Array(text(5).utf8)
      log.append("index overwritten with text")
    default:
      try? FileManager.default.removeItem(at: indexFile)
      log.append("index removed")
      return
    }
    try? Data(bytes).write(to: indexFile)
  }

  /// What the folder holds now, read plainly: files of this schema holding their own day.
  func freshIndex() -> APODSearchIndex {
    struct Stored: Decodable {
      let schema: Int
      let value: APOD
    }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    var saved: [APOD] = []
    for day in SearchIndexPropertyTests.days {
      guard let data = try? Data(contentsOf: dayFile(day)),
        let stored = try? decoder.decode(Stored.self, from: data), stored.schema == 1,
        stored.value.date == day
      else { continue }
      saved.append(stored.value)
    }
    return APODSearchIndex(saved)
  }

  mutating func compare(step: Int) async -> String? {
    for _ in 0..<4 {
      let query = query()
      let answer = await library.answer(query)
      let expected = freshIndex().search(query)
      if answer.unindexedDays != 0 || answer.hits != expected {
        return """
          step \(step), query "\(query)": answered \(answer.hits.map { "\($0.day) \($0.titleMatches)" }) \
          (\(answer.unindexedDays) unindexed), expected \(expected.map { "\($0.day) \($0.titleMatches)" }); \
          after: \(log.suffix(12).joined(separator: "; "))
          """
      }
    }
    return nil
  }
}
