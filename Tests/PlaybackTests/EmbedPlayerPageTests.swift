import Foundation
import NASA
import Playback
import Testing

private let youTube = URL(
  string: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?playsinline=1&start=30")!
private let vimeo = URL(string: "https://player.vimeo.com/video/123456?h=abc123")!

private func page(_ player: URL = youTube, title: String = "Comet") -> EmbedPlayerPage {
  EmbedPlayerPage(player: player, title: title, bundleIdentifier: "com.Example.Spacer")!
}

/// The YouTube and Vimeo players load inside a local page of the app's own, which names the app as
/// the Referer, starts nothing, and lets only the player's own page load in the view.
@Suite("The embedded player's page and what may load in it")
struct EmbedPlayerPageTests {
  @Test func thePageHoldsThePlayerWithTheRefererPolicyAndTheAppsOrigin() {
    let page = page()
    #expect(page.baseURL.absoluteString == "https://com.example.spacer/")
    #expect(page.html.contains("referrerpolicy=\"strict-origin-when-cross-origin\""))
    // The query's "&" is escaped in the attribute; the parameters themselves are kept.
    #expect(
      page.html.contains(
        "src=\"https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?playsinline=1&amp;start=30\""))
    #expect(page.html.hasPrefix("<!DOCTYPE html>"))
  }

  @Test func nothingStartsByItself() {
    let withAutoplay = URL(string: "https://player.vimeo.com/video/123456?autoplay=1&h=abc123&AutoPlay=true")!
    for page in [page(), page(vimeo), page(withAutoplay)] {
      #expect(!page.html.lowercased().contains("autoplay"))
    }
    #expect(page(withAutoplay).html.contains("src=\"https://player.vimeo.com/video/123456?h=abc123\""))
  }

  @Test func aTitleCannotBreakOutOfItsAttribute() {
    let page = page(title: "\"><script>alert('x')</script> & more")
    #expect(!page.html.contains("<script>"))
    #expect(
      page.html.contains("title=\"&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more\""))
  }

  @Test func noPageWithoutTheAppsNameOrForAnInsecurePlayer() {
    #expect(EmbedPlayerPage(player: youTube, title: "t", bundleIdentifier: nil) == nil)
    #expect(EmbedPlayerPage(player: youTube, title: "t", bundleIdentifier: "") == nil)
    let plain = URL(string: "http://www.youtube-nocookie.com/embed/dQw4w9WgXcQ")!
    #expect(EmbedPlayerPage(player: plain, title: "t", bundleIdentifier: "com.example.spacer") == nil)
  }

  @Test func onlyThePlayersOwnPageLoadsInTheView() {
    let page = page()
    // The page itself, and the player in its frame (with the parameters the player adds).
    #expect(page.decision(for: page.baseURL, inMainFrame: true, userActivated: false) == .load)
    #expect(page.decision(for: URL(string: "about:blank")!, inMainFrame: true, userActivated: false) == .load)
    let playerWithMore = URL(
      string: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?playsinline=1&enablejsapi=1")!
    #expect(page.decision(for: playerWithMore, inMainFrame: false, userActivated: false) == .load)
    // Frames the player makes on its own service load; an advertiser's frame does not.
    let ownFrame = URL(string: "https://www.youtube.com/s/player/frame.html")!
    #expect(page.decision(for: ownFrame, inMainFrame: false, userActivated: false) == .load)
    let adFrame = URL(string: "https://googleads.g.doubleclick.net/pagead/id")!
    #expect(page.decision(for: adFrame, inMainFrame: false, userActivated: false) == .refuse)
  }

  @Test func linksTheUserFollowsOpenOutsideTheApp() {
    let page = page()
    let watch = URL(string: "https://www.youtube.com/watch?v=dQw4w9WgXcQ")!
    // "Watch on YouTube" in the player's frame, the title replacing the whole page, a new window.
    #expect(page.decision(for: watch, inMainFrame: false, userActivated: true) == .openOutside(watch))
    #expect(page.decision(for: watch, inMainFrame: true, userActivated: false) == .openOutside(watch))
    #expect(page.decision(for: watch, inMainFrame: true, userActivated: true) == .openOutside(watch))
    #expect(page.decisionForNewWindow(watch) == .openOutside(watch))
    // A look-alike of the app's origin is not this page.
    let lookAlike = URL(string: "https://com.example.spacer.evil.example/")!
    #expect(page.decision(for: lookAlike, inMainFrame: true, userActivated: false) == .openOutside(lookAlike))
  }

  @Test func schemesNoOneOutsideShouldRunAreRefused() {
    let page = page()
    let script = URL(string: "javascript:alert(1)")!
    #expect(page.decision(for: script, inMainFrame: true, userActivated: true) == .refuse)
    #expect(page.decision(for: script, inMainFrame: false, userActivated: true) == .refuse)
    #expect(page.decisionForNewWindow(nil) == .refuse)
    #expect(page.decisionForNewWindow(URL(string: "data:text/html,hi")!) == .refuse)
  }

  @Test func vimeosOwnFramesLoadYouTubesDoNot() {
    let page = page(vimeo)
    let vimeoFrame = URL(string: "https://f.vimeo.com/frame")!
    #expect(page.decision(for: vimeoFrame, inMainFrame: false, userActivated: false) == .load)
    let youTubeFrame = URL(string: "https://www.youtube.com/s/player/frame.html")!
    #expect(page.decision(for: youTubeFrame, inMainFrame: false, userActivated: false) == .refuse)
  }
}
