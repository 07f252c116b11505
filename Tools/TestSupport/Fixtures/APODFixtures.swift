import Foundation
import NASA

/// Sample APOD payloads written for Spacer in the shapes the two services send (the v1 JSON
/// object and the apod-basic WordPress record, see docs/APOD-SERVICE.md). The text is sample data,
/// not NASA's. Used by tests, by the CLI's `--demo` mode and by the benchmarks, so they are plain
/// strings rather than bundle resources.
///
/// v1 payloads follow Flask's `jsonify`: keys sorted, non-ASCII escaped as `\uXXXX`.
public enum APODFixtures {
  /// An APOD with every field set, each optional one too (apod-basic, the service with a credit
  /// line beside the copyright): what the checks that keep the CLI's record and the benchmark's
  /// plain envelope in step with `APOD` encode.
  public static let everyField = APOD(
    date: (try? APODDay(year: 2024, month: 3, day: 10)) ?? .first, title: "Every Field",
    explanation: "Each field of the domain type is set.", mediaType: .image,
    url: URL(string: "https://apod.nasa.gov/apod/image/2403/EveryField_1024.jpg"),
    hdurl: URL(string: "https://apod.nasa.gov/apod/image/2403/EveryField_4096.jpg"),
    thumbnailURL: URL(string: "https://apod.nasa.gov/apod/image/2403/EveryField_thumb.jpg"),
    videoURL: URL(string: "https://www.youtube.com/embed/everyfield"), copyright: "A Photographer",
    credit: "A Credit", alt: "A described picture",
    pageURL: APOD.legacyPageURL(for: (try? APODDay(year: 2024, month: 3, day: 10)) ?? .first),
    source: .apodBasic,
    creditRuns: [.init(text: "A Credit", link: URL(string: "https://example.org/credit"))],
    copyrightRuns: [.init(text: "A Photographer", link: URL(string: "https://example.org/photographer"))])

  // MARK: v1 objects

