import Basics
import Foundation

/// `SPACER_NOW` (an ISO 8601 instant) exists only for the tests that run the `spacer` binary, so a
/// test computes the same APOD day as the command even around midnight in New York. Time stands still
/// at that instant; waits still pass in real time.
enum CommandClock {
  static let environmentVariable = "SPACER_NOW"

  static func current(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(CommandClockError) -> any Clocking {
    guard let text = environment[environmentVariable] else { return SystemClock() }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    guard let instant = formatter.date(from: text) else { throw CommandClockError(text: text) }
    return FixedInstantClock(now: instant)
  }

  /// The device's clock stands in only if the value went bad after validation.
  static var validated: any Clocking { (try? current()) ?? SystemClock() }
}

struct CommandClockError: Error, CustomStringConvertible {
  let text: String

  var description: String {
    "\(CommandClock.environmentVariable) must be an ISO 8601 instant such as 2026-11-21T19:00:00Z "
      + "(it is for the CLI's tests only); got \"\(text)\"."
  }
}

struct FixedInstantClock: Clocking {
  let now: Date

  func sleep(for duration: Duration) async throws {
    try await Task.sleep(for: duration)
  }
}
