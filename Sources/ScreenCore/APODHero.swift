import Foundation
import NASA

/// What the top of an APOD screen shows, decided from the media type and the URLs that are
/// actually usable: `url` is never assumed to be an image, and `other` or unknown media opens the
/// day's page.
public enum APODHero: Sendable, Hashable {
  /// A picture the app draws itself: `preview` at once, `hd` in the full-screen viewer (the same
  /// URL when there is only one size).
  case image(preview: URL, hd: URL)
  /// A video: its still image when there is one, and where it plays (an embed or a video file),
  /// opened outside the app.
  case video(poster: URL?, play: URL)
  /// Media the app cannot show (interactive pages, unknown types, an image or a video whose URL
  /// is missing or unusable): the day's page, with a still image when one exists.
  case link(page: URL, poster: URL?)
}

extension APOD {
  /// The hero for this day:
  /// - `image` with a usable image URL → `.image` (preview: `imageURL`, HD: `hdImageURL`);
  ///   without one (an article page in `url`, a placeholder, plain http) → `.link` to the page.
  /// - `video` with a play URL → `.video` (poster: `imageURL`, the thumbnail or the poster);
  ///   without one → `.link` to the page, where the video plays.
  /// - `iframe` (apod-basic: an embedded page) → `.video` only when the embed is evidently a
  ///   video (a YouTube or Vimeo player, a video file); an interactive page → `.link` to the day's
  ///   page, which shows the embed with its context.
  /// - `other` and unknown types → `.link` to the page.
  public var hero: APODHero {
    switch mediaType {
    case .image:
      guard let picture = pictureURLs else { return .link(page: pageURL, poster: nil) }
      return .image(preview: picture.preview, hd: picture.hd)
    case .video:
      guard let play = videoURL else { return .link(page: pageURL, poster: imageURL) }
      return .video(poster: imageURL, play: play)
    case .iframe:
      guard let play = videoURL, MediaURL.isVideo(play) else { return .link(page: pageURL, poster: imageURL) }
      return .video(poster: imageURL, play: play)
    case .other, .unknown:
      return .link(page: pageURL, poster: imageURL)
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
