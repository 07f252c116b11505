import Foundation
import NASA
import Playback

/// What the top of an APOD screen shows, decided by the same rule as how the day is played
/// (`APODPlayback`), so the hero never promises a video the app then sends to the web page: `url`
/// is never assumed to be an image, and `other` or unknown media opens the day's page.
public enum APODHero: Sendable, Hashable {
  case image(preview: URL, hd: URL)
  case video(poster: URL?, play: URL)
  case link(page: URL, poster: URL?)
}

extension APOD {
  public var hero: APODHero {
    // Worked out once: each address is a few URL reads, and a launch waits for this one.
    let image = imageURL
    switch APODPlayback(self, imageURL: image) {
    case .picture:
      guard let picture = APODPictureURLs(imageURL: image, hdImageURL: hdImageURL) else {
        return .link(page: pageURL, poster: nil)
      }
      return .image(preview: picture.preview, hd: picture.hd)
    case .embeddedPlayer(let player), .nativePlayer(let player):
      return .video(poster: image, play: player)
    case .openPage(let page):
      return .link(page: page, poster: image)
    }
  }
}

public struct APODPictureURLs: Sendable, Hashable {
  public let preview: URL
  public let hd: URL

  public init?(imageURL: URL?, hdImageURL: URL?) {
    guard let preview = imageURL ?? hdImageURL else { return nil }
    self.preview = preview
    self.hd = hdImageURL ?? preview
  }
}

extension APOD {
  public var pictureURLs: APODPictureURLs? {
    APODPictureURLs(imageURL: imageURL, hdImageURL: hdImageURL)
  }
}
