import Basics
import Foundation
import Networking

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

public enum APODSourceChoice: String, Sendable, Hashable, CaseIterable {
  /// Only the legacy `api.nasa.gov/planetary/apod` (needs a key; retired 2026-12-01). The one
  /// choice that still asks it from that day on.
  case v1
  case basic
  /// apod-basic first, v1 while apod-basic is gone or failing, until v1's retirement
  /// (`APODDay.legacyServiceRetirement`); from then on apod-basic only (the app's default).
  case auto
}

/// So the app and the `spacer` CLI build the APOD stack the same way.
public struct APODServiceConfiguration: Sendable {
  public var choice: APODSourceChoice
  /// api.nasa.gov key for v1; nil or blank means `DEMO_KEY`.
  public var apiKey: String?
  public var v1BaseURL: URL
  public var basicBaseURL: URL
  public var cacheDirectory: URL
  /// Bump when `APOD`'s stored form changes: files older than `oldestReadableCacheSchema` then
  /// read as misses. 2: copies saved with 1 are checked for what earlier builds misread
  /// (`APODRepository`), and refetched.
  public static let cacheSchemaVersion = 2
  public static let oldestReadableCacheSchema = 1

  public static func dayCache(directory: URL, clock: any Clocking) -> JSONDiskCache {
    JSONDiskCache(
      directory: directory, schemaVersion: cacheSchemaVersion,
      oldestReadableSchema: oldestReadableCacheSchema,
      clock: clock)
  }

  public init(
    choice: APODSourceChoice = .auto, apiKey: String? = nil,
    v1BaseURL: URL = V1APODSource.defaultBaseURL, basicBaseURL: URL = APODBasicSource.defaultBaseURL,
    cacheDirectory: URL
  ) {
    self.choice = choice
    self.apiKey = apiKey
    self.v1BaseURL = v1BaseURL
    self.basicBaseURL = basicBaseURL
    self.cacheDirectory = cacheDirectory
  }

  public func makeSource(
    client: any HTTPClienting, clock: any Clocking
  ) -> any APODSource {
    switch choice {
    case .v1: V1APODSource(client: client, baseURL: v1BaseURL, apiKey: apiKey, clock: clock)
    case .basic: APODBasicSource(client: client, baseURL: basicBaseURL, clock: clock)
    case .auto:
      AutomaticAPODSource(
        client: client, apiKey: apiKey, v1BaseURL: v1BaseURL, basicBaseURL: basicBaseURL, clock: clock)
    }
  }

  public static func makeSession() -> URLSession { .uncached() }

  /// Without a `session`, one is made on the first request: on Linux a session sets up a transfer
  /// thread, and a launch answered from the cache needs none.
  public func makeRepository(
    session: URLSession? = nil,
    clock: any Clocking
  ) -> APODRepository {
    let client = HTTPClient(
      makingSession: { session ?? Self.makeSession() }, rateLimiter: RateLimiter(),
      retryPolicy: RetryPolicy(),
      circuitBreaker: CircuitBreaker(), clock: clock)
    return APODRepository(
      source: makeSource(client: client, clock: clock),
      cache: Self.dayCache(directory: cacheDirectory, clock: clock),
      clock: clock)
  }
}
