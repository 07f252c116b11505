import Foundation
import NASA
import Playback
import Testing

private let day = try! APODDay(iso: "2021-11-08")

private func apod(
  _ mediaType: APODMediaType, url: String? = nil, hdurl: String? = nil, videoURL: String? = nil,
  source: APODSourceKind = .v1
) -> APOD {
  APOD(
    date: day, title: "A day", explanation: "", mediaType: mediaType, url: url.flatMap(URL.init(string:)),
    hdurl: hdurl.flatMap(URL.init(string:)), videoURL: videoURL.flatMap(URL.init(string:)),
    pageURL: APOD.legacyPageURL(for: day), source: source)
}

private func player(_ text: String) -> APODPlayback { .embeddedPlayer(URL(string: text)!) }
private let page = APODPlayback.openPage(APOD.legacyPageURL(for: day))

@Suite("Playback: how each shape of APOD media is shown")
struct APODPlaybackTests {
  @Test func aPictureOpensTheViewer() {
    #expect(APODPlayback(apod(.image, url: "https://apod.nasa.gov/apod/image/2111/m31.jpg")) == .picture)
  }

  @Test func aPictureDayWithoutAnImageOpensThePage() {
    #expect(APODPlayback(apod(.image, url: "https://apod.nasa.gov/apod/ap211108.html")) == page)
  }

  @Test(arguments: [
    // v1 embeds, with and without parameters, including the ";" separated kind.
    (
      "https://www.youtube.com/embed/BX3vVBCcpN0?rel=0",
      "https://www.youtube-nocookie.com/embed/BX3vVBCcpN0?playsinline=1"
    ),
    (
      "https://www.youtube.com/embed/0fKBhvDjuy0?rel=0&controls=0",
      "https://www.youtube-nocookie.com/embed/0fKBhvDjuy0?playsinline=1"
    ),
    (
      "https://www.youtube.com/embed/BX3vVBCcpN0",
      "https://www.youtube-nocookie.com/embed/BX3vVBCcpN0?playsinline=1"
    ),
    (
      "https://www.youtube.com/embed/7NykS2kv_k8?playlist=7NykS2kv_k8&loop=1;rel=0&autoplay=1",
      "https://www.youtube-nocookie.com/embed/7NykS2kv_k8?playsinline=1"
    ),
    (
      "https://youtu.be/BX3vVBCcpN0?t=42",
      "https://www.youtube-nocookie.com/embed/BX3vVBCcpN0?playsinline=1&start=42"
    ),
    (
      "https://www.youtube.com/watch?v=BX3vVBCcpN0",
      "https://www.youtube-nocookie.com/embed/BX3vVBCcpN0?playsinline=1"
    ),
    (
      "https://www.youtube-nocookie.com/embed/BX3vVBCcpN0?start=90",
      "https://www.youtube-nocookie.com/embed/BX3vVBCcpN0?playsinline=1&start=90"
    ),
  ])
  func youTubePlaysInItsEmbedPlayerWithoutAutoplay(url: String, expected: String) {
    #expect(APODPlayback(apod(.video, url: url, videoURL: url)) == player(expected))
  }

  @Test(arguments: [
    ("https://player.vimeo.com/video/16917950", "https://player.vimeo.com/video/16917950"),
    (
      "https://player.vimeo.com/video/128714112?color=ffffff&byline=0&portrait=0",
      "https://player.vimeo.com/video/128714112"
    ),
    ("https://vimeo.com/128714112", "https://player.vimeo.com/video/128714112"),
    ("https://vimeo.com/128714112/ab12cd34ef", "https://player.vimeo.com/video/128714112?h=ab12cd34ef"),
  ])
  func vimeoPlaysInItsPlayer(url: String, expected: String) {
    #expect(APODPlayback(apod(.video, url: url, videoURL: url)) == player(expected))
  }

  @Test func anApodBasicVideoFoundInsideItsHTMLPlaysNatively() {
    // apod-basic: `url` is the article page; the mp4 came out of basic_html into videoURL.
    let mp4 = "https://apod.nasa.gov/apod/image/2406/Eclipse_Teaser.mp4"
    let day = apod(
      .iframe, url: "https://science.nasa.gov/apod/article/eclipse/", videoURL: mp4, source: .apodBasic)
    #expect(APODPlayback(day) == .nativePlayer(URL(string: mp4)!))
  }

  @Test(arguments: ["mov", "m4v", "m3u8"])
  func otherFilesAVKitPlaysPlayNatively(ext: String) {
    let url = "https://apod.nasa.gov/apod/image/2111/clip.\(ext)"
    #expect(APODPlayback(apod(.video, url: url, videoURL: url)) == .nativePlayer(URL(string: url)!))
  }

  @Test(arguments: [
    "https://www.ustream.tv/embed/17074538?v=3&wmode=direct&autoplay=true",  // a stream that is gone
    "http://www.stefanom.org/spc/",  // a web app labelled video
    "https://vestatrek.jpl.nasa.gov/",  // an interactive page
    "https://apod.nasa.gov/apod/image/2111/clip.webm",  // AVKit cannot play webm
    "http://example.org/clip.mp4",  // plain http outside nasa.gov
    "https://www.youtube.com/embed/tooShort",  // not a YouTube id
    "https://www.youtube.com/user/NASA",  // a channel, not a video
  ])
  func anythingElseOpensTheAPODPage(url: String) {
    #expect(APODPlayback(apod(.video, url: url, videoURL: url)) == page)
  }

  @Test func anOtherDayWithNoMediaOpensThePage() {
    #expect(APODPlayback(apod(.other)) == page)
  }

  @Test func theVideoSourceIsTriedBeforeTheURL() {
    let day = apod(
      .iframe, url: "https://www.youtube.com/embed/BX3vVBCcpN0",
      videoURL: "https://apod.nasa.gov/apod/image/2406/clip.mp4")
    #expect(
      APODPlayback(day) == .nativePlayer(URL(string: "https://apod.nasa.gov/apod/image/2406/clip.mp4")!))
  }

  @Test func theEmbeddedPlayerIsAskedForWithTheAppNamedInTheReferer() {
    // YouTube's embedded player refuses a page requested without a Referer (error 153).
    #expect(APODPlayback.embedReferer(bundleIdentifier: "com.Example.Spacer") == "https://com.example.spacer")
  }

  @Test func withoutABundleIdentifierNoRefererIsMadeUp() {
    #expect(APODPlayback.embedReferer(bundleIdentifier: nil) == nil)
    #expect(APODPlayback.embedReferer(bundleIdentifier: "") == nil)
  }
}
