import APODTestSupport
import Foundation
import TestSupport
import Testing

@testable import NASA

@Suite("Decoding the legacy v1 shape")
struct V1DecodingTests {
  @Test func imageKeepsBothSizesAndCleansNewlineWrappedCopyright() throws {
    let apod = try decoded(APODFixtures.v1Image, .v1)
    #expect(apod.date == (try APODDay(iso: "2026-11-02")))
    #expect(apod.title == "A Shell Around a Dying Star")
    #expect(apod.mediaType == .image)
    #expect(apod.copyright == "Rosa Delgado")
    #expect(apod.source == .v1)
    #expect(
      apod.imageURL?.absoluteString == "https://apod.nasa.gov/apod/image/2611/RingShell_Delgado_960.jpg")
    #expect(
      apod.hdImageURL?.absoluteString == "https://apod.nasa.gov/apod/image/2611/RingShell_Delgado_2400.jpg")
    #expect(apod.pageURL.absoluteString == "https://apod.nasa.gov/apod/ap261102.html")
    #expect(apod.videoURL == nil)
    #expect(apod.alt == nil)
  }

  /// Placeholders reported after the migration (a NASA logo, a generic news thumbnail), in any case.
  @Test(arguments: [
    "https://www.nasa.gov/wp-content/themes/nasa/assets/images/nasa-logo.svg",
    "https://science.nasa.gov/wp-content/uploads/NASA-Logo-Large.png",
    "https://apod.nasa.gov/images/misc/news-thumbnail.jpg",
    "https://apod.nasa.gov/Images/Misc/News-Thumbnail.JPG",
  ])
  func aPlaceholderIsNoImage(address: String) throws {
    let day = try APODDay(year: 2026, month: 11, day: 2)
    let apod = APOD(
      date: day, title: "Placeholder", explanation: "", mediaType: .image, url: URL(string: address),
      hdurl: URL(string: address), pageURL: APOD.legacyPageURL(for: day), source: .v1)
    #expect(apod.imageURL == nil)
    #expect(apod.hdImageURL == nil)
    var real = apod
    real.url = URL(string: "https://apod.nasa.gov/apod/image/2611/LogoOfNASA_960.jpg")
    #expect(real.imageURL == real.url)
  }

  @Test func explanationWhitespaceIsCollapsed() throws {
    let apod = try decoded(APODFixtures.v1Image, .v1)
    #expect(apod.explanation.hasPrefix("A faint ring of glowing gas"))
    #expect(!apod.explanation.contains("  "))
  }

  @Test func plainHTTPNASAImagesAreUpgradedToHTTPS() throws {
    let apod = try decoded(APODFixtures.v1ImageHTTP, .v1)
    #expect(apod.imageURL?.absoluteString == "https://apod.nasa.gov/apod/image/0103/lanes.jpg")
    #expect(apod.hdImageURL?.absoluteString == "https://apod.nasa.gov/apod/image/0103/lanes_big.jpg")
  }

  @Test func gifImagesAreImagesEvenWhenTheStandardOneIsTheBigFile() throws {
    let apod = try decoded(APODFixtures.v1GIF, .v1)
    #expect(apod.mediaType == .image)
    #expect(apod.imageURL?.pathExtension == "gif")
    #expect(apod.imageURL?.lastPathComponent == "phases_big.gif")
    #expect(apod.hdImageURL?.lastPathComponent == "phases.gif")
  }

  @Test func youTubeVideoUsesItsThumbnailAsImageAndEmbedAsVideo() throws {
    let apod = try decoded(APODFixtures.v1VideoYouTube, .v1)
    #expect(apod.mediaType == .video)
    #expect(apod.videoURL?.absoluteString == "https://www.youtube.com/embed/Xq7Rp2Ln0sA?rel=0")
    #expect(apod.imageURL?.absoluteString == "https://img.youtube.com/vi/Xq7Rp2Ln0sA/0.jpg")
    #expect(apod.hdImageURL == apod.imageURL)
  }

  @Test func youTubeThumbnailIsDerivedWhenTheServiceSentNone() throws {
    let apod = try decoded(APODFixtures.v1VideoNoThumbnail, .v1)
    #expect(apod.imageURL?.absoluteString == "https://img.youtube.com/vi/Bn4Ke9Tz1wQ/0.jpg")
  }

  @Test func vimeoVideoHasNoImage() throws {
    let apod = try decoded(APODFixtures.v1VideoVimeo, .v1)
    #expect(apod.videoURL?.host == "player.vimeo.com")
    #expect(apod.imageURL == nil)
    #expect(apod.hdImageURL == nil)
  }

  @Test func otherMediaWithoutURLDecodesWithNoImageAndTheLegacyPage() throws {
    let apod = try decoded(APODFixtures.v1Other, .v1)
    #expect(apod.mediaType == .other)
    #expect(apod.url == nil)
    #expect(apod.imageURL == nil)
    #expect(apod.hdImageURL == nil)
    #expect(apod.videoURL == nil)
    #expect(apod.pageURL.absoluteString == "https://apod.nasa.gov/apod/ap100203.html")
  }

  @Test func nasaWebPageVideoIsUpgradedToHTTPS() throws {
    let apod = try decoded(APODFixtures.v1VideoNASAPage, .v1)
    #expect(apod.videoURL?.absoluteString == "https://trek.example.nasa.gov/")
    #expect(apod.imageURL == nil)
  }

  @Test func replacementCharacterAndControlCharactersAreDroppedFromCopyright() throws {
    let apod = try decoded(APODFixtures.v1DamagedCopyright, .v1)
    #expect(apod.copyright == "Joo Serra")
  }

  @Test func emptyExplanationIsKeptEmptyAndCreditTailIsCutFromTitle() throws {
    let apod = try decoded(APODFixtures.v1EmptyExplanation, .v1)
    #expect(apod.explanation == "")
    #expect(apod.title == "The Galactic Core in Infrared")
  }

  @Test func missingMediaTypeIsInferredFromAnImageURL() throws {
    let apod = try decoded(APODFixtures.v1NoMediaType, .v1)
    #expect(apod.mediaType == .image)
    #expect(apod.imageURL?.absoluteString == "https://apod.nasa.gov/apod/image/1510/Nebula_960.jpg")
  }

  @Test func articlePageInURLIsNeverTreatedAsTheImage() throws {
    let apod = try decoded(APODFixtures.v1PermalinkURL, .v1)
    let image = try #require(apod.imageURL)
    #expect(image.host == "assets.science.nasa.gov")
    #expect(image.query?.contains("w=1024") == true)
    #expect(apod.hdImageURL?.query?.contains("w=4000") == true)
  }

  @Test func onlyTheDateIsRequired() throws {
    let apod = try decoded(#"{"date":"2020-01-01"}"#, .v1)
    #expect(apod.title == "")
    #expect(apod.explanation == "")
    #expect(apod.mediaType == .other)
    #expect(apod.copyright == nil)
  }

  @Test func wronglyTypedOptionalFieldsAreIgnored() throws {
    let apod = try decoded(#"{"date":"2020-01-01","title":42,"url":["x"],"copyright":null}"#, .v1)
    #expect(apod.title == "")
    #expect(apod.url == nil)
  }

  @Test func unknownMediaTypeIsKeptOpen() throws {
    let apod = try decoded(#"{"date":"2020-01-01","media_type":"Hologram"}"#, .v1)
    #expect(apod.mediaType == .unknown("hologram"))
    #expect(apod.mediaType.rawValue == "hologram")
  }

  @Test func missingDateIsAnError() {
    #expect(throws: APODDecodingError.missingDate) {
      try decoded(#"{"title":"No date"}"#, .v1)
    }
  }

  @Test func unreadableDateIsAnError() {
    #expect(throws: APODDecodingError.badDate("2021-13-40")) {
      try decoded(#"{"date":"2021-13-40"}"#, .v1)
    }
  }

  @Test func nonJSONBodyIsAnError() {
    #expect(throws: APODDecodingError.notJSON) {
      try decoded("<html>Bad gateway</html>", .v1)
    }
  }

  @Test func anArrayWhereOneObjectWasExpectedIsAnError() {
    #expect(throws: APODDecodingError.unexpectedShape(expected: "one picture")) {
      try decoded("[]", .v1)
    }
  }
}

