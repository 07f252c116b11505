import Foundation

/// A key built into the app is shared by every user (1,000 requests an hour for all; `DEMO_KEY` 30).
/// Per service: once `X-RateLimit-Remaining` is 0 or a 429 arrives, requests fail fast until
/// `Retry-After` (else `defaultBlock`: the gateway's window is an hour); and a local budget, for
/// requests that spend a shared quota, so that one person cannot burn the key.
public struct RateLimiter: Sendable {
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
    var sent: [Date] = []
  }

  private let budget: Budget?
  private let defaultBlock: Duration
  private var buckets: [String: Bucket] = [:]

  public init(budget: Budget? = .standard, defaultBlock: Duration = .seconds(3600)) {
    self.budget = budget
    self.defaultBlock = defaultBlock
  }

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

  /// Call for every response, errors included.
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

  public func blockedUntil(for url: URL, now: Date) -> Date? {
    guard let until = buckets[url.policyKey]?.blockedUntil, now < until else { return nil }
    return until
  }

  public func remainingQuota(for url: URL) -> Int? {
    buckets[url.policyKey]?.remaining
  }
}
