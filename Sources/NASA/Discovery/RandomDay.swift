import Foundation

/// "Random day": a day drawn uniformly from the whole archive (1995-06-16 … today's APOD day),
/// never one of the days drawn in the last `memory` tries.
///
/// Uniform over the allowed days: the draw is an index among the days that are not excluded,
/// so every allowed day has the same chance. When the archive holds no more days than the
/// memory (a clock just after the first APOD), the oldest remembered day is allowed again.
public enum RandomDay {
  /// How many recent draws a new draw avoids.
  public static let memory = 30

  /// A day from `APODDay.first` through `today`, avoiding every day of `recent`.
  public static func pick(
    through today: APODDay, avoiding recent: [APODDay], using generator: inout some RandomNumberGenerator
  ) -> APODDay {
    let first = APODDay.first
    guard today > first else { return first }
    let total = first.distance(to: today) + 1
    var excluded = Set(recent.suffix(memory).filter { $0 >= first && $0 <= today })
    if excluded.count >= total, let oldest = recent.suffix(memory).first(where: excluded.contains) {
      excluded.remove(oldest)
    }
    var index = Int.random(in: 0..<(total - excluded.count), using: &generator)
    // Walk the excluded days in date order: each one at or before the index shifts it by one.
    for day in excluded.sorted() {
      if first.distance(to: day) <= index { index += 1 } else { break }
    }
    return first.advanced(by: index)
  }
}

/// A random number generator that gives the same numbers for the same seed on every platform
/// (SplitMix64); `SystemRandomNumberGenerator` cannot be seeded, and tests and `spacer random
/// --seed` need a draw they can repeat.
public struct SeededRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}

/// The days drawn recently, oldest first, at most `RandomDay.memory` of them.
public struct RandomDayHistory: Sendable, Hashable, Codable {
  public private(set) var days: [APODDay]

  public init(days: [APODDay] = []) {
    self.days = Array(days.suffix(RandomDay.memory))
  }

  /// Remembers a drawn day, forgetting the oldest beyond `RandomDay.memory`.
  public mutating func record(_ day: APODDay) {
    days.append(day)
    if days.count > RandomDay.memory { days.removeFirst(days.count - RandomDay.memory) }
  }

  /// The stored form, in a file or a settings value alike: versioned JSON,
  /// `{"version": 1, "days": [...]}`.
  private struct Stored: Codable {
    var version: Int
    var days: [APODDay]
  }

  private static let storedVersion = 1

  /// The history read from its stored form; nil for data this version cannot read (damaged,
  /// another shape, another version).
  public init?(stored data: Data) {
    guard let stored = try? JSONDecoder().decode(Stored.self, from: data),
      stored.version == Self.storedVersion
    else { return nil }
    self.init(days: stored.days)
  }

  /// The history in its stored form.
  public func storedData() throws -> Data {
    try JSONEncoder().encode(Stored(version: Self.storedVersion, days: days))
  }
}

/// Where the random-day history lives: one small JSON file (`random-days.json`) in the folder the
/// caller gives (the CLI gives its cache folder).
///
/// A file that cannot be read as a history (damaged, another shape, a newer version) is not fatal:
/// reading says so (`damaged`), the draw starts from an empty history, and the next save replaces
/// the file. Losing the history only means a day may come back sooner; no picture is lost.
public struct RandomDayHistoryStore: Sendable {
  public static let fileName = "random-days.json"

  /// What `load()` found.
  public struct Loaded: Sendable, Hashable {
    public var history: RandomDayHistory
    /// True when a file was there but could not be read (it is replaced at the next save).
    public var damaged: Bool
  }

  public let file: URL

  public init(folder: URL) {
    file = folder.appending(path: Self.fileName)
  }

  public func load() -> Loaded {
    guard let data = try? Data(contentsOf: file) else {
      return Loaded(history: RandomDayHistory(), damaged: false)
    }
    guard let history = RandomDayHistory(stored: data) else {
      return Loaded(history: RandomDayHistory(), damaged: true)
    }
    return Loaded(history: history, damaged: false)
  }

  /// Writes the history atomically (a crash leaves the old file or the new one, never half).
  public func save(_ history: RandomDayHistory) throws {
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try history.storedData().write(to: file, options: .atomic)
  }

  /// Draws a day avoiding the stored history, records it and saves. Returns the day and whether
  /// the stored file was damaged (and so replaced). A failed save still returns the day.
  public func draw(
    through today: APODDay, using generator: inout some RandomNumberGenerator
  ) -> (day: APODDay, damaged: Bool, saveError: (any Error)?) {
    var loaded = load()
    let day = RandomDay.pick(through: today, avoiding: loaded.history.days, using: &generator)
    loaded.history.record(day)
    do {
      try save(loaded.history)
      return (day, loaded.damaged, nil)
    } catch {
      return (day, loaded.damaged, error)
    }
  }
}
