import APODTestSupport
import Foundation
import NASA
import Playback
import TestSupport
import Testing

/// How the decoded payloads play: the project's own fixtures (always), then every entry of the
/// real corpus in `../shared` (skipped when that folder is absent).
@Suite("Playback of decoded payloads")
struct PlaybackPayloadTests {
  private func playback(_ text: String, _ format: APODSourceKind) throws -> APODPlayback {
    APODPlayback(try decoded(text, format))
  }

  private func embed(_ text: String) -> APODPlayback { .embeddedPlayer(URL(string: text)!) }

  @Test func v1VideosPlayInTheirEmbedPlayers() throws {
    #expect(
      try playback(APODFixtures.v1VideoYouTube, .v1)
        == embed("https://www.youtube-nocookie.com/embed/Xq7Rp2Ln0sA?playsinline=1"))
    #expect(
      try playback(APODFixtures.v1VideoNoThumbnail, .v1)
        == embed("https://www.youtube-nocookie.com/embed/Bn4Ke9Tz1wQ?playsinline=1"))
    #expect(
      try playback(APODFixtures.v1VideoVimeo, .v1) == embed("https://player.vimeo.com/video/40213377"))
  }

  @Test func aYouTubeEmbedWithoutParametersPlaysToo() throws {
    let text = #"""
      {"date":"2026-10-23","explanation":"","media_type":"video","service_version":"v1","title":"Plain embed","url":"https://www.youtube.com/embed/Xq7Rp2Ln0sA"}
      """#
    #expect(
      try playback(text, .v1) == embed("https://www.youtube-nocookie.com/embed/Xq7Rp2Ln0sA?playsinline=1"))
  }

  @Test func anApodBasicVideoPlaysTheFileFoundInItsHTML() throws {
    #expect(
      try playback(APODFixtures.apodBasicVideo, .apodBasic)
        == .nativePlayer(
          URL(string: "https://science.nasa.gov/wp-content/uploads/2026/11/JupiterStorms.mp4")!))
  }

  @Test func anApodBasicIframeHoldingYouTubePlaysItsEmbed() throws {
    #expect(
      try playback(APODFixtures.apodBasicIframe, .apodBasic)
        == embed("https://www.youtube-nocookie.com/embed/Mq3Lw8Rt5Yc?playsinline=1"))
  }

  @Test func webAppsAndOtherDaysOpenTheirPage() throws {
    let interactive = #"""
      {"date":"2026-11-04","media_type":"iframe","title":"Explore the Planets","permalink":"https://science.nasa.gov/image-article/explore/","basic_html":"<div><iframe src='https://eyes.nasa.gov/apps/solar-system/'></iframe></div>"}
      """#
    #expect(
      try playback(interactive, .apodBasic)
        == .openPage(URL(string: "https://science.nasa.gov/image-article/explore/")!))
    #expect(
      try playback(APODFixtures.v1VideoNASAPage, .v1)
        == .openPage(URL(string: "https://apod.nasa.gov/apod/ap150502.html")!))
    #expect(
      try playback(APODFixtures.v1Other, .v1)
        == .openPage(URL(string: "https://apod.nasa.gov/apod/ap100203.html")!))
  }

  /// `<repo>/../shared/fixtures/apod/corpus.json` (or the file `SPACER_APOD_CORPUS` names, for a
  /// clone in another folder), when present.
  private static let corpus: URL? = {
    if let path = ProcessInfo.processInfo.environment["SPACER_APOD_CORPUS"] {
      return FileManager.default.fileExists(atPath: path) ? URL(fileURLWithPath: path) : nil
    }
    let file = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("shared/fixtures/apod/corpus.json")
    return FileManager.default.fileExists(atPath: file.path) ? file : nil
  }()

  /// What each non-picture day of the corpus does, by date.
  private static let corpusExpectations: [String: String] = [
    "2021-11-08": "https://www.youtube-nocookie.com/embed/7NykS2kv_k8?playsinline=1",  // loop;rel=0&autoplay
    "2015-03-24": "https://www.youtube-nocookie.com/embed/0fKBhvDjuy0?playsinline=1",  // ?rel=0&controls=0
    "2015-04-14": "https://www.youtube-nocookie.com/embed/nTZQn19EwAU?playsinline=1",
    "2015-05-27": "https://www.youtube-nocookie.com/embed/BX3vVBCcpN0?playsinline=1",  // ?rel=0
    "2010-11-24": "https://player.vimeo.com/video/16917950",
    "2015-06-01": "https://player.vimeo.com/video/128714112",  // player parameters dropped
    "2019-06-02": "page",  // Ustream: the stream is gone
    "2015-01-12": "page",  // a web app labelled video, plain http
    "2015-04-21": "page",  // an interactive nasa.gov page labelled video
    "2014-02-10": "page", "2010-01-20": "page", "2010-01-24": "page", "2010-05-10": "page",
    "2010-05-26": "page",  // `other` days
  ]

  @Test(.enabled(if: corpus != nil, "../shared/fixtures/apod/corpus.json is absent"))
  func everyDayOfTheRealCorpusPlaysAsExpected() throws {
    let file = try #require(Self.corpus)
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
    let root = try #require(object as? [String: Any])
    let entries = try #require(root["entries"] as? [[String: Any]])
    var checked: Set<String> = []
    for entry in entries {
      let data = try #require(entry["data"])
      let apod = try APOD.decode(try JSONSerialization.data(withJSONObject: data))
      let played = APODPlayback(apod)
      if apod.mediaType == .image {
        #expect(played == .picture, "\(apod.date.iso)")
        continue
      }
      guard let expected = Self.corpusExpectations[apod.date.iso] else {
        // A day the table does not name (an unknown media type): never a player it cannot play.
        if case .openPage = played {} else { Issue.record("\(apod.date.iso) plays as \(played)") }
        continue
      }
      checked.insert(apod.date.iso)
      if expected == "page" {
        #expect(played == .openPage(apod.pageURL), "\(apod.date.iso)")
      } else {
        #expect(played == embed(expected), "\(apod.date.iso)")
      }
    }
    #expect(checked == Set(Self.corpusExpectations.keys))
  }
}
