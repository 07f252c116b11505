import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension URLSession {
  /// The disk caches are the only caches. An ephemeral configuration is not enough: it still has an
  /// in-memory URLCache, which iOS fills, and swift-corelibs-foundation answers from a session's
  /// URLCache even when the request asks to ignore it.
  public static func uncached() -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    return URLSession(configuration: configuration)
  }
}
