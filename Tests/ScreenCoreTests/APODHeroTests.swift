import APODSearch
import APODTestSupport
import ExploreCore
import Foundation
import NASA
import Playback
import ScreenCore
import TestSupport
import Testing
import TodayCore

private func url(_ text: String) -> URL { URL(string: text)! }

@Suite("Hero: what the top of an APOD screen shows")
struct APODHeroTests {
  @Test func imageDayShowsTheStandardImageThenHD() throws {
    let apod = try decoded(APODFixtures.v1Image, .v1)
    #expect(
      apod.hero
        == .image(
          preview: url("https://apod.nasa.gov/apod/image/2611/RingShell_Delgado_960.jpg"),
          hd: url("https://apod.nasa.gov/apod/image/2611/RingShell_Delgado_2400.jpg")))
  }

  @Test func pictureStartsFromTheStandardImageAndFallsBackEitherWay() {
    let standard = url("https://apod.nasa.gov/apod/image/a.jpg")
    let big = url("https://apod.nasa.gov/apod/image/a_big.jpg")
    let both = APODPictureURLs(imageURL: standard, hdImageURL: big)
    #expect(both?.preview == standard && both?.hd == big)
    let standardOnly = APODPictureURLs(imageURL: standard, hdImageURL: nil)
    #expect(standardOnly?.preview == standard && standardOnly?.hd == standard)
    let hdOnly = APODPictureURLs(imageURL: nil, hdImageURL: big)
    #expect(hdOnly?.preview == big && hdOnly?.hd == big)
    #expect(APODPictureURLs(imageURL: nil, hdImageURL: nil) == nil)
  }

  @Test func imageDayWhoseURLIsAnArticlePageUsesTheHDImageResizedForThePreview() throws {
    let apod = try decoded(APODFixtures.v1PermalinkURL, .v1)
    guard case .image(let preview, let hd) = apod.hero else {
      Issue.record("expected an image hero, got \(apod.hero)")
      return
    }
    #expect(preview.absoluteString.contains("w=1024"))
    #expect(hd.absoluteString.contains("w=4000"))
    #expect(!preview.absoluteString.contains("image-article"))
  }

  @Test func apodBasicImageDayShowsItsCDNImage() throws {
    let apod = try decoded(APODFixtures.apodBasicImage, .apodBasic)
    guard case .image(let preview, let hd) = apod.hero else {
      Issue.record("expected an image hero, got \(apod.hero)")
      return
    }
    #expect(preview.host == "assets.science.nasa.gov")
    #expect(hd.absoluteString.contains("w=2048"))
  }

  @Test func imageDayWithoutAUsableImageLinksToItsPage() throws {
    // Plain http on a host that cannot be upgraded: App Transport Security would refuse it.
    let apod = try decoded(
      #"{"date":"2003-05-04","media_type":"image","title":"Old","url":"http://example.org/old.jpg"}"#, .v1)
    #expect(apod.hero == .link(page: url("https://apod.nasa.gov/apod/ap030504.html"), poster: nil))
  }

  @Test func videoWithAThumbnailShowsItAsThePosterAndPlaysTheEmbed() throws {
    let apod = try decoded(APODFixtures.v1VideoYouTube, .v1)
    #expect(
      apod.hero
        == .video(
          poster: url("https://img.youtube.com/vi/Xq7Rp2Ln0sA/0.jpg"),
          play: url("https://www.youtube-nocookie.com/embed/Xq7Rp2Ln0sA?playsinline=1")))
  }

  @Test func videoWithoutAnyStillStillPlays() throws {
    let apod = try decoded(APODFixtures.v1VideoVimeo, .v1)
    #expect(
      apod.hero == .video(poster: nil, play: url("https://player.vimeo.com/video/40213377")))
  }

  @Test func aPageTheServiceCallsAVideoLinksToTheDaysPageAsPlaybackDoes() throws {
    // The service says "video", but an interactive page plays nowhere in the app.
    let apod = try decoded(APODFixtures.v1VideoNASAPage, .v1)
    #expect(apod.hero == .link(page: url("https://apod.nasa.gov/apod/ap150502.html"), poster: nil))
  }

  @Test(arguments: [
    "https://www.ustream.tv/embed/17074538?v=3&wmode=direct&autoplay=true",  // a stream that is gone
    "https://apod.nasa.gov/apod/image/2111/clip.webm",  // AVKit cannot play webm
  ])
  func aVideoTheAppCannotPlayLinksToTheDaysPageKeepingItsThumbnail(play: String) throws {
    let apod = try decoded(
      #"{"date":"2014-08-05","media_type":"video","title":"Stream","url":"\#(play)","#
        + #""thumbnail_url":"https://apod.nasa.gov/apod/image/1408/stream_thumb.jpg"}"#, .v1)
    #expect(APODPlayback(apod) == .openPage(url("https://apod.nasa.gov/apod/ap140805.html")))
    #expect(
      apod.hero
        == .link(
          page: url("https://apod.nasa.gov/apod/ap140805.html"),
          poster: url("https://apod.nasa.gov/apod/image/1408/stream_thumb.jpg")))
  }

  @Test(arguments: [
    APODFixtures.v1Image, APODFixtures.v1ImageHTTP, APODFixtures.v1GIF, APODFixtures.v1VideoYouTube,
    APODFixtures.v1VideoNoThumbnail, APODFixtures.v1VideoVimeo, APODFixtures.v1Other,
    APODFixtures.v1VideoNASAPage, APODFixtures.v1NoMediaType, APODFixtures.v1PermalinkURL,
  ])
  func theHeroAndPlaybackAgreeOnEveryV1Shape(payload: String) throws {
    try expectAgreement(decoded(payload, .v1))
  }

  @Test(arguments: [APODFixtures.apodBasicImage, APODFixtures.apodBasicVideo, APODFixtures.apodBasicIframe])
  func theHeroAndPlaybackAgreeOnEveryApodBasicShape(payload: String) throws {
    try expectAgreement(decoded(payload, .apodBasic))
  }

  /// One rule: the hero is a picture exactly when playback opens the viewer, a video exactly when
  /// the app plays it (at the URL playback plays), and a link to the page otherwise.
  private func expectAgreement(_ apod: APOD) {
    switch (APODPlayback(apod), apod.hero) {
    case (.picture, .image): break
    case (.embeddedPlayer(let player), .video(_, let play)), (.nativePlayer(let player), .video(_, let play)):
      #expect(play == player)
    case (.openPage(let page), .link(let link, _)):
      #expect(link == page)
    case (let playback, let hero):
      Issue.record("\(apod.date): playback \(playback) but hero \(hero)")
    }
    var heroIsVideo = false
    if case .video = apod.hero { heroIsVideo = true }
    #expect((APODMediaFilter.Kind(apod) == .video) == heroIsVideo)
  }

  @Test func apodBasicVideoShowsItsPosterAndPlaysTheFileFromTheHTML() throws {
    let apod = try decoded(APODFixtures.apodBasicVideo, .apodBasic)
    guard case .video(let poster, let play) = apod.hero else {
      Issue.record("expected a video hero, got \(apod.hero)")
      return
    }
    #expect(poster?.absoluteString.contains("JupiterStorms_poster.jpg") == true)
    #expect(play == url("https://science.nasa.gov/wp-content/uploads/2026/11/JupiterStorms.mp4"))
  }

  @Test func videoWithNothingToPlayLinksToItsPageKeepingThePoster() throws {
    let apod = try decoded(
      #"""
      {"date":"2026-11-05","media_type":"video","title":"Lost Video","permalink":"https://science.nasa.gov/image-article/lost/","hdurl":"https://assets.science.nasa.gov/dynamicimage/p.jpg?w=800&h=450","basic_html":"<html><body><p>No player here.</p></body></html>"}
      """#, .apodBasic)
    #expect(
      apod.hero
        == .link(
          page: url("https://science.nasa.gov/image-article/lost/"),
          poster: url("https://assets.science.nasa.gov/dynamicimage/p.jpg?w=800&h=450")))
  }

  @Test func iframeThatEmbedsAVideoPlaysIt() throws {
    let apod = try decoded(APODFixtures.apodBasicIframe, .apodBasic)
    #expect(
      apod.hero
        == .video(
          poster: url("https://img.youtube.com/vi/Mq3Lw8Rt5Yc/0.jpg"),
          play: url("https://www.youtube-nocookie.com/embed/Mq3Lw8Rt5Yc?playsinline=1")))
  }

  @Test func iframeThatEmbedsAnInteractivePageLinksToTheDaysPage() throws {
    let apod = try decoded(
      #"""
      {"date":"2026-11-04","media_type":"iframe","title":"Explore the Planets","permalink":"https://science.nasa.gov/image-article/explore/","basic_html":"<div><iframe src='https://eyes.nasa.gov/apps/solar-system/'></iframe></div>"}
      """#, .apodBasic)
    #expect(apod.videoURL == url("https://eyes.nasa.gov/apps/solar-system/"))
    #expect(apod.hero == .link(page: url("https://science.nasa.gov/image-article/explore/"), poster: nil))
  }

  @Test func otherMediaLinksToTheLegacyPage() throws {
    let apod = try decoded(APODFixtures.v1Other, .v1)
    #expect(apod.hero == .link(page: url("https://apod.nasa.gov/apod/ap100203.html"), poster: nil))
  }

  @Test func unknownMediaTypeLinksToThePageEvenWithAnImage() throws {
    let apod = try decoded(
      #"""
      {"date":"2026-11-06","media_type":"panorama","title":"All Around","permalink":"https://science.nasa.gov/image-article/around/","hdurl":"https://assets.science.nasa.gov/dynamicimage/pano.jpg?w=900&h=300"}
      """#, .apodBasic)
    #expect(apod.mediaType == .unknown("panorama"))
    #expect(
      apod.hero
        == .link(
          page: url("https://science.nasa.gov/image-article/around/"),
          poster: url("https://assets.science.nasa.gov/dynamicimage/pano.jpg?w=900&h=300")))
  }
}