@Suite("Decoding the apod-basic shape")
struct APODBasicDecodingTests {
  @Test func titleEntitiesAreDecoded() throws {
    let apod = try decoded(APODFixtures.apodBasicImage, .apodBasic)
    #expect(apod.title == "Pillars & Streams in NGC 6611")
    #expect(apod.source == .apodBasic)
  }

  @Test func explanationBecomesPlainTextWithoutLabelOrTomorrowTail() throws {
    let apod = try decoded(APODFixtures.apodBasicImage, .apodBasic)
    #expect(
      apod.explanation
        == "What shapes the pillars of cold gas? Light from young stars \u{2014} and their winds \u{2013} "
        + "erode them.\n\nThe brightest pillar spans about four light\u{2011}years. "
        + "It\u{2019}s a \"stellar nursery\"."
    )
  }

  @Test func creditAndCopyrightLoseTheirMarkup() throws {
    let apod = try decoded(APODFixtures.apodBasicImage, .apodBasic)
    #expect(apod.copyright == "Lena Ortiz & Sky Team")
    #expect(apod.credit == "Lena Ortiz & Sky Team")
  }

  @Test func emptyCopyrightIsNil() throws {
    let apod = try decoded(APODFixtures.apodBasicVideo, .apodBasic)
    #expect(apod.copyright == nil)
    #expect(apod.credit == "Juno Team")
  }

  @Test func altIsKeptForAccessibilityAndMayBeMissing() throws {
    let image = try decoded(APODFixtures.apodBasicImage, .apodBasic)
    #expect(image.alt?.hasPrefix("Tall dark pillars") == true)
    let video = try decoded(APODFixtures.apodBasicVideo, .apodBasic)
    #expect(video.alt == nil)
  }

  @Test func urlIsTheArticlePageNeverTheImage() throws {
    let apod = try decoded(APODFixtures.apodBasicImage, .apodBasic)
    #expect(apod.pageURL.absoluteString.hasPrefix("https://science.nasa.gov/image-article/"))
    #expect(apod.imageURL?.host == "assets.science.nasa.gov")
    #expect(apod.imageURL != apod.url)
    #expect(apod.hdImageURL != apod.url)
  }

  @Test func standardImageIsTheCDNImageResizedDownKeepingAspectAndOtherParameters() throws {
    let apod = try decoded(APODFixtures.apodBasicImage, .apodBasic)
    let image = try #require(apod.imageURL)
    let items = try #require(URLComponents(url: image, resolvingAgainstBaseURL: false)?.queryItems)
    #expect(items.first { $0.name == "w" }?.value == "1024")
    #expect(items.first { $0.name == "h" }?.value == "1365")
    #expect(items.first { $0.name == "fit" }?.value == "clip")
    #expect(image.absoluteString.contains("crop=faces%2Cfocalpoint"))
    #expect(apod.hdImageURL?.absoluteString.contains("w=2048&h=2730") == true)
  }

  @Test func videoPlaysTheSourceFromBasicHTMLAndShowsThePoster() throws {
    let apod = try decoded(APODFixtures.apodBasicVideo, .apodBasic)
    #expect(apod.mediaType == .video)
    #expect(
      apod.videoURL?.absoluteString
        == "https://science.nasa.gov/wp-content/uploads/2026/11/JupiterStorms.mp4")
    #expect(apod.imageURL?.lastPathComponent == "JupiterStorms_poster.jpg")
    #expect(apod.title == "Jupiter\u{2019}s Turning Storms")
  }

  @Test func iframeEmbedIsTheVideoAndItsYouTubeStillTheImage() throws {
    let apod = try decoded(APODFixtures.apodBasicIframe, .apodBasic)
    #expect(apod.mediaType == .iframe)
    #expect(apod.videoURL?.absoluteString == "https://www.youtube.com/embed/Mq3Lw8Rt5Yc?rel=0")
    #expect(apod.imageURL?.absoluteString == "https://img.youtube.com/vi/Mq3Lw8Rt5Yc/0.jpg")
    #expect(apod.explanation == "Glide over cratered plains.")
  }

  @Test func missingTitleAndExplanationDefaultToEmpty() throws {
    let apod = try decoded(#"{"date":"2026-09-16T00:00:00","post_id":1339001}"#, .apodBasic)
    #expect(apod.date == (try APODDay(iso: "2026-09-16")))
    #expect(apod.title == "")
    #expect(apod.explanation == "")
    #expect(apod.imageURL == nil)
    #expect(apod.pageURL.absoluteString == "https://apod.nasa.gov/apod/ap260916.html")
  }
}

