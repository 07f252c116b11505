import APODTestSupport
import Foundation
import Networking
import TestSupport
import Testing

@testable import NASA

/// The APOD defaults that are product rules, pinned by what they do so a change is a decision.
@Suite struct APODDefaultsTests {
  /// After apod-basic fails twice in a row the automatic source stays on v1 for six hours before
  /// probing apod-basic again: long enough not to spend a failing service's answers (and the
  /// shared DEMO_KEY's quota on v1 is 100 an hour) on every launch, short enough that a recovered
  /// apod-basic is back the same day.
  @Test func afterTwoFailuresTheSourceStaysOnV1ForSixHours() async throws {
    let start = utc("2026-11-21T19:00:00Z")
    let today = day("2026-11-21")
    let clock = TestClock(start)
    let basic = FakeAPODSource { _ in .failure(.network(.server(statusCode: 502))) }
    let v1 = FakeAPODSource { day in .success(sampleAPOD(day, source: .v1)) }
    let source = AutomaticAPODSource(preferred: basic, fallback: v1, clock: clock)
    _ = try await source.apod(for: today)
    #expect(await source.route == .preferred(failures: 1))
    _ = try await source.apod(for: today)
    #expect(await source.route == .fallback(probeAt: start + 6 * 3600))
  }

  /// Before today's picture is published, Today asks again after 15 minutes: NASA publishes soon
  /// after midnight in New York, and a quarter of an hour keeps a waiting screen from polling.
  @Test func todayIsAskedAgainAfterFifteenMinutesBeforeItIsPublished() {
    let repository = APODRepository(
      source: FakeAPODSource { day in .failure(.notPublishedYet(day)) },
      cache: JSONDiskCache(
        directory: FileManager.default.temporaryDirectory.appendingPathComponent("APODDefaults-\(UUID())"),
        clock: TestClock()),
      clock: TestClock())
    #expect(repository.recheckInterval == 15 * 60)
  }
}
