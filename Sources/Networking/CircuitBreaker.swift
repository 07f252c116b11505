import Foundation

/// Per service (host and port): after `failureThreshold` consecutive failures requests fail fast
/// until `cooldown` has passed; then one trial request decides. A 4xx is a healthy server's answer.
/// A value in `HTTPClient`'s state, so bookkeeping costs no hop to another actor.
public struct CircuitBreaker: Sendable {
  public enum State: Sendable, Hashable {
    case closed(consecutiveFailures: Int)
    case open(until: Date)
    case halfOpen
  }

  public enum Outcome: Sendable, Hashable {
    /// The server answered (a 2xx, or a 4xx/429, which only a working server sends).
    case success
    /// A 5xx, a proxy's error page, a timeout, or a broken connection.
    case failure
    /// Says nothing about the server: cancelled, offline, or refused before sending.
    case neutral

    public init(_ error: HTTPError) {
      switch error {
      case .server, .timedOut, .transport:
        self = .failure
      case .nonJSONBody(let statusCode, _):
        // A 5xx page is an outage; a 200 page is more likely a captive portal than NASA.
        self = (500..<600).contains(statusCode) ? .failure : .neutral
      case .unexpectedStatus(let statusCode):
        self = (500..<600).contains(statusCode) ? .failure : .success
      case .badRequest, .apiKeyMissing, .apiKeyInvalid, .notFound, .rateLimited, .insecureURL:
        self = .success
      case .offline, .lowDataMode, .cancelled, .circuitOpen:
        self = .neutral
      }
    }
  }

  private enum Circuit {
    case closed(failures: Int)
    case open(until: Date)
    case halfOpen(trialInFlight: Bool)
  }

  private let failureThreshold: Int
  private let cooldown: Duration
  private var circuits: [String: Circuit] = [:]

  public init(failureThreshold: Int = 5, cooldown: Duration = .seconds(30)) {
    self.failureThreshold = max(1, failureThreshold)
    self.cooldown = cooldown
  }

  /// A caller let through must later call `record(_:for:now:)` exactly once.
  public mutating func acquire(for url: URL, now current: Date) throws(HTTPError) {
    let key = url.policyKey
    switch circuits[key] ?? .closed(failures: 0) {
    case .closed:
      return
    case .open(let until) where current < until:
      throw .circuitOpen(retryAt: until)
    case .open, .halfOpen(trialInFlight: false):
      // Cooldown over: this caller is the one trial request.
      circuits[key] = .halfOpen(trialInFlight: true)
    case .halfOpen(trialInFlight: true):
      throw .circuitOpen(retryAt: current.addingTimeInterval(cooldown.timeInterval))
    }
  }

  public mutating func record(_ outcome: Outcome, for url: URL, now: Date) {
    let key = url.policyKey
    let circuit = circuits[key] ?? .closed(failures: 0)
    switch (outcome, circuit) {
    case (.success, _):
      circuits[key] = .closed(failures: 0)
    case (.failure, .closed(let failures)) where failures + 1 < failureThreshold:
      circuits[key] = .closed(failures: failures + 1)
    case (.failure, .closed), (.failure, .halfOpen):
      circuits[key] = .open(until: now.addingTimeInterval(cooldown.timeInterval))
    case (.failure, .open):
      // A request sent before the circuit opened; the cooldown already runs.
      break
    case (.neutral, .halfOpen(trialInFlight: true)):
      // The trial told us nothing: let the next request be the trial.
      circuits[key] = .halfOpen(trialInFlight: false)
    case (.neutral, _):
      break
    }
  }

  public func state(for url: URL, now: Date) -> State {
    switch circuits[url.policyKey] ?? .closed(failures: 0) {
    case .closed(let failures):
      .closed(consecutiveFailures: failures)
    case .open(let until):
      now < until ? .open(until: until) : .halfOpen
    case .halfOpen:
      .halfOpen
    }
  }
}
