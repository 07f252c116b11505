import Foundation
import Localization
import TextCleaning

public enum APODDecodingError: Error, Sendable, Hashable {
  case notJSON
  case unexpectedShape(expected: String)
  case missingDate
  case badDate(String)

  public var message: String {
    switch self {
    case .notJSON: Localized.text("NASA sent a response that is not JSON, so it could not be read.")
    case .unexpectedShape(let expected):
      Localized.text(
        "NASA sent data in an unexpected shape (expected %@), so it could not be read.", expected)
    case .missingDate: Localized.text("NASA sent a picture without a date, so it could not be read.")
    case .badDate(let text): Localized.text("NASA sent a picture with an unreadable date (\"%@\").", text)
    }
  }
}

extension APOD {
  /// Which URL answered does not matter: after the migration the v1 address may answer with
  /// apod-basic records. Only `date` is required; a wrongly typed field is ignored.
  public static func decode(_ data: Data) throws(APODDecodingError) -> APOD {
    try decodePayload(AnyPayload.self, from: data).apod
  }
}

extension APODList {
  /// An element that cannot be read is dropped and counted, never failing the list.
  public static func decode(_ data: Data) throws(APODDecodingError) -> APODList {
    try decodeAnswer(data).list
  }

  enum Answer {
    case one(APOD)
    case list(APODList)

    var list: APODList {
      switch self {
      case .one(let apod): APODList(items: [apod])
      case .list(let list): list
      }
    }
  }

  static func decodeAnswer(_ data: Data) throws(APODDecodingError) -> Answer {
    do {
      let elements = try JSONDecoder().decode([Lossy<AnyPayload>].self, from: data)
      let items = elements.compactMap { $0.value?.apod }
      return .list(APODList(items: items, droppedCount: elements.count - items.count))
    } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
      return .one(try decodePayload(AnyPayload.self, from: data).apod)
    } catch {
      throw mapped(error, expected: Localized.text("a list"))
    }
  }
}

private func decodePayload<Payload: APODPayload>(
  _ type: Payload.Type, from data: Data
) throws(APODDecodingError) -> Payload {
  do {
    return try JSONDecoder().decode(type, from: data)
  } catch {
    throw mapped(error, expected: Localized.text("one picture"))
  }
}

private func mapped(_ error: any Error, expected: String) -> APODDecodingError {
  if let own = error as? APODDecodingError { return own }
  if case DecodingError.typeMismatch(_, let context) = error, context.codingPath.isEmpty {
    return .unexpectedShape(expected: expected)
  }
  if case DecodingError.keyNotFound = error { return .missingDate }
  return .notJSON
}

private struct Lossy<Element: Decodable>: Decodable {
  let value: Element?

  init(from decoder: any Decoder) throws {
    value = try? Element(from: decoder)
  }
}

private protocol APODPayload: Decodable {
  var apod: APOD { get }
}

/// apod-basic records carry fields v1 never sends (`permalink`, `post_id`, `basic_html`,
/// `basic_html_url`, `credit`); an object with none of them is v1.
enum APODShape {
  static func of(_ decoder: any Decoder) throws -> APODSourceKind {
    let container = try decoder.container(keyedBy: Markers.self)
    return Markers.allCases.contains(where: container.contains) ? .apodBasic : .v1
  }

  private enum Markers: String, CodingKey, CaseIterable {
    case permalink, credit
    case postID = "post_id"
    case basicHTML = "basic_html"
    case basicHTMLURL = "basic_html_url"
  }
}

private struct AnyPayload: APODPayload {
  let apod: APOD

  init(from decoder: any Decoder) throws {
    switch try APODShape.of(decoder) {
    case .v1: apod = try V1Payload(from: decoder).apod
    case .apodBasic: apod = try APODBasicPayload(from: decoder).apod
    }
  }
}

extension KeyedDecodingContainer {
  fileprivate func lenientString(_ key: Key) -> String? {
    (try? decodeIfPresent(String.self, forKey: key)) ?? nil
  }

  /// The required `date`: `YYYY-MM-DD`, possibly followed by a time (`2026-09-29T00:00:00`).
  fileprivate func apodDay(_ key: Key) throws(APODDecodingError) -> APODDay {
    guard let raw = lenientString(key) else { throw .missingDate }
    let trimmed = TextScan.trimmed(raw)
    var datePart = trimmed
    // Ten bytes or fewer cannot hold more than ten characters (and `count` is slow).
    if trimmed.utf8.count > 10, trimmed.count > 10 {
      let separator = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 10)]
      if separator == "T" || separator == " " { datePart = String(trimmed.prefix(10)) }
    }
    do {
      return try APODDay(iso: datePart)
    } catch {
      throw .badDate(raw)
    }
  }
}

/// Media type as sent, or inferred when the field is missing or empty (one real v1 entry has
/// no `media_type`: an image URL means an image, anything else is "other").
private func mediaType(_ raw: String?, imageHint: URL?) -> APODMediaType {
  let sent = raw.map(APODMediaType.init(rawValue:))
  if let sent, sent != .unknown("") { return sent }
  if let imageHint, MediaURL.isImageFile(imageHint) { return .image }
  return .other
}

