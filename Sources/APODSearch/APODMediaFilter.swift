import NASA
import Playback

public enum APODMediaFilter: String, Sendable, Hashable, CaseIterable {
  case all
  case images
  case videos

  public enum Kind: Sendable, Hashable {
    case image
    case video
    case other

    /// By how it is played, not by its label: an `iframe` day holding a YouTube player is a video.
    public init(_ apod: APOD) {
      switch APODPlayback(apod) {
      case .picture: self = .image
      case .embeddedPlayer, .nativePlayer: self = .video
      case .openPage: self = .other
      }
    }
  }

  public func includes(_ kind: Kind) -> Bool {
    switch self {
    case .all: true
    case .images: kind == .image
    case .videos: kind == .video
    }
  }

  public func apply(to apods: [APOD]) -> [APOD] {
    self == .all ? apods : apods.filter { includes(Kind($0)) }
  }
}
