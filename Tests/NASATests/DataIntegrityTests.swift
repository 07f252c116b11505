import APODTestSupport
import Foundation
import Networking
import TestServer
import TestSupport
import Testing

@testable import NASA

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

private let asked = day("2024-03-03")
private let impostorDay = day("2020-01-01")

private let expectedWrongDay = "NASA answered with the picture of 2020-01-01 when 2024-03-03"

/// The message of the error `source` throws when asked for `day`, or nil when it answers.
private func wrongDayMessage(askingFor day: APODDay, of source: some APODSource) async -> String? {
  do {
    _ = try await source.apod(for: day)
    return nil
  } catch {
    return error.message(now: TestClock.referenceDate)
  }
}

@Suite("Data integrity: a saved day is only ever that day")
struct WrongDayRepositoryTests {
  @Test func aDayAnsweredWithAnotherDayIsRefusedAndTheGoodCachedDayIsKept() async throws {
    let harness = try RepositoryHarness { .success(sampleAPOD($0, title: "Good \($0.iso)")) }
    _ = try await harness.repository.apod(for: impostorDay)
    // From now on the service answers every day with a different payload for 2020-01-01.
    await harness.source.answer { _ in .success(sampleAPOD(impostorDay, title: "Impostor")) }

    var message: String?
    do {
      let shown = try await harness.repository.apod(for: asked)
      Issue.record("showed \(shown.apod.date.iso) for \(asked.iso)")
    } catch {
      message = error.message(now: TestClock.referenceDate)
    }
    #expect(
      message?.contains("NASA answered with the picture of 2020-01-01 when 2024-03-03 was asked for") == true)
    let kept = try await harness.repository.apod(for: impostorDay, policy: .cacheOnly)
    #expect(kept.apod.title == "Good 2020-01-01")
    await #expect(throws: APODError.notCached) {
      _ = try await harness.repository.apod(for: asked, policy: .cacheOnly)
    }
  }

  @Test func todayAnsweredWithAnotherDayIsNeitherShownNorSaved() async throws {
    let harness = try RepositoryHarness { _ in .success(sampleAPOD(impostorDay, title: "Impostor")) }
    var shownDate: APODDay?
    do {
      shownDate = try await harness.repository.today().apod.date
    } catch {
      #expect(error.message(now: TestClock.referenceDate).contains("when \(today.iso) was asked for"))
    }
    #expect(shownDate == nil)
    await #expect(throws: APODError.notCached) {
      _ = try await harness.repository.apod(for: impostorDay, policy: .cacheOnly)
    }
  }

  @Test func exploreKeepsOnlyTheDaysAskedFor() async throws {
    let harness = try RepositoryHarness { .success(sampleAPOD($0)) }
    _ = try await harness.repository.apod(for: impostorDay)
    let before = try await harness.repository.apod(for: impostorDay, policy: .cacheOnly)
    // A list answer that also carries a day nobody asked for, with other content.
    await harness.source.answer { day in
      day == today.previous ? .success(sampleAPOD(impostorDay, title: "Impostor")) : .success(sampleAPOD(day))
    }
    let result = try await harness.repository.explore(days: 3)
    #expect(!result.items.contains { $0.date == impostorDay })
    let after = try await harness.repository.apod(for: impostorDay, policy: .cacheOnly)
    #expect(after.apod.title == before.apod.title)
  }
}

/// A real loopback server playing a rude service, the real client (one attempt: a refusal is
/// final), a fixed clock.
private func withLoopback(
  _ body: (_ server: LoopbackServer, _ base: URL, _ client: HTTPClient, _ clock: TestClock) async throws ->
    Void
) async throws {
  try await LoopbackAPOD.run(now: morning, attempts: 1) { loopback in
    try await body(loopback.server, loopback.base, loopback.client, loopback.clock)
  }
}

@Suite("Data integrity: sources refuse answers for other days")
struct WrongDaySourceTests {
  @Test func v1AnswerForAnotherDayIsAWrongDayError() async throws {
    try await withLoopback { server, base, client, clock in
      await server.route("/planetary/apod") { _ in .json(APODFixtures.sampleV1(for: impostorDay)) }
      let source = V1APODSource(
        client: client, baseURL: base.appending(path: "planetary/apod"), apiKey: "k", clock: clock)
      #expect(await wrongDayMessage(askingFor: asked, of: source)?.contains(expectedWrongDay) == true)
    }
  }

  @Test func apodBasicAnswerForAnotherDayIsAWrongDayError() async throws {
    try await withLoopback { server, base, client, clock in
      await server.route(prefix: "/wp-json/wp/v2/apod-basic/") { _ in
        .json(APODFixtures.sampleAPODBasic(for: impostorDay))
      }
      let source = APODBasicSource(
        client: client, baseURL: base.appending(path: "wp-json/wp/v2/apod-basic"), clock: clock)
      #expect(await wrongDayMessage(askingFor: asked, of: source)?.contains(expectedWrongDay) == true)
    }
  }

  @Test func apodBasicListEntriesOutsideTheRangeOrInTheFutureAreDropped() async throws {
    try await withLoopback { server, base, client, clock in
      // The list carries tomorrow (impossible) and a day long before the range.
      await server.route("/wp-json/wp/v2/apod-basic") { _ in
        .json(APODFixtures.sampleAPODBasicList([today.next, today, today.previous, impostorDay]))
      }
      await server.route(prefix: "/wp-json/wp/v2/apod-basic/") { _ in
        .json(APODFixtures.apodBasicNotFound, status: 404)
      }
      let source = APODBasicSource(
        client: client, baseURL: base.appending(path: "wp-json/wp/v2/apod-basic"), clock: clock)
      let list = try await source.apods(from: today.previous, through: today)
      #expect(list.items.map(\.date) == [today, today.previous])
    }
  }
}

