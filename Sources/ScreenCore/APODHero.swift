import Foundation
import NASA
import Playback

/// What the top of an APOD screen shows, decided by the same rule as how the day is played
/// (`APODPlayback`), so the hero never promises a video the app then sends to the web page: `url`
/// is never assumed to be an image, and `other` or unknown media opens the day's page.
public enum APODHero: Sendable, Hashable {
  /// A picture the app draws itself: `preview` at once, `hd` in the full-screen viewer (the same
  /// URL when there is only one size).
  case image(preview: URL, hd: URL)
  /// A video the app plays: its still image when there is one, and what plays (the YouTube or
  /// Vimeo embed player, or a video file for the system player), as `APODPlayback` decides.
  case video(poster: URL?, play: URL)
  /// Media the app cannot show or play (interactive pages, unknown types, streams that are gone,
  /// formats the system player refuses, an image whose URL is missing or unusable): the day's
  /// page, with a still image when one exists.
  case link(page: URL, poster: URL?)
}

extension APOD {
  /// The hero for this day, one for one with `APODPlayback`:
  /// - `.picture` → `.image` (preview: `imageURL`, HD: `hdImageURL`).
  /// - `.embeddedPlayer` / `.nativePlayer` → `.video` playing that player or file (poster:
  ///   `imageURL`, the thumbnail or the poster).
  /// - `.openPage` → `.link` to the page (a Ustream stream, a webm file, a web app labelled video,
  ///   `other`, unknown types, an image day without a usable image), keeping any still image.
  public var hero: APODHero {
    switch APODPlayback(self) {
    case .picture:
      guard let picture = pictureURLs else { return .link(page: pageURL, poster: nil) }
      return .image(preview: picture.preview, hd: picture.hd)
    case .embeddedPlayer(let player), .nativePlayer(let player):
      return .video(poster: imageURL, play: player)
    case .openPage(let page):
      return .link(page: page, poster: imageURL)
    }
  }
}

/// The two sizes of one picture, as the hero and the detail card's image both load it.
public struct APODPictureURLs: Sendable, Hashable {
  /// Shown at once: the standard image, or the HD one when it is the only one.
  public let preview: URL
  /// Shown in the full-screen viewer: the HD image, or the preview again when there is no HD.
  public let hd: URL

  /// The rule: the standard image first, HD when known; `nil` when neither exists.
  public init?(imageURL: URL?, hdImageURL: URL?) {
    guard let preview = imageURL ?? hdImageURL else { return nil }
    self.preview = preview
    self.hd = hdImageURL ?? preview
  }
}

extension APOD {
  /// This day's picture in its two sizes (a video's thumbnail counts), or `nil` without one.
  public var pictureURLs: APODPictureURLs? {
    APODPictureURLs(imageURL: imageURL, hdImageURL: hdImageURL)
  }
}
