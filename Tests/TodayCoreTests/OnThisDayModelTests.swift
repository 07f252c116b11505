import APODTestSupport
import Basics
import Foundation
import NASA
import TestServer
import TestSupport
import Testing
import TodayCore

/// "On this day in past years" on Today, over the real repository, a real disk cache in a
/// temporary folder and NASA's two services on a 127.0.0.1 server, some of whose days are rude.
@MainActor
@Suite("Today: on this day in past years", .timeLimit(.minutes(5)))
struct OnThisDayModelTests {
  /// 19:00 UTC on 2026-11-21: the APOD day is 2026-11-21 in New York.
  static let now = ISO8601DateFormatter().date(from: "2026-11-21T19:00:00Z")!
  static let today = APODDay.today(now: now)

  @Test func theFirstPageShowsFourPastYearsAndMoreComeOnlyWhenAsked() async throws {
    let folder = try TemporaryDirectory()
    try await LoopbackAPOD.run(now: Self.now) { loopback in
      let services = RudeServices(loopback)
      await services.start()
      let model = OnThisDayModel(source: loopback.repository(in: folder), clock: loopback.clock)
      #expect(!model.canLoadMore)

      await model.load()
      #expect(model.years.map(\.day.iso) == ["2025-11-21", "2024-11-21", "2023-11-21", "2022-11-21"])
      #expect(
        model.years.allSatisfy {
          if case .picture(let apod) = $0.content { apod.date == $0.day } else { false }
        })
      #expect(await services.daysAsked() == Set(model.years.map(\.day)))
      #expect(model.canLoadMore)
      #expect(model.hasPastYears)

      // Loading Today again on the same APOD day asks nothing more.
      await model.load()
      #expect(model.years.count == 4)
      #expect(await services.daysAsked().count == 4)

      await model.loadMore()
      #expect(model.years.map(\.day.year) == Array((2018...2025).reversed()))
      while model.canLoadMore { await model.loadMore() }
      #expect(model.years.map(\.day.year) == Array((1995...2025).reversed()))
      #expect(model.failures.isEmpty)
      #expect(await services.daysAsked().count == 31)
      #expect(await services.requestsPerDay().values.allSatisfy { $0 == 1 })
    }
  }

  @Test func aRelaunchShowsSavedYearsFromTheDiskWithoutAsking() async throws {
    let folder = try TemporaryDirectory()
    try await LoopbackAPOD.run(now: Self.now) { loopback in
      let services = RudeServices(loopback)
      await services.start()
      let first = OnThisDayModel(source: loopback.repository(in: folder), clock: loopback.clock)
      await first.load()
      let asked = await loopback.server.requests().count

      let relaunched = OnThisDayModel(source: loopback.repository(in: folder), clock: loopback.clock)
      await relaunched.load()
      #expect(relaunched.years == first.years)
      #expect(await loopback.server.requests().count == asked)
    }
  }

  /// One year answers with another day's picture, one fails on both services: each stays that
  /// year's failure, the others show, and a tap on a failed year asks it again.
  @Test func aWrongDayAndAFailureStayWithTheirYearAndATapTriesAgain() async throws {
    let folder = try TemporaryDirectory()
    let wrong = try APODDay(iso: "2024-11-21")
    let failing = try APODDay(iso: "2022-11-21")
    try await LoopbackAPOD.run(now: Self.now) { loopback in
      let services = RudeServices(loopback)
      await services.set(wrong, .anotherDay(try APODDay(iso: "2024-11-20")))
      await services.set(failing, .failure(status: 500))
      await services.start()
      let model = OnThisDayModel(source: loopback.repository(in: folder), clock: loopback.clock)
      var opened: [APODDay] = []
      model.opensDay = { opened.append($0) }

      await model.load()
      #expect(model.years.map(\.day.iso) == ["2025-11-21", "2024-11-21", "2023-11-21", "2022-11-21"])
      #expect(model.failures[wrong] == .wrongDay(asked: wrong, answered: try APODDay(iso: "2024-11-20")))
      guard case .network(.server(statusCode: 500))? = model.failures[failing] else {
        Issue.record(
          "expected the 500 to stay with \(failing.iso), got \(String(describing: model.failures[failing]))")
        return
      }
      #expect(model.failures.count == 2)
      #expect(model.message(for: try #require(model.failures[wrong])).contains("2024-11-21"))
      #expect(model.canLoadMore)

      // A failed year is not opened; a tap asks it again, and now the service is right.
      await services.set(wrong, nil)
      await model.tap(wrong)
      #expect(opened.isEmpty)
      guard case .picture(let apod)? = model.years.first(where: { $0.day == wrong })?.content else {
        Issue.record("expected \(wrong.iso) to show its picture after the retry")
        return
      }
      #expect(apod.date == wrong)
      #expect(model.failures.keys.sorted() == [failing])

      // A picture opens through the app's navigation.
      await model.tap(wrong)
      #expect(opened == [wrong])
    }
  }

  /// A silent service: the page waits on its deadline (the injected clock), a second call does not
  /// ask again, and the silent year fails with a timeout while the others show. The only real-time
  /// wait is the hang guard.
  @Test func aSilentYearTimesOutOnTheClockWhileTheOthersShow() async throws {
    let folder = try TemporaryDirectory()
    let silent = try APODDay(iso: "2023-11-21")
    try await LoopbackAPOD.run(now: Self.now) { loopback in
      let services = RudeServices(loopback)
      let silence = AsyncGate()
      await services.set(silent, .silence(silence))
      await services.start()
      // The page's other years are saved first, so every deadline on the clock is the silent one's.
      let others = OnThisDay(today: Self.today).page(0).filter { $0 != silent }
      #expect(await loopback.repository(in: folder).load(others)?.count == 3)
      let model = OnThisDayModel(source: loopback.repository(in: folder), clock: loopback.clock)

      let page = Task { await model.load() }
      try await eventually("the silent year's request") { await silence.waiting == 1 }
      #expect(model.isLoadingPage)
      #expect(!model.canLoadMore)
      let asked = await loopback.server.requests().count
      await model.loadMore()
      await model.load()
      #expect(await loopback.server.requests().count == asked)

      // Every attempt on either service waits on its deadline; move the clock past each one.
      while model.isLoadingPage {
        try await eventually("a request waiting on its deadline, or the page done") {
          !model.isLoadingPage || loopback.clock.pendingSleeperCount > 0
        }
        if model.isLoadingPage { loopback.clock.advance(by: .seconds(60)) }
      }
      try await bounded("the page after the deadlines") { await page.value }
      #expect(model.years.count == 4)
      #expect(model.failures == [silent: .network(.timedOut)])
      #expect(APODDay.today(now: loopback.clock.now) == Self.today)
      await silence.open()
    }
  }

  @Test func aNewAPODDayStartsTheListAgainForThatDay() async throws {
    let folder = try TemporaryDirectory()
    try await LoopbackAPOD.run(now: Self.now) { loopback in
      let services = RudeServices(loopback)
      await services.start()
      let model = OnThisDayModel(source: loopback.repository(in: folder), clock: loopback.clock)
      await model.load()
      await model.loadMore()
      loopback.clock.advance(by: .seconds(86_400))
      await model.load()
      #expect(model.list?.today.iso == "2026-11-22")
      #expect(model.years.map(\.day.iso) == ["2025-11-22", "2024-11-22", "2023-11-22", "2022-11-22"])
    }
  }

  @Test func onTheArchivesFirstDayThereAreNoPastYears() async throws {
    let first = ISO8601DateFormatter().date(from: "1995-06-16T19:00:00Z")!
    let folder = try TemporaryDirectory()
    try await LoopbackAPOD.run(now: first) { loopback in
      let model = OnThisDayModel(source: loopback.repository(in: folder), clock: loopback.clock)
      #expect(model.hasPastYears)
      await model.load()
      #expect(!model.hasPastYears)
      #expect(!model.canLoadMore)
      #expect(model.years.isEmpty)
      #expect(await loopback.server.requests().isEmpty)
    }
  }
}

