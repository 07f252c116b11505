import Foundation

/// Applied before any cache lookup, so that one image has one key.
public enum ImageURLPolicy {
  /// APOD's JSON still lists `http://apod.nasa.gov/…` image URLs, which App Transport Security would
  /// refuse: NASA hosts are upgraded to https. Scheme, host case and fragment never change the bytes.
  public static func normalized(_ url: URL) throws(ImagePipelineError) -> URL {
    if isNormalAlready(url) { return url }
    return try normalizedByComponents(url)
  }

  static func normalizedByComponents(_ url: URL) throws(ImagePipelineError) -> URL {
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

  /// An absolute `https` address with a lower-case host name and no port, user or fragment, in
  /// printable ASCII: what NASA's services send, and what the components would give back unchanged.
  /// Taking it apart costs more than the rest of a launch's first look at a picture.
  static func isNormalAlready(_ url: URL) -> Bool {
    guard url.baseURL == nil else { return false }
    var text = url.absoluteString
    return text.withUTF8 { bytes in
      let scheme = "https://".utf8
      guard bytes.count > scheme.count, bytes.starts(with: scheme) else { return false }
      var index = scheme.count
      while index < bytes.count, bytes[index] != UInt8(ascii: "/") {
        let byte = bytes[index]
        let isHostByte =
          (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: ".")
          || byte == UInt8(ascii: "-")
        guard isHostByte else { return false }
        index += 1
      }
      guard index > scheme.count else { return false }
      return bytes[index...].allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "#") }
    }
  }

  /// False for look-alikes such as `nasa.gov.example.com` or `notnasa.gov`.
  public static func isNASAHost(_ host: String) -> Bool {
    let host = host.lowercased()
    return host == "nasa.gov" || host.hasSuffix(".nasa.gov")
  }
}
