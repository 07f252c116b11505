import Foundation

/// Applied before any cache lookup, so that one image has one key.
public enum ImageURLPolicy {
  /// APOD's JSON still lists `http://apod.nasa.gov/…` image URLs, which App Transport Security would
  /// refuse: NASA hosts are upgraded to https. Scheme, host case and fragment never change the bytes.
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

  /// False for look-alikes such as `nasa.gov.example.com` or `notnasa.gov`.
  public static func isNASAHost(_ host: String) -> Bool {
    let host = host.lowercased()
    return host == "nasa.gov" || host.hasSuffix(".nasa.gov")
  }
}
