import Foundation
import TextCleaning

/// The raw values are the names the CLI prints.
public enum APODSourceKind: String, Sendable, Hashable, Codable, CaseIterable {
  /// The legacy `api.nasa.gov/planetary/apod` service (reported to be archived on 2026-12-01).
  case v1 = "v1"
  /// The science.nasa.gov WordPress feed `wp-json/wp/v2/apod-basic` (no key needed).
  case apodBasic = "apod-basic"
}

/// Open: a value the services add later decodes as `.unknown`.
public enum APODMediaType: Sendable, Hashable, Codable, CustomStringConvertible {
  case image
  case video
  /// v1: neither an image nor a video was found on the page (Flash, interactive, HTML5 video).
  case other
  /// apod-basic: an embedded page.
  case iframe
  case unknown(String)

  public init(rawValue: String) {
    // The services' own spellings first, without trimming or lowering (both slow on Linux).
    switch rawValue {
    case "image": self = .image
    case "video": self = .video
    case "other": self = .other
    case "iframe": self = .iframe
    default: self.init(normalizing: rawValue)
    }
  }

  private init(normalizing rawValue: String) {
    let value = rawValue.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    switch value {
    case "image": self = .image
    case "video": self = .video
    case "other": self = .other
    case "iframe": self = .iframe
    default: self = .unknown(value)
    }
  }

  public var rawValue: String {
    switch self {
    case .image: "image"
    case .video: "video"
    case .other: "other"
    case .iframe: "iframe"
    case .unknown(let value): value
    }
  }

  public var description: String { rawValue }

  public init(from decoder: any Decoder) throws {
    self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

/// `url` is kept as sent and is **not** assumed to be an image (apod-basic's `url` is an article
/// page): use `imageURL`, `hdImageURL` and `videoURL`. `Codable` is the cache format, not the wire
/// format (`APOD.decode(_:from:)`).
public struct APOD: Sendable, Hashable, Codable, Identifiable {
  public var date: APODDay
  public var title: String
  /// Plain text; paragraphs separated by blank lines. May be empty.
  public var explanation: String
  public var mediaType: APODMediaType
  /// The service's `url` field, made absolute (an image, an embed, or an article page).
  public var url: URL?
  /// The service's `hdurl` field (v1: the large image; apod-basic: the image, or a video's poster).
  public var hdurl: URL?
  /// A video's still image when the service gave one or it is derivable (YouTube embeds).
  public var thumbnailURL: URL?
  /// Where the video plays: v1's embed URL, or the source found in apod-basic's `basic_html`.
  public var videoURL: URL?
  /// Copyright holder, cleaned; nil when absent (usually public domain / NASA).
  public var copyright: String?
  public var credit: String?
  /// Nil when the field linked nowhere (the plain `credit` says it all) and in copies saved before
  /// links were kept.
  public var creditRuns: [CreditRun]?
  public var copyrightRuns: [CreditRun]?
  public var alt: String?
  /// The day's web page: the permalink (apod-basic), the article page v1 sent as `url` after the
  /// migration, else `https://apod.nasa.gov/apod/apYYMMDD.html`.
  public var pageURL: URL
  public var source: APODSourceKind

  public var id: APODDay { date }

  /// A lenient decode can yield less than a title and something to show.
  public var isComplete: Bool {
    guard !title.isEmpty else { return false }
    switch mediaType {
    case .image: return imageURL != nil
    case .video: return videoURL != nil || url != nil
    case .other, .iframe, .unknown: return true
    }
  }

  public init(
    date: APODDay, title: String, explanation: String, mediaType: APODMediaType,
    url: URL? = nil, hdurl: URL? = nil, thumbnailURL: URL? = nil, videoURL: URL? = nil,
    copyright: String? = nil, credit: String? = nil, alt: String? = nil, pageURL: URL,
    source: APODSourceKind, creditRuns: [CreditRun]? = nil, copyrightRuns: [CreditRun]? = nil
  ) {
    self.date = date
    self.title = title
    self.explanation = explanation
    self.mediaType = mediaType
    self.url = url
    self.hdurl = hdurl
    self.thumbnailURL = thumbnailURL
    self.videoURL = videoURL
    self.copyright = copyright
    self.credit = credit
    self.creditRuns = creditRuns
    self.copyrightRuns = copyrightRuns
    self.alt = alt
    self.pageURL = pageURL
    self.source = source
  }

  /// v1: `url` when it really is an image file, or a video's thumbnail. apod-basic: `hdurl`, resized
  /// down on the NASA image CDN (its `w`/`h` parameters); its `url` is never used.
  public var imageURL: URL? {
    switch (source, mediaType) {
    case (.v1, .image):
      if let url, MediaURL.isImageFile(url), let usable = MediaURL.usableImage(url) {
        return MediaURL.standardSize(usable)
      }
      return MediaURL.usableImage(hdurl).map(MediaURL.standardSize)
    case (.v1, _):
      return MediaURL.usableImage(thumbnailURL)
    case (.apodBasic, _):
      return MediaURL.usableImage(hdurl).map(MediaURL.standardSize) ?? MediaURL.usableImage(thumbnailURL)
    }
  }

  public var hdImageURL: URL? {
    switch (source, mediaType) {
    case (.v1, .image):
      if let large = MediaURL.usableImage(hdurl) { return large }
      guard let url, MediaURL.isImageFile(url) else { return nil }
      return MediaURL.usableImage(url)
    case (.v1, _):
      return MediaURL.usableImage(thumbnailURL)
    case (.apodBasic, _):
      return MediaURL.usableImage(hdurl) ?? MediaURL.usableImage(thumbnailURL)
    }
  }

  public static func legacyPageURL(for day: APODDay) -> URL {
    // `yymmdd` is six digits, so the text is always a valid URL.
    URL(string: "https://apod.nasa.gov/apod/ap\(day.yymmdd).html")!
  }
}

/// One bad element never fails the whole list.
public struct APODList: Sendable, Hashable {
  public var items: [APOD]
  public var droppedCount: Int
  /// Days of the range asked that the answer did not speak for (a list that ignored the dates
  /// asked), newest first: not received, which is not "no picture"; they are asked again later.
  public var notReceived: [APODDay]

  public init(items: [APOD], droppedCount: Int = 0, notReceived: [APODDay] = []) {
    self.items = items
    self.droppedCount = droppedCount
    self.notReceived = notReceived
  }
}
