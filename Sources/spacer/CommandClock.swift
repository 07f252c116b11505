import Basics
import Foundation

/// The one clock every command reads: the device's, or a fixed instant for the CLI's own tests.
///
/// `SPACER_NOW`, an ISO 8601 instant such as `2026-11-21T19:00:00Z`, exists only for the tests
/// that run the `spacer` binary: with it, the APOD day, `show`'s range, ages and "try again in"
/// waits are all computed from that instant, so a test computes the same day as the command even
/// around midnight in New York. Time stands still at that instant; waits (backoffs, deadlines)
/// still pass in real time. Nobody else needs it.
enum CommandClock {
  static let environmentVariable = "SPACER_NOW"

  /// `SystemClock`, or the fixed instant `SPACER_NOW` names; a usage error when it names none.
  static func current(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(CommandClockError) -> any Clocking {
    guard let text = environment[environmentVariable] else { return SystemClock() }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    guard let instant = formatter.date(from: text) else { throw CommandClockError(text: text) }
    return FixedInstantClock(now: instant)
  }

  /// `current()` for a command whose `validate()` has already refused a bad `SPACER_NOW`: the
  /// device's clock stands in only if the value went bad after validation.
  static var validated: any Clocking { (try? current()) ?? SystemClock() }
}

/// A `SPACER_NOW` that is not an ISO 8601 instant.
struct CommandClockError: Error, CustomStringConvertible {
  let text: String

  var description: String {
    "\(CommandClock.environmentVariable) must be an ISO 8601 instant such as 2026-11-21T19:00:00Z "
      + "(it is for the CLI's tests only); got \"\(text)\"."
  }
}

/// A clock whose `now` never moves; its waits pass in real time.
struct FixedInstantClock: Clocking {
  let now: Date

  func sleep(for duration: Duration) async throws {
    try await Task.sleep(for: duration)
  }
}
