import Foundation

public enum EmbedNavigationDecision: Sendable, Equatable {
  case load
  case openOutside(URL)
  /// Neither: a scheme no one outside can open (`javascript:`, `data:`), or a frame the player
  /// does not need.
  case refuse
}

/// YouTube's Required Minimum Functionality asks an embedding app to send an HTTP Referer; a web view
/// loading the embed URL sends none (error 153). So a page of our own holds the `<iframe>` with
/// `referrerpolicy="strict-origin-when-cross-origin"`, loaded with a base URL naming the app. Only the
/// player's own page loads in the view; links the user follows open outside, so the 16:9 box never
/// turns into a website. Nothing autoplays.
public struct EmbedPlayerPage: Sendable, Equatable {
  public let player: URL
  public let baseURL: URL
  public let html: String

  public init?(player: URL, title: String, bundleIdentifier: String?) {
    guard player.scheme?.lowercased() == "https", player.host != nil,
      let origin = APODPlayback.embedReferer(bundleIdentifier: bundleIdentifier),
      let baseURL = URL(string: origin + "/")
    else { return nil }
    self.player = player
    self.baseURL = baseURL
    let source = Self.attribute(Self.withoutAutoplay(player).absoluteString)
    html = """
      <!DOCTYPE html>
      <html>
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <style>html, body { margin: 0; height: 100%; background: #000; } \
      iframe { position: fixed; top: 0; left: 0; width: 100%; height: 100%; border: 0; }</style>
      </head>
      <body>
      <iframe src="\(source)" title="\(Self.attribute(title))" \
      allow="encrypted-media; picture-in-picture; fullscreen" allowfullscreen \
      referrerpolicy="strict-origin-when-cross-origin"></iframe>
      </body>
      </html>
      """
  }

  /// `userActivated`: the user followed a link (WebKit's `linkActivated`).
  public func decision(for url: URL, inMainFrame: Bool, userActivated: Bool) -> EmbedNavigationDecision {
    if inMainFrame {
      return isThisPage(url) ? .load : outside(url)
    }
    if isPlayer(url) { return .load }
    if userActivated { return outside(url) }
    // Frames the player makes on its own (a blank frame, its service's hosts) load; any other
    // host (advertising, tracking) is refused rather than opened in front of the user.
    if url.scheme?.lowercased() == "about" { return .load }
    return url.scheme?.lowercased() == "https" && isServiceHost(url) ? .load : .refuse
  }

  public func decisionForNewWindow(_ url: URL?) -> EmbedNavigationDecision {
    url.map(outside) ?? .refuse
  }

  private func isThisPage(_ url: URL) -> Bool {
    if url.scheme?.lowercased() == "about" { return true }
    return url.scheme?.lowercased() == baseURL.scheme && url.host?.lowercased() == baseURL.host
  }

  private func isPlayer(_ url: URL) -> Bool {
    url.scheme?.lowercased() == "https" && url.host?.lowercased() == player.host?.lowercased()
      && url.path == player.path
  }

  private func isServiceHost(_ url: URL) -> Bool {
    guard let host = url.host?.lowercased(), let playerHost = player.host?.lowercased() else { return false }
    let family =
      playerHost.hasSuffix("vimeo.com") ? ["vimeo.com"] : ["youtube-nocookie.com", "youtube.com"]
    return family.contains { host == $0 || host.hasSuffix("." + $0) }
  }

  /// Web addresses open outside; other schemes are refused (nothing outside should run them).
  private func outside(_ url: URL) -> EmbedNavigationDecision {
    let scheme = url.scheme?.lowercased()
    return scheme == "https" || scheme == "http" ? .openOutside(url) : .refuse
  }

  static func withoutAutoplay(_ url: URL) -> URL {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true),
      let items = components.queryItems
    else { return url }
    let kept = items.filter { $0.name.lowercased() != "autoplay" }
    components.queryItems = kept.isEmpty ? nil : kept
    return components.url ?? url
  }

  static func attribute(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
