import Foundation
import Localization

extension HTTPError {
  /// `now` is the injected clock's, so that "try again in 47 minutes" is testable.
  public func userMessage(now: Date) -> String {
    switch self {
    case .badRequest(let message):
      return Self.badRequestMessage(message)
    case .apiKeyMissing:
      return Localized.text(
        "No NASA API key was sent. Add your API key (a free one is available at api.nasa.gov) "
          + "and try again.")
    case .apiKeyInvalid(let code):
      return Self.apiKeyMessage(code: code)
    case .notFound(let message):
      return Self.notFoundMessage(message)
    case .rateLimited(let retryAt):
      let when =
        retryAt.map { Localized.text("Try again %@.", Self.relativeWait(until: $0, now: now)) }
        ?? Localized.text("Try again later; the limit resets within an hour.")
      return Localized.text("Too many requests have been made to NASA with this API key. %@", when)
    case .server(let statusCode):
      return Localized.text(
        "NASA's servers are having trouble right now (error %lld). Try again in a few minutes.", statusCode)
    case .nonJSONBody(let statusCode, _):
      return Self.nonJSONMessage(statusCode: statusCode)
    case .unexpectedStatus(let statusCode):
      return Localized.text("NASA answered in an unexpected way (error %lld). Try again later.", statusCode)
    case .circuitOpen(let retryAt):
      // Not "Spacer will try again": an open screen checks again on its own schedule, not then.
      return Localized.text(
        "NASA's servers failed several times in a row, so Spacer is pausing requests. "
          + "Try again %@.", Self.relativeWait(until: retryAt, now: now))
    case .offline, .lowDataMode, .timedOut, .cancelled, .insecureURL, .transport:
      // One sentence per connection failure, shared with image downloads.
      return connectionMessage ?? ""
    }
  }

  /// The same sentence whatever was fetched, JSON or an image; nil for the server's answers and the
  /// circuit breaker's pause.
  public var connectionMessage: String? {
    switch self {
    case .offline:
      Localized.text("You appear to be offline. Check your internet connection and try again.")
    case .lowDataMode:
      Localized.text("Low Data Mode is on, so this isn’t downloaded on this network.")
    case .timedOut:
      Localized.text("NASA took too long to answer. Check your connection and try again.")
    case .cancelled:
      Localized.text("The request was cancelled.")
    case .insecureURL(let url):
      Localized.text(
        "Spacer refused to contact %@ because the connection would not be secure "
          + "(NASA addresses must use https).", url)
    case .transport:
      Localized.text("The connection to NASA was interrupted. Check your connection and try again.")
    case .badRequest, .apiKeyMissing, .apiKeyInvalid, .notFound, .rateLimited, .server, .nonJSONBody,
      .unexpectedStatus, .circuitOpen:
      nil
    }
  }

  static let firstDayText = Localized.text("June 16, 1995")

  /// 400s. A date the service refused must state the valid range: the service's own range when it
  /// gave one ("Date must be between Jun 16, 1995 and Dec 13, 2021."), else the documented one.
  private static func badRequestMessage(_ message: String?) -> String {
    let fallbackRange = Localized.text("Pictures exist for dates from %@ to today.", firstDayText)
    guard let message else {
      return Localized.text("NASA could not answer that request. %@", fallbackRange)
    }
    if let (first, last) = dateRange(in: message) {
      return Localized.text(
        "That date is outside the range NASA has pictures for. Choose a date between %@ and %@.", first, last)
    }
    let lowered = message.lowercased()
    if lowered.contains("field") {
      // "invalid field combination" / "incorrect field passed": a request Spacer built wrongly.
      return Localized.text(
        "NASA could not understand the request. Try again, or update Spacer if this keeps happening.")
    }
    if lowered.contains("cannot be after") {
      return Localized.text(
        "That date range is not valid: the start must not be after the end. %@", fallbackRange)
    }
    if lowered.contains("date") || lowered.contains("time data") {
      return Localized.text("That date is not valid. %@", fallbackRange)
    }
    if lowered.contains("count") || lowered.contains("int()") {
      return Localized.text("NASA can send between 1 and 100 random pictures at a time.")
    }
    return Localized.text("NASA could not understand the request. %@", fallbackRange)
  }

  /// The bounds in the service's "Date must be between <first> and <last>." sentence.
  static func dateRange(in message: String) -> (String, String)? {
    guard let between = message.range(of: "between ", options: .caseInsensitive) else { return nil }
    let rest = message[between.upperBound...]
    guard let and = rest.range(of: " and ") else { return nil }
    let first = rest[..<and.lowerBound].trimmingCharacters(in: .whitespaces)
    var last = rest[and.upperBound...].trimmingCharacters(in: .whitespaces)
    if last.hasSuffix(".") { last.removeLast() }
    guard !first.isEmpty, !last.isEmpty else { return nil }
    return (first, last)
  }

  /// 403s: a missing key and an unusable key need different fixes, so each code gets its own.
  private static func apiKeyMessage(code: String) -> String {
    switch code {
    case "API_KEY_DISABLED":
      Localized.text("This NASA API key has been disabled. Get a new key at api.nasa.gov.")
    case "API_KEY_UNVERIFIED":
      Localized.text(
        "This NASA API key has not been verified yet. Follow the link in the sign-up email, then try again.")
    case "API_KEY_UNAUTHORIZED":
      Localized.text(
        "This NASA API key is not allowed to use this service. Check the key's settings at api.nasa.gov.")
    default:
      Localized.text("The NASA API key is not valid. Check it for typos, or get a new one at api.nasa.gov.")
    }
  }

  /// 404s. Whether "not found" means "not published yet" is decided by the NASA layer, which
  /// knows the APOD day; here it is only a clear not-found, naming the date when the service did.
  private static func notFoundMessage(_ message: String?) -> String {
    let prefix = "No data available for date: "
    if let message, message.hasPrefix(prefix) {
      let date = message.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
      if !date.isEmpty, date != "None" {
        return Localized.text("NASA has no picture for %@.", date)
      }
    }
    return Localized.text("NASA could not find what was asked for.")
  }

  private static func nonJSONMessage(statusCode: Int) -> String {
    if (500..<600).contains(statusCode) {
      return Localized.text(
        "NASA's servers are having trouble right now (error %lld). Try again in a few minutes.", statusCode)
    }
    if (200..<300).contains(statusCode) {
      return Localized.text(
        "NASA sent a web page instead of data. If you are on a Wi-Fi network that needs a sign-in, "
          + "sign in and try again.")
    }
    return Localized.text(
      "NASA answered with an error page instead of data (error %lld). Try again later.", statusCode)
  }

  /// Rounded up, so a person who waits that long is never early.
  static func relativeWait(until date: Date, now: Date) -> String {
    let seconds = date.timeIntervalSince(now)
    if seconds <= 0 { return Localized.text("now") }
    if seconds < 60 { return Localized.text("in less than a minute") }
    let minutes = Int((seconds / 60).rounded(.up))
    // One key per grammatical number: 1 is singular in English and French alike, and 0 never
    // comes here (a wait under a minute is said above).
    if minutes == 1 { return Localized.text("in 1 minute") }
    if minutes < 120 { return Localized.text("in %lld minutes", minutes) }
    let hours = Int((seconds / 3600).rounded(.up))
    if hours < 48 { return Localized.text("in about %lld hours", hours) }
    let days = Int((seconds / 86_400).rounded(.up))
    return Localized.text("in about %lld days", days)
  }
}
