import Foundation

/// URL hygiene, applied before any cache lookup so that one image has one key.
public enum ImageURLPolicy {
  /// The URL the pipeline fetches and caches for `url`.
  ///
  /// - Only `http` and `https` with a host are accepted.
  /// - NASA hosts (`nasa.gov` and `*.nasa.gov`) given as `http://` are upgraded to `https://`:
  ///   APOD's JSON still lists `http://apod.nasa.gov/…` image URLs, and App Transport Security
  ///   would refuse them. Other http hosts (the loopback test server) are left alone.
  /// - The scheme and host are lower-cased and the fragment dropped: they never change the bytes.
  public static func normalized(_ url: URL) throws(ImagePipelineError) -> URL {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = components.host?.lowercased(), !host.isEmpty
    else {
      throw .unsupportedURL(url.absoluteString)
    }
    components.scheme = scheme == "http" && isNASAHost(host) ? "https" : scheme
    components.host = host
    components.fragment = nil
    guard let normalized = components.url else { throw .unsupportedURL(url.absoluteString) }
    return normalized
  }

  /// True for `nasa.gov` and its subdomains (`apod.nasa.gov`, `images-assets.nasa.gov`), and
  /// false for look-alikes such as `nasa.gov.example.com` or `notnasa.gov`.
  public static func isNASAHost(_ host: String) -> Bool {
    let host = host.lowercased()
    return host == "nasa.gov" || host.hasSuffix(".nasa.gov")
  }
}
