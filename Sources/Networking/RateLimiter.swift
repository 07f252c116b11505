import Foundation

/// Keeps Spacer inside NASA's request quota, so that a spent quota costs no further requests.
///
/// A key built into the app is shared by every user (1,000 requests an hour for all of them
/// together; `DEMO_KEY` allows 30), so two rules apply, each per service (host and port):
/// - **Server quota.** Every response's `X-RateLimit-Remaining` (any letter case) and every 429's
///   `Retry-After` (seconds or an HTTP date) are read. Once the quota is spent (remaining 0, or a
///   429) requests fail fast with `.rateLimited(retryAt:)` without touching the network until the
///   retry time: `Retry-After` when given, else `defaultBlock` (the gateway's window is an hour).
/// - **Local budget.** At most `budget.requests` requests per rolling `budget.window`, so one
///   person (or a runaway loop) cannot burn the shared key. Only requests that spend a shared
///   quota count (`acquire(for:budgeted:now:)`): a keyless feed or a server on this machine has no
///   shared quota to protect.
///
/// A value: `HTTPClient` keeps it in its own state and passes its clock's `now`, so checking and
/// recording a request costs no hop to another actor.
public struct RateLimiter: Sendable {
  /// A number of requests allowed in a rolling window.
  public struct Budget: Sendable, Hashable {
    public var requests: Int
    public var window: Duration

    public init(requests: Int, window: Duration) {
      self.requests = max(0, requests)
      self.window = window
    }

    /// 100 requests per rolling hour: a tenth of a registered key's hourly quota, far more than
    /// a person browsing pictures needs.
    public static let standard = Budget(requests: 100, window: .seconds(3600))
  }

  private struct Bucket {
    var blockedUntil: Date?
    var remaining: Int?
    /// Send times of the requests inside the current budget window, oldest first.
    var sent: [Date] = []
  }

  private let budget: Budget?
  private let defaultBlock: Duration
  private var buckets: [String: Bucket] = [:]

  /// - Parameters:
  ///   - budget: the local budget per service, or nil for none.
  ///   - defaultBlock: how long to stop when the quota is spent and the server gave no `Retry-After`.
  public init(budget: Budget? = .standard, defaultBlock: Duration = .seconds(3600)) {
    self.budget = budget
    self.defaultBlock = defaultBlock
  }

  /// Reserves one request to `url`'s service, or throws `.rateLimited(retryAt:)` without any
  /// network traffic when the server quota or (for a `budgeted` request) the local budget is spent.
  public mutating func acquire(for url: URL, budgeted: Bool = true, now current: Date) throws(HTTPError) {
    let key = url.policyKey
    var bucket = buckets[key] ?? Bucket()
    if let until = bucket.blockedUntil {
      if current < until { throw .rateLimited(retryAt: until) }
      bucket.blockedUntil = nil
      bucket.remaining = nil
    }
    if let budget, budgeted {
      let windowStart = current.addingTimeInterval(-budget.window.timeInterval)
      bucket.sent.removeAll { $0 <= windowStart }
      if bucket.sent.count >= budget.requests {
        buckets[key] = bucket
        // The oldest request leaves the rolling window first, freeing one slot.
        let freedAt = bucket.sent.first.map { $0.addingTimeInterval(budget.window.timeInterval) }
        throw .rateLimited(retryAt: freedAt ?? current.addingTimeInterval(budget.window.timeInterval))
      }
      bucket.sent.append(current)
    }
    buckets[key] = bucket
  }

  /// Gives back a reservation that was never sent because another policy refused it first.
  public mutating func refund(for url: URL) {
    let key = url.policyKey
    guard var bucket = buckets[key], !bucket.sent.isEmpty else { return }
    bucket.sent.removeLast()
    buckets[key] = bucket
  }

  /// Reads the quota headers of a response from `url`'s service (every response, errors included).
  public mutating func record(_ response: HTTPResponse, for url: URL, now current: Date) {
    let key = url.policyKey
    var bucket = buckets[key] ?? Bucket()
    let remaining = response.header("X-RateLimit-Remaining")
      .flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    if let remaining { bucket.remaining = remaining }
    let quotaSpent = response.statusCode == 429 || (remaining ?? 1) <= 0
    if quotaSpent {
      let retryAt = RetryAfter.date(from: response.header("Retry-After"), now: current)
      bucket.blockedUntil = retryAt ?? current.addingTimeInterval(defaultBlock.timeInterval)
    } else if remaining != nil {
      // A fresh count above zero is newer evidence than any earlier block.
      bucket.blockedUntil = nil
    }
    buckets[key] = bucket
  }

  /// Until when requests to `url`'s service are refused because the server quota is spent.
  public func blockedUntil(for url: URL, now: Date) -> Date? {
    guard let until = buckets[url.policyKey]?.blockedUntil, now < until else { return nil }
    return until
  }

  /// The server's last reported `X-RateLimit-Remaining` for `url`'s service.
  public func remainingQuota(for url: URL) -> Int? {
    buckets[url.policyKey]?.remaining
  }
}
