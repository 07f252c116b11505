import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension URLSession {
  /// A session with no URL cache, for every Spacer download: the APOD repository's disk cache and
  /// the image pipeline's disk tier are the only caches, and NASA's cache headers are not meant
  /// for offline use. An ephemeral configuration is not enough on its own: it still has an
  /// in-memory URLCache, which iOS fills (Linux never does), and swift-corelibs-foundation answers
  /// from a session's URLCache even when the request asks to ignore it. So the cache is removed
  /// from the session itself, and requests ignore any local copy.
  public static func uncached() -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    return URLSession(configuration: configuration)
  }
}
