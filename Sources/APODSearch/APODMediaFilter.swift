import NASA
import Playback

/// The Explore filter and the search filter: every day, pictures only, or videos only.
public enum APODMediaFilter: String, Sendable, Hashable, CaseIterable {
  case all
  case images
  case videos

  /// What a day shows, as the filter sees it.
  public enum Kind: Sendable, Hashable {
    /// A picture the viewer opens.
    case image
    /// A video the app plays (YouTube, Vimeo, a video file).
    case video
    /// An interactive page or anything else: opened as the APOD page.
    case other

    /// The kind of `apod`, by how it is played (`APODPlayback`), not by its label: an `iframe`
    /// day holding a YouTube player is a video, a "video" day that is a web app is not.
    public init(_ apod: APOD) {
      switch APODPlayback(apod) {
      case .picture: self = .image
      case .embeddedPlayer, .nativePlayer: self = .video
      case .openPage: self = .other
      }
    }
  }

  /// Whether a day of `kind` stays in the list.
  public func includes(_ kind: Kind) -> Bool {
    switch self {
    case .all: true
    case .images: kind == .image
    case .videos: kind == .video
    }
  }

  /// The days of `apods` this filter keeps, in their order.
  public func apply(to apods: [APOD]) -> [APOD] {
    self == .all ? apods : apods.filter { includes(Kind($0)) }
  }
}
