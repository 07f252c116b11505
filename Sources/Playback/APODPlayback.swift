import Foundation
import NASA

/// How the app shows a day's media.
///
/// Rules:
/// - A picture day with an image opens the viewer.
/// - YouTube (embed, watch, youtu.be, shorts, privacy-enhanced hosts) and Vimeo (player or page
///   URLs) play in their own embed players in a web view. The embed URL is rebuilt from the
///   video id alone: the services' autoplay, loop and playlist parameters are dropped (nothing
///   plays until the user asks), `playsinline=1` keeps YouTube inside the app, YouTube's start
///   time and Vimeo's `h` (the key of an unlisted video) are kept. YouTube plays through its
///   privacy-enhanced host.
/// - A video file over https that AVKit plays (mp4, m4v, mov, HLS m3u8) plays in the native player.
/// - Everything else opens the APOD page: interactive pages labelled "video", v1's "other" days,
///   streams that no longer exist (Ustream), formats AVKit cannot play (webm), and plain http
///   outside nasa.gov (App Transport Security would refuse it).
/// The day's `videoURL` (v1's url, or the source found inside apod-basic's `basic_html`) is tried
/// first, then its `url`.
public enum APODPlayback: Sendable, Hashable {
  case picture
  case embeddedPlayer(URL)
  case nativePlayer(URL)
  case openPage(URL)

  public init(_ apod: APOD) {
    if apod.mediaType == .image, apod.imageURL != nil {
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

  /// The HTTP Referer the embedded player's page is requested with, or nil without a bundle
  /// identifier. YouTube's embedded player refuses to play (error 153, "video player
  /// configuration error") a page requested without a Referer that names the app, and a web view
  /// that loads the embed URL itself sends none; the app names itself as `https://` followed by
  /// its bundle identifier in lower case, as the base URL of `EmbedPlayerPage`.
  public static func embedReferer(bundleIdentifier: String?) -> String? {
    guard let bundleIdentifier, !bundleIdentifier.isEmpty else { return nil }
    return "https://\(bundleIdentifier.lowercased())"
  }

  private static let nativeExtensions: Set<String> = ["mp4", "m4v", "mov", "m3u8"]

  static func isNativeVideo(_ url: URL) -> Bool {
    url.scheme?.lowercased() == "https" && nativeExtensions.contains(url.pathExtension.lowercased())
  }

  /// The embed player URL for a YouTube or Vimeo video, nil for anything else.
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