/// NASA's two services for every day up to today's, each day answering as set: right, with
/// another day's picture, with an error status, or not at all until a gate opens.
actor RudeServices {
  enum Rudeness: Sendable {
    case anotherDay(APODDay)
    case failure(status: Int)
    case silence(AsyncGate)
  }

  private let loopback: LoopbackAPOD
  private var rudeness: [APODDay: Rudeness] = [:]
  private var asked: [APODDay: Int] = [:]

  init(_ loopback: LoopbackAPOD) { self.loopback = loopback }

  func set(_ day: APODDay, _ rude: Rudeness?) { rudeness[day] = rude }

  /// The days asked of apod-basic (one count per day, whichever service answered).
  func daysAsked() -> Set<APODDay> { Set(asked.keys) }
  func requestsPerDay() -> [APODDay: Int] { asked }

  func start() async {
    await loopback.server.route(prefix: LoopbackAPOD.basicPath + "/") { [self] request in
      guard let day = try? APODDay(yymmdd: String(request.path.split(separator: "/").last ?? "")) else {
        return .json(APODFixtures.apodBasicNotFound, status: 404)
      }
      return await self.answer(day, basic: true)
    }
    await loopback.server.route(LoopbackAPOD.v1Path) { [self] request in
      guard let day = request.query["date"].flatMap({ try? APODDay(iso: $0) }) else {
        return .json(APODFixtures.v1ErrorStartAfterEnd, status: 400)
      }
      return await self.answer(day, basic: false)
    }
  }

  private func answer(_ day: APODDay, basic: Bool) async -> StubResponse {
    if basic { asked[day, default: 0] += 1 }
    let sample = { (day: APODDay) in
      basic ? APODFixtures.sampleAPODBasic(for: day) : APODFixtures.sampleV1(for: day)
    }
    switch rudeness[day] {
    case nil: return .json(sample(day))
    case .anotherDay(let other): return .json(sample(other))
    case .failure(let status): return .json(APODFixtures.v1ErrorInternal, status: status)
    case .silence(let gate):
      await gate.wait()
      return .json(sample(day))
    }
  }
}
