import Foundation

/// Uniform: the draw is an index among the days not drawn in the last `memory` tries. When the
/// archive holds no more days than the memory, the oldest remembered day is allowed again.
public enum RandomDay {
  public static let memory = 30

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

/// SplitMix64: the same numbers for the same seed on every platform; `SystemRandomNumberGenerator`
/// cannot be seeded, and tests and `spacer random --seed` need a draw they can repeat.
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

public struct RandomDayHistory: Sendable, Hashable, Codable {
  public private(set) var days: [APODDay]

  public init(days: [APODDay] = []) {
    self.days = Array(days.suffix(RandomDay.memory))
  }

  public mutating func record(_ day: APODDay) {
    days.append(day)
    if days.count > RandomDay.memory { days.removeFirst(days.count - RandomDay.memory) }
  }

  private struct Stored: Codable {
    var version: Int
    var days: [APODDay]
  }

  private static let storedVersion = 1

  public init?(stored data: Data) {
    guard let stored = try? JSONDecoder().decode(Stored.self, from: data),
      stored.version == Self.storedVersion
    else { return nil }
    self.init(days: stored.days)
  }

  public func storedData() throws -> Data {
    try JSONEncoder().encode(Stored(version: Self.storedVersion, days: days))
  }
}

/// A file that cannot be read as a history is not fatal: the draw starts from an empty history and
/// the next save replaces it. Losing it only means a day may come back sooner.
public struct RandomDayHistoryStore: Sendable {
  public static let fileName = "random-days.json"

  public struct Loaded: Sendable, Hashable {
    public var history: RandomDayHistory
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

  public func save(_ history: RandomDayHistory) throws {
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try history.storedData().write(to: file, options: .atomic)
  }

  /// A failed save still returns the day.
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
