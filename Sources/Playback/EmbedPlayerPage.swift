import Foundation

/// What the embedded player's web view does with a navigation.
public enum EmbedNavigationDecision: Sendable, Equatable {
  /// Load it in the web view: the player's own page.
  case load
  /// Leave the player alone and open this web address outside the app (Safari, or the YouTube
  /// app when it claims the link).
  case openOutside(URL)
  /// Neither: a scheme no one outside can open (`javascript:`, `data:`), or a frame the player
  /// does not need.
  case refuse
}

/// The small local page that holds a YouTube or Vimeo embed player, and the rule for every
/// navigation inside it.
///
/// YouTube's Required Minimum Functionality asks an embedding app to identify itself with an
/// HTTP Referer; a web view that loads the embed URL itself sends none, and the player answers
/// error 153. The documented way is a page of our own holding the `<iframe>` with
/// `referrerpolicy="strict-origin-when-cross-origin"`, loaded with a base URL naming the app
/// (`https://` and the bundle identifier in lower case), so the player's request carries that
/// origin as its Referer.
///
/// The page asks for nothing to start: no `autoplay` parameter and no `autoplay` permission in
/// the iframe's `allow` list. Every value written into it is escaped for an HTML attribute.
///
/// Navigation rule (`decision(for:inMainFrame:userActivated:)`): only the player's own page
/// loads in the view: this page, the player URL in its frame, and the frames the player makes
/// itself on its service's hosts. A link the user follows (the title, the logo, "Watch on
/// YouTube"), a navigation of the whole page elsewhere, and a new window open outside the app,
/// so the 16:9 box never turns into a website.
public struct EmbedPlayerPage: Sendable, Equatable {
  /// The player URL inside the iframe (`APODPlayback.embeddedPlayer`).
  public let player: URL
  /// The page's base URL: the app's origin, which the player sees as the Referer.
  public let baseURL: URL
  /// The page's HTML.
  public let html: String

  /// - Parameters:
  ///   - player: the embed URL `APODPlayback` built (YouTube's privacy-enhanced host or Vimeo's
  ///     player); anything that is not https is refused (nil).
  ///   - title: the video's title, for the iframe's accessible name.
  ///   - bundleIdentifier: the app's; nil or empty gives no page (nil): the Referer must name
  ///     the app.
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

  /// What the web view does with a navigation to `url`.
  /// - Parameters:
  ///   - inMainFrame: the navigation replaces the whole page (not the player's frame).
  ///   - userActivated: the user followed a link (WebKit's `linkActivated`).
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

  /// What happens when the player asks for a new window (`target="_blank"`): it opens outside.
  public func decisionForNewWindow(_ url: URL?) -> EmbedNavigationDecision {
    url.map(outside) ?? .refuse
  }

  private func isThisPage(_ url: URL) -> Bool {
    if url.scheme?.lowercased() == "about" { return true }
    return url.scheme?.lowercased() == baseURL.scheme && url.host?.lowercased() == baseURL.host
  }

  /// The player URL itself, whatever the query it carries (the player adds its own parameters).
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

  /// The player URL without any `autoplay` parameter, whoever built it.
  static func withoutAutoplay(_ url: URL) -> URL {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true),
      let items = components.queryItems
    else { return url }
    let kept = items.filter { $0.name.lowercased() != "autoplay" }
    components.queryItems = kept.isEmpty ? nil : kept
    return components.url ?? url
  }

  /// `text` escaped for a double-quoted HTML attribute.
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
