import Foundation
import TestSupport
import Testing

@testable import NASA

@Suite("Random day")
struct RandomDayTests {
  private let today = APODDay(checkedForTests: "2026-11-21")

  @Test func theSameSeedGivesTheSameDaysAndEveryDayIsInTheArchive() {
    var first = SeededRandom(seed: 42)
    var second = SeededRandom(seed: 42)
    let a = (0..<50).map { _ in RandomDay.pick(through: today, avoiding: [], using: &first) }
    let b = (0..<50).map { _ in RandomDay.pick(through: today, avoiding: [], using: &second) }
    #expect(a == b)
    #expect(a.allSatisfy { $0 >= APODDay.first && $0 <= today })
    #expect(Set(a).count > 40)
  }

  @Test func neverADayOfTheLastThirtyDraws() {
    // A tiny archive (40 days) makes repeats likely unless the rule holds.
    let smallToday = APODDay.first.advanced(by: 39)
    var generator = SeededRandom(seed: 7)
    var history = RandomDayHistory()
    for _ in 0..<500 {
      let day = RandomDay.pick(through: smallToday, avoiding: history.days, using: &generator)
      #expect(!history.days.contains(day), "\(day.iso) was drawn again within 30 tries")
      history.record(day)
    }
    #expect(history.days.count == RandomDay.memory)
  }

  @Test func theDrawIsUniformOverTheAllowedDays() {
    // 40 days, 10 excluded: each of the 30 others should get about 1/30 of 30,000 draws.
    let smallToday = APODDay.first.advanced(by: 39)
    let excluded = (0..<10).map { APODDay.first.advanced(by: $0 * 4) }
    var generator = SeededRandom(seed: 2024)
    var counts: [APODDay: Int] = [:]
    for _ in 0..<30_000 {
      counts[RandomDay.pick(through: smallToday, avoiding: excluded, using: &generator), default: 0] += 1
    }
    #expect(counts.keys.allSatisfy { !excluded.contains($0) })
    #expect(counts.count == 30)
    #expect(counts.values.allSatisfy { (800...1200).contains($0) }, "\(counts.values.sorted())")
  }

  @Test func anArchiveNoLargerThanTheMemoryStillGivesADay() {
    let tiny = APODDay.first.advanced(by: 2)
    let recent = [APODDay.first, APODDay.first.advanced(by: 1), tiny]
    var generator = SeededRandom(seed: 1)
    // Everything was seen: the oldest remembered day is allowed again.
    #expect(RandomDay.pick(through: tiny, avoiding: recent, using: &generator) == APODDay.first)
    #expect(RandomDay.pick(through: APODDay.first, avoiding: [], using: &generator) == APODDay.first)
  }

  @Test func theHistoryIsStoredInAFileAndADamagedFileIsReplaced() throws {
    let folder = try TemporaryDirectory()
    let store = RandomDayHistoryStore(folder: folder.url)
    #expect(store.load() == .init(history: RandomDayHistory(), damaged: false))

    var generator = SeededRandom(seed: 3)
    let first = store.draw(through: today, using: &generator)
    #expect(!first.damaged)
    #expect(first.saveError == nil)
    #expect(store.load().history.days == [first.day])

    try Data("{\"version\":1,\"days\":[\"2023-02-30\"]}".utf8).write(to: store.file)
    #expect(store.load() == .init(history: RandomDayHistory(), damaged: true))
    let afterDamage = store.draw(through: today, using: &generator)
    #expect(afterDamage.damaged)
    #expect(store.load() == .init(history: RandomDayHistory(days: [afterDamage.day]), damaged: false))

    try Data("{\"version\":2,\"days\":[]}".utf8).write(to: store.file)
    #expect(store.load().damaged)
  }

  @Test func theStoredHistoryKeepsOnlyTheLastThirty() throws {
    let folder = try TemporaryDirectory()
    let store = RandomDayHistoryStore(folder: folder.url)
    var generator = SeededRandom(seed: 9)
    var drawn: [APODDay] = []
    for _ in 0..<35 { drawn.append(store.draw(through: today, using: &generator).day) }
    #expect(store.load().history.days == Array(drawn.suffix(30)))
  }
}

extension APODDay {
  fileprivate init(checkedForTests text: String) {
    self = (try? APODDay(iso: text)) ?? .first
  }
}
