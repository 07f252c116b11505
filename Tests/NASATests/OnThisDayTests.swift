import APODTestSupport
import Foundation
import TestServer
import TestSupport
import Testing

@testable import NASA

@Suite("On this day in past years")
struct OnThisDayTests {
  @Test func theSameDayInEveryPastYearNewestFirstFromTheFirstAPOD() throws {
    let days = OnThisDay.pastDays(of: try APODDay(iso: "2026-11-21"))
    #expect(days.first?.iso == "2025-11-21")
    #expect(days.last?.iso == "1995-11-21")
    #expect(days.count == 31)
    #expect(days.allSatisfy { $0.month == 11 && $0.day == 21 })
    #expect(days == days.sorted(by: >))
  }

  @Test func aDayBeforeJuneSixteenthStartsIn1996() throws {
    let days = OnThisDay.pastDays(of: try APODDay(iso: "2026-06-15"))
    #expect(days.last?.iso == "1996-06-15")
    let first = OnThisDay.pastDays(of: try APODDay(iso: "2026-06-16"))
    #expect(first.last == APODDay.first)
  }

  @Test func onFebruary29AYearWithoutOneGivesItsFebruary28() throws {
    let days = OnThisDay.pastDays(of: try APODDay(iso: "2028-02-29"))
    #expect(days.count == 2027 - 1996 + 1)
    #expect(days.prefix(4).map(\.iso) == ["2027-02-28", "2026-02-28", "2025-02-28", "2024-02-29"])
    #expect(Set(days.map(\.year)).count == days.count)
  }

  @Test func onFebruary28APastFebruary29IsNotListed() throws {
    let days = OnThisDay.pastDays(of: try APODDay(iso: "2027-02-28"))
    #expect(days.allSatisfy { $0.day == 28 })
    #expect(days.first?.iso == "2026-02-28")
  }

  @Test func onTheFirstYearOfTheArchiveThereIsNothing() throws {
    #expect(OnThisDay.pastDays(of: APODDay.first).isEmpty)
    #expect(OnThisDay(today: APODDay.first).pageCount == 0)
  }

  @Test func pagesHoldAFewDaysAndEndCleanly() throws {
    let list = OnThisDay(today: try APODDay(iso: "2026-11-21"))
    #expect(list.pageCount == 8)
    #expect(list.page(0).map(\.year) == [2025, 2024, 2023, 2022])
    #expect(list.page(7).map(\.year) == [1997, 1996, 1995])
    #expect(list.page(8).isEmpty)
    #expect(list.page(-1).isEmpty)
    #expect((0..<list.pageCount).flatMap(list.page) == list.days)
  }

  @Test func aPageIsFetchedThroughTheDayRouteOnceAndThenServedFromTheCache() async throws {
    let folder = try TemporaryDirectory()
    let now = try #require(ISO8601DateFormatter().date(from: "2026-11-21T19:00:00Z"))
    try await LoopbackAPOD.run(now: now) { loopback in
      let list = OnThisDay(today: APODDay.today(now: now))
      let page = list.page(0)
      let missing = page[2]  // 2023-11-21: the services have no picture that day
      await loopback.serveBasicFeed(days: page.filter { $0 != missing })
      let repository = loopback.repository(in: folder)

      let loads = try #require(await repository.load(page))
      #expect(loads.map(\.day) == page)
      for (load, day) in zip(loads, page) where day != missing {
        guard case .picture(let result) = load else {
          Issue.record("\(day.iso): \(load)")
          continue
        }
        #expect(result.apod.date == day)
      }
      #expect(loads[2] == .noPicture(missing))
      let dayRequests = await loopback.server.requests().filter {
        $0.path.hasPrefix(LoopbackAPOD.basicPath + "/")
      }
      #expect(Set(dayRequests.map(\.path)).count == page.count)
      #expect(await loopback.server.requestCount(to: LoopbackAPOD.basicPath) == 0)

      // Again: the three saved days come from the cache; only the day without a picture is asked.
      let before = await loopback.server.requests().count
      let again = try #require(await repository.load(page))
      #expect(again.filter { if case .picture(let r) = $0 { r.servedFromCache } else { false } }.count == 3)
      let asked = await loopback.server.requests().dropFirst(before)
      #expect(!asked.isEmpty)
      #expect(asked.allSatisfy { $0.path.hasSuffix(missing.yymmdd) || $0.query["date"] == missing.iso })
    }
  }
}
