import Basics
import Foundation
import Networking

/// apod-basic first (no key, no shared quota, the service NASA is moving to). A service failure is
/// retried on the fallback at once; connection problems are not (another service would not do
/// better). A past day the preferred source says has no APOD is asked of the fallback too. After
/// `failureThreshold` failures in a row the fallback is used for `cooldown`, then one probe at a
/// time. Requests overlap (the actor is reentrant), so the latest start wins `route`. From
/// `fallbackRetiresOn` the fallback is never asked.
public actor AutomaticAPODSource: APODSource {
  public enum Route: Sendable, Hashable {
    case preferred(failures: Int)
    case fallback(probeAt: Date)
  }

  public let failureThreshold: Int
  public let cooldown: TimeInterval
  public let fallbackRetiresOn: APODDay?
  public private(set) var route: Route = .preferred(failures: 0)

  private let preferred: any APODSource
  private let fallback: any APODSource
  private let clock: any Clocking

  public init(
    preferred: any APODSource, fallback: any APODSource, failureThreshold: Int = 2,
    cooldown: TimeInterval = 6 * 3600, fallbackRetiresOn: APODDay? = nil,
    clock: any Clocking
  ) {
    self.preferred = preferred
    self.fallback = fallback
    self.failureThreshold = max(1, failureThreshold)
    self.cooldown = cooldown
    self.fallbackRetiresOn = fallbackRetiresOn
    self.clock = clock
  }

  public init(
    client: any HTTPClienting, apiKey: String?,
    v1BaseURL: URL = V1APODSource.defaultBaseURL,
    basicBaseURL: URL = APODBasicSource.defaultBaseURL,
    clock: any Clocking
  ) {
    self.init(
      preferred: APODBasicSource(client: client, baseURL: basicBaseURL, clock: clock),
      fallback: V1APODSource(client: client, baseURL: v1BaseURL, apiKey: apiKey, clock: clock),
      fallbackRetiresOn: APODDay.legacyServiceRetirement, clock: clock)
  }

  public func apod(for day: APODDay) async throws(APODError) -> APOD {
    try await routed { source throws(APODError) in try await source.apod(for: day) }
  }

  public func apods(from start: APODDay, through end: APODDay) async throws(APODError) -> APODList {
    try await routed { source throws(APODError) in try await source.apods(from: start, through: end) }
  }

  /// Batches go to `receive` from whichever source answers; when the preferred source fails half
  /// way, the fallback answers the whole range again (a batch may then arrive twice).
  public func apods(
    from start: APODDay, through end: APODDay, receive: @Sendable (APODList) async -> Void
  ) async throws(APODError) -> APODList {
    try await routed { source throws(APODError) in
      try await source.apods(from: start, through: end, receive: receive)
    }
  }

  /// Requests get a number in the order they start; `applied` is the number of the request whose
  /// outcome last moved `route`. An outcome from a request that started before it is stale (a
  /// late failure must not undo a newer success) and is ignored.
  private var started = 0
  private var applied = -1
  private var probing = false

  private func routed<Value: Sendable>(
    _ operation: @Sendable (any APODSource) async throws(APODError) -> Value
  ) async throws(APODError) -> Value {
    if let fallbackRetiresOn, APODDay.today(now: clock.now) >= fallbackRetiresOn {
      return try await operation(preferred)
    }
    let ticket = started
    started += 1
    let isProbe: Bool
    switch route {
    case .fallback(let probeAt):
      // One probe at a time: while one is under way, the cooldown goes on for the others.
      if clock.now < probeAt || probing { return try await operation(fallback) }
      isProbe = true
      probing = true
    case .preferred:
      isProbe = false
    }
    let answer: Result<Value, APODError>
    do {
      answer = .success(try await operation(preferred))
    } catch {
      answer = .failure(error)
    }
    if isProbe { probing = false }
    switch answer {
    case .success(let value):
      settle(.preferred(failures: 0), ticket: ticket)
      return value
    case .failure(.noAPOD(let day)):
      // A genuine gap, or has the preferred source lost data? The fallback decides.
      let value: Value
      do {
        value = try await operation(fallback)
      } catch .noAPOD {
        settle(.preferred(failures: 0), ticket: ticket)
        throw .noAPOD(day)
      } catch {
        throw .noAPOD(day)
      }
      recordFailure(isProbe: isProbe, ticket: ticket)
      return value
    case .failure(let failure) where failure.isConnectivityProblem || !Self.isServiceFailure(failure):
      throw failure
    case .failure:
      recordFailure(isProbe: isProbe, ticket: ticket)
      return try await operation(fallback)
    }
  }

  private func settle(_ next: Route, ticket: Int) {
    guard ticket > applied else { return }
    applied = ticket
    route = next
  }

  private func recordFailure(isProbe: Bool, ticket: Int) {
    let failures: Int
    if case .preferred(let count) = route { failures = count + 1 } else { failures = failureThreshold }
    if isProbe || failures >= failureThreshold {
      settle(.fallback(probeAt: clock.now.addingTimeInterval(cooldown)), ticket: ticket)
    } else {
      settle(.preferred(failures: failures), ticket: ticket)
    }
  }

  static func isServiceFailure(_ error: APODError) -> Bool {
    switch error {
    case .network, .unreadable, .wrongDay, .notReceived: true
    case .notPublishedYet, .noAPOD, .invalidDay, .notCached, .clockBeforeFirstDay: false
    }
  }
}
