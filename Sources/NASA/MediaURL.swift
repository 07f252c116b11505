import Foundation
import TextCleaning

public enum MediaURL {
  /// v1's standard images are about 960–1080 pixels wide, so both services give lists a similar size.
  static let standardWidth = 1024

  private static let imageExtensions: Set<String> = [
    "jpg", "jpeg", "png", "gif", "webp", "tif", "tiff", "bmp", "avif",
  ]

  /// `http` on a nasa.gov host is upgraded to https: App Transport Security blocks plain HTTP.
  static func parse(_ raw: String?, relativeTo base: URL? = nil) -> URL? {
    guard let trimmed = raw.map(TextScan.trimmed), !trimmed.isEmpty
    else { return nil }
    // The usual case, an absolute https address of plain characters, needs one parse only.
    if base == nil, trimmed.hasPrefix("https://"),
      !TextScan.containsByte(in: trimmed, where: { !TextScan.isPrintableASCII($0) }),
      let url = URL(string: trimmed), hasPlainHost(trimmed) || !(url.host ?? "").isEmpty
    {
      return url
    }
    var text = trimmed
    if text.hasPrefix("//") { text = "https:" + text }
    let parsed =
      URL(string: text, relativeTo: base)
      ?? text.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed)
      .flatMap { URL(string: $0, relativeTo: base) }
    guard var url = parsed?.absoluteURL,
      var components = URLComponents(url: url, resolvingAgainstBaseURL: true),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = components.host, !host.isEmpty
    else { return nil }
    if scheme == "http", isNASAHost(host) {
      components.scheme = "https"
      if components.port == 80 { components.port = nil }
      url = components.url ?? url
    }
    return url
  }

  /// The parsed URL's host is then that text, and need not be read back.
  private static func hasPlainHost(_ text: String) -> Bool {
    TextScan.withBytes(of: text) { bytes in
      var count = 0
      for byte in bytes.dropFirst("https://".utf8.count) {
        if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
        guard isHostNameByte(byte) else { return false }
        count += 1
      }
      return count > 0
    }
  }

  @inline(__always)
  private static func isHostNameByte(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte)
      || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  static func isNASAHost(_ host: String) -> Bool {
    let lowered = host.lowercased()
    return lowered == "nasa.gov" || lowered.hasSuffix(".nasa.gov")
  }

  /// Not one of the placeholders reported after the migration (a NASA logo, a generic news thumbnail).
  static func usableImage(_ url: URL?) -> URL? {
    guard let url, url.scheme?.lowercased() == "https" else { return nil }
    let path = url.path
    if TextScan.contains("/nasa-logo", in: path)
      || TextScan.contains("/images/misc/news-thumbnail.", in: path)
    {
      return nil
    }
    return url
  }

  /// Guards against a v1 `url` that is an article page (reported for the post-migration v1).
  static func isImageFile(_ url: URL) -> Bool {
    imageExtensions.contains(url.pathExtension.lowercased()) || isResizableCDN(url)
  }

  static func isResizableCDN(_ url: URL) -> Bool {
    url.host?.lowercased() == "assets.science.nasa.gov" && url.path.hasPrefix("/dynamicimage/")
  }

  static func standardSize(_ url: URL) -> URL {
    guard isResizableCDN(url),
      var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    else { return url }
    var items = components.percentEncodedQueryItems ?? []
    let width = items.first(where: { $0.name == "w" }).flatMap { $0.value.flatMap(Int.init) }
    let height = items.first(where: { $0.name == "h" }).flatMap { $0.value.flatMap(Int.init) }
    if let width, width <= standardWidth { return url }
    var scaledHeight: Int?
    if let width, let height, width > 0 {
      scaledHeight = Int((Double(height) * Double(standardWidth) / Double(width)).rounded(.up))
    }
    // Keep the other parameters (fit, crop) and their order; only the size changes.
    items = items.compactMap { item in
      switch item.name {
      case "w": URLQueryItem(name: "w", value: String(standardWidth))
      case "h": scaledHeight.map { URLQueryItem(name: "h", value: String($0)) }
      default: item
      }
    }
    // A `w` that is not a number was replaced above: not a second one.
    if !items.contains(where: { $0.name == "w" }) {
      items.insert(URLQueryItem(name: "w", value: String(standardWidth)), at: 0)
    }
    components.percentEncodedQueryItems = items
    return components.url ?? url
  }

  private static let videoExtensions: Set<String> = ["mp4", "m4v", "mov", "webm", "m3u8"]

  /// Tells a video embed from an interactive page in an `iframe` day.
  public static func isVideo(_ url: URL) -> Bool {
    if videoExtensions.contains(url.pathExtension.lowercased()) { return true }
    guard let host = url.host?.lowercased() else { return false }
    let videoHosts = ["youtube.com", "youtube-nocookie.com", "youtu.be", "vimeo.com"]
    return videoHosts.contains { host == $0 || host.hasSuffix("." + $0) }
  }

  /// The one v1 used to return.
  static func youTubeThumbnail(forEmbed url: URL) -> URL? {
    // A plain address (no user, port, escapes or parameters) is read from its text: its host and
    // path are then exactly what `host` and `path` would return, without decoding them again.
    let host: String
    let path: Substring
    if let (plainHost, plainPath) = plainHostAndPath(url.absoluteString) {
      (host, path) = (plainHost.lowercased(), plainPath)
    } else {
      guard let parsedHost = url.host?.lowercased() else { return nil }
      (host, path) = (parsedHost, Substring(url.path))
    }
    guard
      host == "youtube.com" || host.hasSuffix(".youtube.com")
        || host == "youtube-nocookie.com" || host.hasSuffix(".youtube-nocookie.com")
    else { return nil }
    let parts = path.split(separator: "/")
    guard parts.count >= 2, parts[0] == "embed" else { return nil }
    let id = parts[1]
    // Plain ASCII ids are checked on bytes; only others need the slower Unicode properties.
    let isPlainASCII = id.utf8.allSatisfy { byte in
      TextScan.isPrintableASCII(byte)
        && (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || (0x30...0x39).contains(byte)
          || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte))
    }
    guard !id.isEmpty,
      isPlainASCII || id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    else {
      return nil
    }
    return URL(string: "https://img.youtube.com/vi/\(id)/0.jpg")
  }

  private static func plainHostAndPath(_ text: String) -> (Substring, Substring)? {
    let rest: Substring
    if text.hasPrefix("https://") {
      rest = text.dropFirst(8)
    } else if text.hasPrefix("http://") {
      rest = text.dropFirst(7)
    } else {
      return nil
    }
    let utf8 = rest.utf8
    var index = utf8.startIndex
    while index < utf8.endIndex, isHostNameByte(utf8[index]) { index = utf8.index(after: index) }
    guard index > utf8.startIndex else { return nil }
    let hostEnd = index
    if index < utf8.endIndex, utf8[index] != UInt8(ascii: "/") {
      // Anything but a path after the host (a port, a user, a query right away) is left to URL.
      return nil
    }
    while index < utf8.endIndex, utf8[index] != UInt8(ascii: "?"), utf8[index] != UInt8(ascii: "#") {
      let byte = utf8[index]
      guard TextScan.isPrintableASCII(byte), byte != UInt8(ascii: "%"), byte != UInt8(ascii: ";") else {
        return nil
      }
      index = utf8.index(after: index)
    }
    return (rest[..<hostEnd], rest[hostEnd..<index])
  }
}
