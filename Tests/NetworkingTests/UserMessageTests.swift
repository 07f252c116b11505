import Foundation
import Testing

@testable import Networking

@Suite struct UserMessageTests {
  let now = ErrorFixture.now

  @Test func everyCaseHasItsOwnMessage() {
    let cases: [HTTPError] = [
      .badRequest(message: nil), .apiKeyMissing, .apiKeyInvalid(code: "API_KEY_INVALID"),
      .notFound(message: nil), .rateLimited(retryAt: nil), .server(statusCode: 500),
      .nonJSONBody(statusCode: 200, contentType: "text/html"), .unexpectedStatus(418), .offline,
      .timedOut, .cancelled, .insecureURL("http://api.nasa.gov/planetary/apod"),
      .circuitOpen(retryAt: now.addingTimeInterval(30)), .transport("URLError -1005"),
    ]
    let messages = cases.map { $0.userMessage(now: now) }
    #expect(Set(messages).count == cases.count)
    #expect(messages.allSatisfy { !$0.isEmpty && $0.hasSuffix(".") })
  }

  @Test func missingAndInvalidKeysGetDifferentMessages() {
    let missing = HTTPError.apiKeyMissing.userMessage(now: now)
    let invalid = HTTPError.apiKeyInvalid(code: "API_KEY_INVALID").userMessage(now: now)
    #expect(missing != invalid)
    #expect(missing.contains("No NASA API key was sent"))
    #expect(invalid.contains("not valid"))
  }

  @Test func badDateStatesTheServersRangeWhenGiven() {
    let message = HTTPError.badRequest(message: "Date must be between Jun 16, 1995 and Nov 20, 2026.")
      .userMessage(now: now)
    #expect(message.contains("Choose a date between Jun 16, 1995 and Nov 20, 2026."))
  }

  @Test func badDateStatesTheDocumentedRangeOtherwise() {
    let message = HTTPError.badRequest(message: nil).userMessage(now: now)
    #expect(message.contains("from June 16, 1995 to today"))
  }

  @Test(arguments: [
    (30.0, "Try again in less than a minute."),
    (60.0, "Try again in 1 minute."),
    (2820.0, "Try again in 47 minutes."),
    (2821.0, "Try again in 48 minutes."),
    (7140.0, "Try again in 119 minutes."),
    (7200.0, "Try again in about 2 hours."),
    (3 * 86_400.0, "Try again in about 3 days."),
  ])
  func rateLimitSaysWhenToRetryRelativeToNow(_ seconds: Double, _ expected: String) {
    let message = HTTPError.rateLimited(retryAt: now.addingTimeInterval(seconds)).userMessage(now: now)
    #expect(message.hasSuffix(expected), "\(message)")
  }

  @Test func rateLimitWhoseTimeHasPassedSaysNow() {
    let message = HTTPError.rateLimited(retryAt: now.addingTimeInterval(-5)).userMessage(now: now)
    #expect(message.hasSuffix("Try again now."))
  }

  /// The pause's end is when a request can go again, not a check Spacer promises to make then.
  @Test func circuitOpenSaysWhenToTryAgain() {
    let message = HTTPError.circuitOpen(retryAt: now.addingTimeInterval(90)).userMessage(now: now)
    #expect(message.hasSuffix("Try again in 2 minutes."))
    let over = HTTPError.circuitOpen(retryAt: now.addingTimeInterval(-5)).userMessage(now: now)
    #expect(over.hasSuffix("Try again now."), "\(over)")
  }

  @Test func serverRangeIsReadFromTheServiceSentence() throws {
    let range = try #require(
      HTTPError.dateRange(in: "Date must be between Jun 16, 1995 and Dec 13, 2021."))
    #expect(range.0 == "Jun 16, 1995")
    #expect(range.1 == "Dec 13, 2021")
    #expect(HTTPError.dateRange(in: "start_date cannot be after end_date") == nil)
  }
}

@Suite struct RetryAfterTests {
  let now = ErrorFixture.now

  @Test func secondsAreCountedFromNow() {
    #expect(RetryAfter.date(from: "2870", now: now) == now.addingTimeInterval(2870))
    #expect(RetryAfter.date(from: " 120 ", now: now) == now.addingTimeInterval(120))
  }

  @Test func negativeSecondsMeanNow() {
    #expect(RetryAfter.date(from: "-5", now: now) == now)
  }

  @Test(arguments: [
    "Fri, 20 Nov 2026 12:47:00 GMT",
    "Friday, 20-Nov-26 12:47:00 GMT",
    "Fri Nov 20 12:47:00 2026",
  ])
  func httpDatesInAllThreeFormsAreRead(_ value: String) {
    #expect(RetryAfter.date(from: value, now: now) == now.addingTimeInterval(47 * 60))
  }

  @Test func aDateInThePastMeansNow() {
    #expect(RetryAfter.date(from: "Thu, 19 Nov 2026 12:00:00 GMT", now: now) == now)
  }

  @Test func missingOrUnreadableValuesAreNil() {
    #expect(RetryAfter.date(from: nil, now: now) == nil)
    #expect(RetryAfter.date(from: "soon", now: now) == nil)
    #expect(RetryAfter.date(from: "", now: now) == nil)
  }
}
