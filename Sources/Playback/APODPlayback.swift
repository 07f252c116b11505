import Foundation
import NASA

/// YouTube and Vimeo play in their embed players, rebuilt from the video id alone: autoplay, loop and
/// playlist parameters are dropped (nothing plays until asked); `playsinline=1` keeps YouTube in the
/// app; YouTube's start time and Vimeo's `h` (an unlisted video's key) are kept. AVKit plays https
/// mp4, m4v, mov and m3u8; anything else (interactive pages, Ustream, webm, plain http outside
/// nasa.gov) opens the APOD page. `videoURL` is tried before `url`.
public enum APODPlayback: Sendable, Hashable {
  case picture
  case embeddedPlayer(URL)
  case nativePlayer(URL)
  case openPage(URL)

  public init(_ apod: APOD) {
    self.init(apod, imageURL: apod.imageURL)
  }

  /// `imageURL` is `apod.imageURL`, from a caller that has it already.
  public init(_ apod: APOD, imageURL: URL?) {
    if apod.mediaType == .image, imageURL != nil {
      self = .picture
      return
    }
    if apod.mediaType != .image {
      for url in [apod.videoURL, apod.url].compactMap(\.self) {
        if let player = Self.embedPlayer(for: url) {
          self = .embeddedPlayer(player)
          return
        }
        if Self.isNativeVideo(url) {
          self = .nativePlayer(url)
          return
        }
      }
    }
    self = .openPage(apod.pageURL)
  }

  /// YouTube's embedded player refuses a page requested without a Referer naming the app (error 153),
  /// and a web view loading the embed URL itself sends none.
  public static func embedReferer(bundleIdentifier: String?) -> String? {
    guard let bundleIdentifier, !bundleIdentifier.isEmpty else { return nil }
    return "https://\(bundleIdentifier.lowercased())"
  }

  private static let nativeExtensions: Set<String> = ["mp4", "m4v", "mov", "m3u8"]

  static func isNativeVideo(_ url: URL) -> Bool {
    url.scheme?.lowercased() == "https" && nativeExtensions.contains(url.pathExtension.lowercased())
  }

  static func embedPlayer(for url: URL) -> URL? {
    guard let host = url.host?.lowercased(),
      let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
    else { return nil }
    // Some APOD embeds separate parameters with ";" ("loop=1;rel=0").
    let query = (components.percentEncodedQuery ?? "").split(whereSeparator: { $0 == "&" || $0 == ";" })
    func parameter(_ name: String) -> String? {
      query.lazy.compactMap { pair -> String? in
        let parts = pair.split(separator: "=", maxSplits: 1)
        return parts.count == 2 && parts[0] == name ? String(parts[1]) : nil
      }.first
    }
    let path = url.path.split(separator: "/").map(String.init)

    if matches(host, ["youtube.com", "youtube-nocookie.com"]) {
      let id: String? =
        switch path.first {
        case "embed", "shorts", "live", "v": path.count >= 2 ? path[1] : nil
        case "watch": parameter("v")
        default: nil
        }
      return id.flatMap { youTubePlayer(id: $0, start: parameter("start") ?? parameter("t")) }
    }
    if matches(host, ["youtu.be"]) {
      return path.first.flatMap { youTubePlayer(id: $0, start: parameter("t") ?? parameter("start")) }
    }
    if host == "player.vimeo.com", path.count >= 2, path[0] == "video" {
      return vimeoPlayer(id: path[1], key: parameter("h"))
    }
    if matches(host, ["vimeo.com"]), host != "player.vimeo.com", let first = path.first {
      // vimeo.com/<id> or vimeo.com/<id>/<key> (an unlisted video's page).
      return vimeoPlayer(id: first, key: path.count >= 2 ? path[1] : parameter("h"))
    }
    return nil
  }

  private static func matches(_ host: String, _ domains: [String]) -> Bool {
    domains.contains { host == $0 || host.hasSuffix("." + $0) }
  }

  /// YouTube ids are 11 characters of letters, digits, "-" and "_".
  private static func youTubePlayer(id: String, start: String?) -> URL? {
    guard id.count == 11,
      id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
    else { return nil }
    var components = URLComponents()
    components.scheme = "https"
    components.host = "www.youtube-nocookie.com"
    components.path = "/embed/\(id)"
    var items = [URLQueryItem(name: "playsinline", value: "1")]
    if let seconds = start.flatMap({ Int($0.trimmingCharacters(in: CharacterSet(charactersIn: "s"))) }),
      seconds > 0
    {
      items.append(URLQueryItem(name: "start", value: String(seconds)))
    }
    components.queryItems = items
    return components.url
  }

  /// Vimeo ids are digits; an unlisted video's key is letters and digits.
  private static func vimeoPlayer(id: String, key: String?) -> URL? {
    guard !id.isEmpty, id.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    var components = URLComponents()
    components.scheme = "https"
    components.host = "player.vimeo.com"
    components.path = "/video/\(id)"
    if let key, !key.isEmpty, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
      components.queryItems = [URLQueryItem(name: "h", value: key)]
    }
    return components.url
  }
}