/// The thumbnail as sent, else YouTube's poster for the embedded video. Both services leave it
/// out or empty for some videos (v1 sends "" for hosts other than YouTube and Vimeo).
private func thumbnail(sent: String?, video: URL?) -> URL? {
  MediaURL.parse(sent) ?? video.flatMap(MediaURL.youTubeThumbnail(forEmbed:))
}

private struct V1Payload: APODPayload {
  let apod: APOD

  private enum Keys: String, CodingKey {
    case date, title, explanation, url, hdurl, copyright, alt
    case mediaType = "media_type"
    case thumbnailURL = "thumbnail_url"
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    let day = try container.apodDay(.date)
    let url = MediaURL.parse(container.lenientString(.url))
    let media = mediaType(container.lenientString(.mediaType), imageHint: url)
    let isPlayable = media == .video || media == .iframe
    let videoURL = isPlayable ? url : nil
    apod = APOD(
      date: day,
      title: APODText.v1Title(container.lenientString(.title) ?? ""),
      explanation: APODText.v1Explanation(container.lenientString(.explanation) ?? ""),
      mediaType: media,
      url: url,
      hdurl: MediaURL.parse(container.lenientString(.hdurl)),
      thumbnailURL: thumbnail(sent: container.lenientString(.thumbnailURL), video: videoURL),
      videoURL: videoURL,
      copyright: APODText.v1Copyright(container.lenientString(.copyright)),
      alt: APODText.alt(container.lenientString(.alt)),
      pageURL: articlePage(url) ?? APOD.legacyPageURL(for: day),
      source: .v1,
      copyrightRuns: CreditText.linkedRuns(fromHTML: container.lenientString(.copyright))
    )
  }
}

/// After the migration v1 is fed by apod-basic and its `url` may be the day's article page on
/// science.nasa.gov (never an image file there): that page is the day's page, not the old site's.
private func articlePage(_ url: URL?) -> URL? {
  guard let url, url.scheme == "https", url.host == "science.nasa.gov", !MediaURL.isImageFile(url) else {
    return nil
  }
  return url
}

private struct APODBasicPayload: APODPayload {
  let apod: APOD

  private enum Keys: String, CodingKey {
    case date, title, explanation, url, hdurl, copyright, credit, alt, permalink
    case mediaType = "media_type"
    case thumbnailURL = "thumbnail_url"
    case basicHTML = "basic_html"
    case basicHTMLURL = "basic_html_url"
  }

  private static let siteRoot = URL(string: "https://science.nasa.gov/")

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    let day = try container.apodDay(.date)
    let hdurl = MediaURL.parse(container.lenientString(.hdurl))
    let media = mediaType(container.lenientString(.mediaType), imageHint: hdurl)
    let url = MediaURL.parse(container.lenientString(.url))
    let permalink = MediaURL.parse(container.lenientString(.permalink))
    let htmlBase = MediaURL.parse(container.lenientString(.basicHTMLURL)) ?? Self.siteRoot
    // apod-basic names no video file in its fields: the playable source lives only in basic_html.
    let videoURL =
      media == .image
      ? nil : container.lenientString(.basicHTML).flatMap { videoSource(inHTML: $0, base: htmlBase) }
    apod = APOD(
      date: day,
      title: APODText.htmlLine(container.lenientString(.title) ?? ""),
      explanation: APODText.htmlExplanation(container.lenientString(.explanation) ?? ""),
      mediaType: media,
      url: url,
      hdurl: hdurl,
      thumbnailURL: thumbnail(sent: container.lenientString(.thumbnailURL), video: videoURL),
      videoURL: videoURL,
      copyright: APODText.htmlCredit(container.lenientString(.copyright)),
      credit: APODText.htmlCredit(container.lenientString(.credit)),
      alt: APODText.alt(container.lenientString(.alt)),
      // `url` equals the permalink (an article page); never an image.
      pageURL: permalink ?? url ?? APOD.legacyPageURL(for: day),
      source: .apodBasic,
      creditRuns: CreditText.linkedRuns(fromHTML: container.lenientString(.credit)),
      copyrightRuns: CreditText.linkedRuns(fromHTML: container.lenientString(.copyright))
    )
  }
}

/// The first playable source in an HTML fragment, in document order: `<video src>`,
/// `<source src>` inside `<video>`, or `<iframe src>` (ignoring iframes in `<noscript>`, which
/// are analytics beacons).
func videoSource(inHTML html: String, base: URL?) -> URL? {
  var insideVideo = false
  var insideNoScript = false
  for case .tag(let tag) in HTMLText.tokens(html) {
    switch (tag.name, tag.isClosing) {
    case ("video", false):
      insideVideo = true
      if let source = MediaURL.parse(tag.attributes["src"], relativeTo: base) { return source }
    case ("video", true):
      insideVideo = false
    case ("noscript", let closing):
      insideNoScript = !closing
    case ("source", false) where insideVideo:
      if let source = MediaURL.parse(tag.attributes["src"], relativeTo: base) { return source }
    case ("iframe", false) where !insideNoScript:
      if let source = MediaURL.parse(tag.attributes["src"], relativeTo: base) { return source }
    default:
      continue
    }
  }
  return nil
}