@Suite("Decoding lists element by element")
struct APODListDecodingTests {
  @Test func v1RangeDropsAndCountsTheBadElement() throws {
    let list = try APODList.decode(Data(APODFixtures.v1RangeWithBadElement.utf8))
    #expect(list.items.map(\.date.iso) == ["2026-11-01", "2026-11-03"])
    #expect(list.droppedCount == 1)
  }

  @Test func apodBasicListDropsAndCountsTheBadElement() throws {
    let list = try APODList.decode(Data(APODFixtures.apodBasicListWithBadElement.utf8))
    #expect(list.items.map(\.title) == ["Newest", "Oldest"])
    #expect(list.droppedCount == 1)
  }

  @Test func elementThatIsNotAnObjectIsDroppedToo() throws {
    let list = try APODList.decode(Data(#"[42, {"date":"2020-01-01"}, null]"#.utf8))
    #expect(list.items.count == 1)
    #expect(list.droppedCount == 2)
  }

  @Test func singleObjectIsAListOfOne() throws {
    let list = try APODList.decode(Data(APODFixtures.v1Image.utf8))
    #expect(list.items.count == 1)
    #expect(list.droppedCount == 0)
  }

  @Test func nonJSONListIsAnError() {
    #expect(throws: APODDecodingError.notJSON) {
      try APODList.decode(Data("upstream connect error".utf8))
    }
  }
}

@Suite("Caching format")
struct APODCodableTests {
  @Test func apodRoundTripsThroughItsOwnCodableForm() throws {
    let original = try decoded(APODFixtures.apodBasicVideo, .apodBasic)
    let data = try JSONEncoder().encode(original)
    let copy = try JSONDecoder().decode(APOD.self, from: data)
    #expect(copy == original)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains(#""date":"2026-11-02""#))
    #expect(text.contains(#""mediaType":"video""#))
    #expect(text.contains(#""source":"apod-basic""#))
  }
}
