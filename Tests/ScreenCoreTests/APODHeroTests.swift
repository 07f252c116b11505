import APODTestSupport
import ExploreCore
import Foundation
import NASA
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
          play: url("https://www.youtube.com/embed/Xq7Rp2Ln0sA?rel=0")))
  }

  @Test func videoWithoutAnyStillStillPlays() throws {
    let apod = try decoded(APODFixtures.v1VideoVimeo, .v1)
    #expect(
      apod.hero == .video(poster: nil, play: url("https://player.vimeo.com/video/40213377?color=ffffff")))
  }

  @Test func videoThatTheServiceCallsAVideoIsPlayedEvenFromAnUnknownHost() throws {
    // The service says "video"; hosts come and go (Ustream, NASA players), so it is trusted.
    let apod = try decoded(APODFixtures.v1VideoNASAPage, .v1)
    #expect(apod.hero == .video(poster: nil, play: url("https://trek.example.nasa.gov/")))
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
          play: url("https://www.youtube.com/embed/Mq3Lw8Rt5Yc?rel=0")))
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
