import Observation

/// Which ways the interface may turn.
public enum InterfaceOrientations: Sendable, Equatable {
  /// Upright only.
  case portrait
  /// Upright or either landscape, never upside down (Apple's default for iPhone apps that turn).
  case allButUpsideDown
}

/// Which orientations the app allows, and when it must ask the system to rotate.
///
/// Rules:
/// - The tabs and every screen but the full-screen viewer and the video player are upright only:
///   their layouts are designed for a portrait phone.
/// - While a viewer or the video player is open the phone may turn, so a panorama or a video fills
///   a landscape screen (the video player reports as a viewer).
/// - Viewers are counted: a second viewer opening before the first has finished closing keeps
///   landscape allowed until the last one closes. A close without an open changes nothing.
/// - When the last viewer closes the app asks to return upright; when the first opens it asks the
///   system to re-read the allowed orientations (so a phone already held sideways turns at once).
///
/// One per process (`shared`): UIKit asks the application delegate, which it creates itself, and
/// the viewer reports its appearance; both reach this object. Tests make their own.
@MainActor
@Observable
public final class OrientationPolicy {
  /// What a viewer's appearance or disappearance asks the interface to do.
  public enum Change: Sendable, Equatable {
    /// Nothing: the allowed orientations did not change.
    case none
    /// The allowed orientations widened to these: the system should re-read them.
    case allow(InterfaceOrientations)
    /// Landscape is no longer allowed: rotate back upright now.
    case returnToPortrait
  }

  /// The process-wide policy the app delegate and the viewer share.
  public static let shared = OrientationPolicy()

  /// The viewers on screen now.
  public private(set) var openViewers = 0

  public init() {}

  /// The orientations allowed now.
  public var allowed: InterfaceOrientations {
    openViewers > 0 ? .allButUpsideDown : .portrait
  }

  /// A viewer appeared.
  public func viewerAppeared() -> Change {
    openViewers += 1
    return openViewers == 1 ? .allow(.allButUpsideDown) : .none
  }

  /// A viewer disappeared.
  public func viewerDisappeared() -> Change {
    guard openViewers > 0 else { return .none }
    openViewers -= 1
    return openViewers == 0 ? .returnToPortrait : .none
  }
}