/// Runs `body` on the app's own stack (real client, limiter, breaker, disk cache in `folder`, the
/// app's session without a URLCache) against `demo`, which is stopped when `body` ends, also when
/// it throws. The stack reads `clock`, the one the demo server's "today" comes from.
private func withAppStack<Value: Sendable>(
  _ choice: APODSourceChoice, against demo: DemoServer, clock: TestClock, savingIn folder: TemporaryDirectory,
  _ body: (APODRepository) async throws -> Value
) async throws -> Value {
  let endpoints = try await demo.start()
  let configuration = APODServiceConfiguration(
    choice: choice, apiKey: "DEMO_KEY", v1BaseURL: endpoints.v1, basicBaseURL: endpoints.apodBasic,
    cacheDirectory: folder.url)
  let session = APODServiceConfiguration.makeSession()
  defer { session.invalidateAndCancel() }
  do {
    let value = try await body(configuration.makeRepository(session: session, clock: clock))
    await demo.stop()
    return value
  } catch {
    await demo.stop()
    throw error
  }
}

@Suite("Data integrity: the app's own stack against a rude demo server", .serialized)
struct RudeDemoServerTests {
  @Test(arguments: [APODSourceChoice.v1, .basic, .auto])
  func aServerAnsweringEveryDayWithOneDaySavesNothingWrong(choice: APODSourceChoice) async throws {
    let clock = TestClock()
    let demo = DemoServer(misbehaviour: .alwaysAnswers(impostorDay), clock: clock)
    let folder = try TemporaryDirectory()
    let (failure, explored) = try await withAppStack(choice, against: demo, clock: clock, savingIn: folder) {
      repository in
      var failure: APODError?
      do throws(APODError) {
        _ = try await repository.apod(for: asked)
      } catch {
        failure = error
      }
      return (failure, try? await repository.explore(days: 5))
    }

    #expect(failure == .wrongDay(asked: asked, answered: impostorDay))
    #expect(explored?.items.isEmpty ?? true)
    let saved = try folder.entries()
    #expect(!saved.contains { $0.hasPrefix("apod-day-") }, "\(saved)")
  }
}

@Suite("Long ranges: a year of Explore from an empty cache", .serialized)
struct LongRangeTests {
  /// A year of Explore from the app's own stack against the demo server, and the requests it took.
  private func exploreAYear(_ choice: APODSourceChoice) async throws -> (result: ExploreResult, requests: Int)
  {
    let clock = TestClock()
    let demo = DemoServer(clock: clock)
    return try await withAppStack(choice, against: demo, clock: clock, savingIn: TemporaryDirectory()) {
      repository in
      (try await repository.explore(days: 366), await demo.requestCount())
    }
  }

  @Test(arguments: [APODSourceChoice.v1, .basic])
  func aYearFromAnEmptyCacheArrivesWholeInAtMost15Requests(choice: APODSourceChoice) async throws {
    let (result, requests) = try await exploreAYear(choice)
    #expect(result.freshness == .fresh)
    #expect(result.items.count >= 365)  // today may not be out yet in the first minutes ET
    #expect(requests <= 15, "\(requests) requests")
  }

  @Test func anInterruptedRangeKeepsTheDaysThatArrived() async throws {
    try await withLoopback { server, base, client, clock in
      // The first (newest) range request answers; every later one is refused.
      let served = Counter()
      await server.route("/planetary/apod") { request in
        guard let start = request.query["start_date"].flatMap({ try? APODDay(iso: $0) }),
          let end = request.query["end_date"].flatMap({ try? APODDay(iso: $0) }), await served.next() == 1
        else { return .json(APODFixtures.v1ErrorDateRange, status: 400) }
        return .json(APODFixtures.sampleV1Range(Array(start...end)))
      }
      let folder = try TemporaryDirectory()
      let repository = APODRepository(
        source: V1APODSource(
          client: client, baseURL: base.appending(path: "planetary/apod"), apiKey: "k", clock: clock
        ),
        cache: JSONDiskCache(directory: folder.url, clock: clock), clock: clock)
      let result = try await repository.explore(days: 60)
      #expect(result.freshness.isStale)
      #expect(result.items.count >= 7)
      #expect(result.items.first?.date == today)
      // What arrived was saved: it is there offline.
      let offline = try await repository.explore(days: 60, .cacheOnly)
      #expect(offline.items.count == result.items.count)
    }
  }
}

private actor Counter {
  private var value = 0
  func next() -> Int {
    value += 1
    return value
  }
}

@Suite("Text: titles cleaned like explanations, paragraphs kept")
struct TextCleaningTests {
  @Test func aV1TitleWithMarkupAndEntitiesIsCleaned() throws {
    let json = #"{"date":"2024-03-03","title":"<i>M31</i> &amp; Friends","media_type":"other"}"#
    let apod = try APOD.decode(Data(json.utf8))
    #expect(apod.title == "M31 & Friends")
  }

  @Test func aPlainV1ExplanationKeepsItsParagraphBreaks() throws {
    let json =
      #"{"date":"2024-03-03","title":"T","media_type":"other","explanation":"First  part.\n\nSecond\npart."}"#
    let apod = try APOD.decode(Data(json.utf8))
    #expect(apod.explanation == "First part.\n\nSecond part.")
  }

  @Test func anApodBasicTitleWithItalicsAndEntitiesIsCleaned() throws {
    let apod = try APOD.decode(Data(APODFixtures.sampleAPODBasic(for: asked).utf8))
    #expect(apod.title == "Sample Sky 2024-03-03 & Friends (sample data)")
  }
}