  /// An image with `url` and `hdurl`, and a copyright wrapped in newlines as the scraper leaves it.
  public static let v1Image = #"""
    {"copyright":"\nRosa Delgado\n","date":"2026-11-02","explanation":"A faint ring of glowing gas surrounds a dying star in this deep exposure.  The shell expanded for about ten thousand years.","hdurl":"https://apod.nasa.gov/apod/image/2611/RingShell_Delgado_2400.jpg","media_type":"image","service_version":"v1","title":"A Shell Around a Dying Star","url":"https://apod.nasa.gov/apod/image/2611/RingShell_Delgado_960.jpg"}
    """#

  /// An old entry whose media URLs use plain `http://apod.nasa.gov`.
  public static let v1ImageHTTP = #"""
    {"date":"2001-03-14","explanation":"Dark dust lanes cross a bright emission nebula.","hdurl":"http://apod.nasa.gov/apod/image/0103/lanes_big.jpg","media_type":"image","service_version":"v1","title":"Lanes of Dust","url":"http://apod.nasa.gov/apod/image/0103/lanes.jpg"}
    """#

  /// An animated GIF image, the standard image larger than `hdurl` (it happens).
  public static let v1GIF = #"""
    {"date":"1999-12-05","explanation":"A month of lunar phases in one loop.","hdurl":"https://apod.nasa.gov/apod/image/9912/phases.gif","media_type":"image","service_version":"v1","title":"Phases in Motion","url":"https://apod.nasa.gov/apod/image/9912/phases_big.gif"}
    """#

  /// A YouTube video with `thumbnail_url` (sent when `thumbs=true` was honoured).
  public static let v1VideoYouTube = #"""
    {"copyright":"Kai Lindqvist","date":"2026-10-20","explanation":"Watch a solar prominence lift off in time lapse.","media_type":"video","service_version":"v1","thumbnail_url":"https://img.youtube.com/vi/Xq7Rp2Ln0sA/0.jpg","title":"A Prominence Lifts Off","url":"https://www.youtube.com/embed/Xq7Rp2Ln0sA?rel=0"}
    """#

  /// A YouTube video without `thumbnail_url` (the thumbs feature is reported disabled).
  public static let v1VideoNoThumbnail = #"""
    {"date":"2026-10-21","explanation":"A flight over the lunar south pole.","media_type":"video","service_version":"v1","title":"Over the South Pole","url":"https://www.youtube.com/embed/Bn4Ke9Tz1wQ?rel=0&controls=0"}
    """#

  /// A Vimeo video: no thumbnail, none derivable.
  public static let v1VideoVimeo = #"""
    {"date":"2026-10-22","explanation":"Curtains of aurora ripple over a fjord.","media_type":"video","service_version":"v1","title":"Rippling Curtains","url":"https://player.vimeo.com/video/40213377?color=ffffff"}
    """#

  /// `media_type: other` (an interactive page): no `url`, no `hdurl`.
  public static let v1Other = #"""
    {"copyright":"Planetarium Collective","date":"2010-02-03","explanation":"Fly through a model of the local galaxies.","media_type":"other","service_version":"v1","title":"A Tour of the Local Group"}
    """#

  /// A "video" that is a plain http web page on a nasa.gov host (interactive item).
  public static let v1VideoNASAPage = #"""
    {"date":"2015-05-02","explanation":"Explore a digital model of a small world.","media_type":"video","service_version":"v1","title":"Explore an Asteroid","url":"http://trek.example.nasa.gov/"}
    """#

  /// Copyright with U+FFFD (a letter the scraper lost) and a DEL control character.
  public static let v1DamagedCopyright = #"""
    {"copyright":"Jo\ufffdo Serr\u007fa","date":"2006-01-09","explanation":"Star trails circle the pole above a quiet lake.","hdurl":"https://apod.nasa.gov/apod/image/0601/trails_big.jpg","media_type":"image","service_version":"v1","title":"Circles Above the Lake","url":"https://apod.nasa.gov/apod/image/0601/trails.jpg"}
    """#

  /// An empty explanation and a title with the credit line run into it.
  public static let v1EmptyExplanation = #"""
    {"date":"1997-02-11","explanation":"","hdurl":"https://apod.nasa.gov/apod/image/9702/core_big.jpg","media_type":"image","service_version":"v1","title":"The Galactic Core in Infrared \r\nCredit:","url":"https://apod.nasa.gov/apod/image/9702/core.jpg"}
    """#

  /// No `media_type` at all, an http URL, and the `concepts` string (a real v1 quirk).
  public static let v1NoMediaType = #"""
    {"concepts":"concept_tags functionality turned off in current service","date":"2015-10-12","explanation":"Glowing gas and dark dust mingle.","service_version":"v1","title":"Inside a Nebula","url":"http://apod.nasa.gov/apod/image/1510/Nebula_960.jpg"}
    """#

  /// The post-migration v1 shape: `url` is a science.nasa.gov article page, `hdurl` the image.
  public static let v1PermalinkURL = #"""
    {"date":"2026-09-30","explanation":"A comet's tail stretches across the morning sky.","hdurl":"https://assets.science.nasa.gov/dynamicimage/assets/science/cds/apod/apod/2026/september/CometTail.jpg?w=4000&h=2500&fit=clip&crop=faces%2Cfocalpoint","media_type":"image","service_version":"v1","title":"A Long Tail","url":"https://science.nasa.gov/image-article/apod-2026-september-30-a-long-tail/"}
    """#

  /// A v1 range answer (`start_date`/`end_date`), oldest first as v1 sends it, with one element
  /// that has no date (it must be dropped and counted, not fail the list).
  public static let v1RangeWithBadElement = #"""
    [{"date":"2026-11-01","explanation":"First.","hdurl":"https://apod.nasa.gov/apod/image/2611/one_big.jpg","media_type":"image","service_version":"v1","title":"Day One","url":"https://apod.nasa.gov/apod/image/2611/one.jpg"},{"explanation":"No date here.","media_type":"image","title":"Broken"},{"date":"2026-11-03","explanation":"Third.","media_type":"video","service_version":"v1","title":"Day Three","url":"https://www.youtube.com/embed/Zz9Yy8Xx7Ww?rel=0"}]
    """#

  /// The first pages (1995–96), as v1 runs them into `explanation`: a page header ("Today's
  /// Picture:", or the date, title and "Picture Credit:"), "Explanation:", the author's words, then
  /// the page footer. Each pairs the payload with the author's words alone.
  public static let v1EarlyPages: [(payload: String, ownWords: String)] = [
    (
      #"""
      {"date":"1995-06-16","explanation":"Today's Picture:    Explanation:  Squeezed to the density of a neutron star, the Earth would bend the light of the sky behind it , and two images of one constellation would show.   We keep an  archive file.  Astronomy Picture of the Day is brought to you by  Robert Nemiroff and  Jerry Bonnell . Original material on this page is copyrighted to Robert Nemiroff and Jerry Bonnell.","hdurl":"https://apod.nasa.gov/apod/image/e_lens.gif","media_type":"image","service_version":"v1","title":"Neutron Star Earth","url":"https://apod.nasa.gov/apod/image/e_lens.gif"}
      """#,
      "Squeezed to the density of a neutron star, the Earth would bend the light of the sky behind it , "
        + "and two images of one constellation would show."
    ),
    (
      #"""
      {"date":"1995-07-19","explanation":"July 19, 1995    The Mountains of Mars  Picture Credit: NASA, Viking Project  Explanation:  Volcanoes raised the tallest mountains of Mars.  For more about them see a Mars page.  We keep an archive of Astronomy Pictures of the Day.   Astronomy Picture of the Day is brought to you by  Robert Nemiroff and  Jerry Bonnell . Original material on this page is copyrighted to Robert J. Nemiroff and Jerry T. Bonnell.","hdurl":"https://apod.nasa.gov/apod/image/olympus.gif","media_type":"image","service_version":"v1","title":"The Mountains of Mars","url":"https://apod.nasa.gov/apod/image/olympus.gif"}
      """#,
      "Volcanoes raised the tallest mountains of Mars. For more about them see a Mars page."
    ),
    (
      #"""
      {"date":"1996-07-04","explanation":"Today's Picture: July 4, 1996    A Cat's Eye  Picture Credit: NASA, Hubble Space Telescope  Explanation:  A dying star throws off shells of glowing gas.  Latest APOD Featuring this Image: July 4, 1996  For more information see a press release.   We keep an archive of previous Astronomy Pictures of the Day.   Astronomy Picture of the Day is brought to you by  Robert Nemiroff and  Jerry Bonnell . Original material on this page is copyrighted to Robert J. Nemiroff and Jerry T. Bonnell.","hdurl":"https://apod.nasa.gov/apod/image/catseye.gif","media_type":"image","service_version":"v1","title":"A Cat's Eye","url":"https://apod.nasa.gov/apod/image/catseye.gif"}
      """#,
      "A dying star throws off shells of glowing gas. Latest APOD Featuring this Image: July 4, 1996 "
        + "For more information see a press release."
    ),
    (
      #"""
      {"date":"2021-11-07","explanation":"Some see a cat's eye in this planetary nebula.  Its central star shrugged off its outer layers.   APOD in world languages: Arabic, Catalan, Chinese (Taiwan), French, German, Montenegrin,  Spanish, and  Ukrainian","hdurl":"https://apod.nasa.gov/apod/image/2111/CatsEye_1278.jpg","media_type":"image","service_version":"v1","title":"The Cat's Eye","url":"https://apod.nasa.gov/apod/image/2111/CatsEye_960.jpg"}
      """#,
      "Some see a cat's eye in this planetary nebula. Its central star shrugged off its outer layers."
    ),
  ]

  // MARK: apod-basic objects

  /// An image: HTML explanation with the label, a link, entities and the "Tomorrow's picture" tail;
  /// HTML credit; entity in the title; `url` = the article page; `hdurl` on the image CDN.
  public static let apodBasicImage = #"""
    {"date":"2026-11-03","post_id":1500301,"title":"Pillars &amp; Streams in NGC 6611","permalink":"https://science.nasa.gov/image-article/apod-2026-november-3-pillars-streams-in-ngc-6611/","media_type":"image","explanation":"<strong>Explanation: </strong>What shapes the <a href=\"https://science.nasa.gov/\">pillars</a> of cold gas? Light from young stars &#8212; and their winds &ndash; erode them.<br>\n<br>\nThe brightest pillar spans about four light&#8209;years. It&rsquo;s a &quot;stellar nursery&quot;.<br><strong>Tomorrow&#039;s picture: </strong>a dark lane","credit":"<a href=\"https://example.org/lena\">Lena Ortiz</a> &amp; <em>Sky Team</em>","copyright":"<a href=\"https://example.org/lena\">Lena Ortiz</a> &amp; <em>Sky Team</em>","alt":"Tall dark pillars of gas rise from the bottom of the frame against a glowing blue and orange nebula.","url":"https://science.nasa.gov/image-article/apod-2026-november-3-pillars-streams-in-ngc-6611/","hdurl":"https://assets.science.nasa.gov/dynamicimage/assets/science/cds/apod/apod/2026/november/Pillars_Ortiz_2048.jpg?w=2048&h=2730&fit=clip&crop=faces%2Cfocalpoint","basic_html":"<!doctype html><html><body><a href=\"https://assets.science.nasa.gov/dynamicimage/x.jpg\"><img src=\"https://assets.science.nasa.gov/dynamicimage/x.jpg?w=1024\"></a></body></html>","basic_html_url":"https://science.nasa.gov/wp-json/wp/v2/apod-basic/261103/html"}
    """#

  /// A video: `hdurl` is a poster; the playable MP4 is only in `basic_html`; no `alt`.
  public static let apodBasicVideo = #"""
    {"date":"2026-11-02","post_id":1500288,"title":"Jupiter&#8217;s Turning Storms","permalink":"https://science.nasa.gov/image-article/apod-2026-november-2-jupiters-turning-storms/","media_type":"video","explanation":"<strong>Explanation:</strong> Storms drift and merge over ten Jovian days.","credit":"Juno Team","copyright":"","url":"https://science.nasa.gov/image-article/apod-2026-november-2-jupiters-turning-storms/","hdurl":"https://assets.science.nasa.gov/dynamicimage/assets/science/cds/apod/apod/2026/november/JupiterStorms_poster.jpg?w=1920&h=1080&fit=clip&crop=faces%2Cfocalpoint","basic_html":"<html><head><script>var x = '<iframe src=\"https://bad.example/\">';</script></head><body><noscript><iframe src=\"https://www.googletagmanager.com/ns.html?id=GTM-0\"></iframe></noscript><video controls poster=\"/poster.jpg\"><source src=\"/wp-content/uploads/2026/11/JupiterStorms.mp4\" type=\"video/mp4\"></video></body></html>","basic_html_url":"https://science.nasa.gov/wp-json/wp/v2/apod-basic/261102/html"}
    """#

  /// An embedded YouTube page (`media_type: iframe`), no `alt`, no `hdurl`.
  public static let apodBasicIframe = #"""
    {"date":"2026-11-01","post_id":1500270,"title":"Flight Over Mercury","permalink":"https://science.nasa.gov/image-article/apod-2026-november-1-flight-over-mercury/","media_type":"iframe","explanation":"<p><strong>Explanation: </strong>Glide over cratered plains.</p>","credit":"MESSENGER Team","url":"https://science.nasa.gov/image-article/apod-2026-november-1-flight-over-mercury/","basic_html":"<div class='apod'><iframe width='960' height='540' src='https://www.youtube.com/embed/Mq3Lw8Rt5Yc?rel=0' allowfullscreen></iframe></div>","basic_html_url":"https://science.nasa.gov/wp-json/wp/v2/apod-basic/261101/html"}
    """#

  /// The list endpoint (newest first), with one element whose `date` is unreadable.
  public static let apodBasicListWithBadElement = #"""
    [{"date":"2026-11-03","title":"Newest","media_type":"image","explanation":"<strong>Explanation: </strong>Three.","url":"https://science.nasa.gov/image-article/three/","permalink":"https://science.nasa.gov/image-article/three/","hdurl":"https://assets.science.nasa.gov/dynamicimage/assets/science/cds/apod/apod/2026/november/three.jpg?w=2048&h=1365&fit=clip"},{"date":"not-a-date","title":"Broken"},{"date":"2026-11-01","title":"Oldest","media_type":"image","explanation":"<strong>Explanation: </strong>One.","url":"https://science.nasa.gov/image-article/one/","permalink":"https://science.nasa.gov/image-article/one/","hdurl":"https://assets.science.nasa.gov/dynamicimage/assets/science/cds/apod/apod/2026/november/one.jpg?w=2048&h=1365&fit=clip"}]
    """#

  // MARK: Error bodies (status, body)

  /// v1 service: date outside the allowed range.
  public static let v1ErrorDateRange =
    #"{"code":400,"msg":"Date must be between Jun 16, 1995 and Nov 20, 2026.","service_version":"v1"}"#
  /// v1 service: start after end.
  public static let v1ErrorStartAfterEnd =
    #"{"code":400,"msg":"start_date cannot be after end_date","service_version":"v1"}"#
  /// v1 service: no APOD for the date.
  public static let v1ErrorNoData =
    #"{"code":404,"msg":"No data available for date: 1995-06-18","service_version":"v1"}"#
  /// v1 service: any scrape or upstream failure.
  public static let v1ErrorInternal = #"{"code":500,"msg":"Internal Service Error","service_version":"v1"}"#
  /// Gateway: no key.
  public static let gatewayKeyMissing =
    #"{"error":{"code":"API_KEY_MISSING","message":"No api_key was supplied. Get one at https://api.nasa.gov:443"}}"#
  /// Gateway: bad key.
  public static let gatewayKeyInvalid =
    #"{"error":{"code":"API_KEY_INVALID","message":"An invalid api_key was supplied. Get one at https://api.nasa.gov:443"}}"#
  /// Gateway: quota spent (sent with status 429 and `Retry-After`).
  public static let gatewayOverRateLimit =
    #"{"error":{"code":"OVER_RATE_LIMIT","message":"You have exceeded your rate limit. Try again later or contact us at https://api.nasa.gov:443/contact/ for assistance"}}"#
  /// Infrastructure: a non-JSON 503 body.
  public static let infrastructure503 =
    "upstream connect error or disconnect/reset before headers. reset reason: overflow"
  /// apod-basic: not found or not yet published (status 404).
  public static let apodBasicNotFound =
    #"{"code":"apod_basic_not_found","message":"APOD not found.","data":{"status":404}}"#

  // MARK: Generated samples (for --demo and benchmarks)

  /// A labelled sample v1 object for any day; the kind of media rotates with the day.
  public static func sampleV1(for day: APODDay, title: String? = nil) -> String {
    let variant = abs(day.distance(to: APODDay.first)) % 3
    let path = "https://apod.nasa.gov/apod/image/\(day.yymmdd.prefix(4))/sample_\(day.yymmdd)"
    let media: String
    switch variant {
    case 0:
      media = #""hdurl":"\#(path)_2048.jpg","media_type":"image","url":"\#(path)_960.jpg""#
    case 1:
      media = #""media_type":"video","url":"https://www.youtube.com/embed/Sample\#(day.yymmdd)?rel=0""#
    default:
      media =
        #""copyright":"\nSpacer Sample Team\n","hdurl":"\#(path)_big.gif","media_type":"image","url":"\#(path).gif""#
    }
    return #"""
      {"date":"\#(day.iso)","explanation":"Sample data for \#(day.iso), written for Spacer's demo mode: not a real NASA picture.","service_version":"v1","title":"\#(title ?? "Sample Sky \(day.iso) (sample data)")",\#(media)}
      """#
  }

  /// A v1 range answer for the given days, oldest first as v1 sends it.
  public static func sampleV1Range(_ days: [APODDay]) -> String {
    "[" + days.sorted().map { sampleV1(for: $0) }.joined(separator: ",") + "]"
  }

  /// A labelled sample apod-basic object for any day; every third day is a video.
  public static func sampleAPODBasic(for day: APODDay) -> String {
    let page = "https://science.nasa.gov/image-article/apod-sample-\(day.iso)/"
    let image =
      "https://assets.science.nasa.gov/dynamicimage/assets/science/cds/apod/apod/sample/"
      + "Sample_\(day.yymmdd).jpg?w=2048&h=1536&fit=clip&crop=faces%2Cfocalpoint"
    let isVideo = abs(day.distance(to: APODDay.first)) % 3 == 1
    let html =
      isVideo
      ? #"<video controls><source src=\"https://science.nasa.gov/wp-content/uploads/sample/\#(day.yymmdd).mp4\" type=\"video/mp4\"></video>"#
      : #"<img src=\"\#(image)\">"#
    return #"""
      {"date":"\#(day.iso)","post_id":\#(abs(day.distance(to: APODDay.first)) + 1),"title":"Sample Sky \#(day.iso) &amp; Friends (sample data)","permalink":"\#(page)","media_type":"\#(isVideo ? "video" : "image")","explanation":"<strong>Explanation: </strong>Sample data for \#(day.iso), written for Spacer&rsquo;s demo mode: not a real NASA picture.<br><strong>Tomorrow's picture: </strong>more samples","credit":"Spacer Sample Team","copyright":"<em>Spacer</em> Sample Team","alt":"A sample picture of a starry sky.","url":"\#(page)","hdurl":"\#(image)","basic_html":"\#(html)","basic_html_url":"https://science.nasa.gov/wp-json/wp/v2/apod-basic/\#(day.yymmdd)/html"}
      """#
  }

  /// An apod-basic list answer for the given days, newest first as the feed sends it.
  public static func sampleAPODBasicList(_ days: [APODDay]) -> String {
    "[" + days.sorted(by: >).map(sampleAPODBasic(for:)).joined(separator: ",") + "]"
  }
}
