import Foundation
import NASA
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// NASA's answers have one cache, the repository's disk cache, which decides freshness per APOD
/// day. A URLCache under it would answer `--refresh` and the next APOD day with an old payload on
/// the iPhone: iOS fills an ephemeral session's in-memory URLCache, Linux never does, so no
/// loopback test here can show it happen. The rule is therefore checked on the session itself.
@Suite struct NASASessionTests {
  @Test func theSessionForNASAHasNoURLCache() {
    let session = APODServiceConfiguration.makeSession()
    defer { session.invalidateAndCancel() }
    #expect(session.configuration.urlCache == nil)
    #expect(session.configuration.requestCachePolicy == .reloadIgnoringLocalCacheData)
  }

  @Test func anEphemeralSessionAloneWouldStillCache() {
    // Why `makeSession()` exists: the ephemeral configuration keeps an in-memory URLCache.
    #expect(URLSessionConfiguration.ephemeral.urlCache != nil)
  }
}
