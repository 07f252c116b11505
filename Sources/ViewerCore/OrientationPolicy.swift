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
/// - A viewer closed by the user announces it before the dismissal animates (`viewerWillClose()`):
///   portrait is asked for then, not after the animation, so the tabs never flash sideways.
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

  /// Viewers that announced their close (`viewerWillClose()`) and have not disappeared yet.
  private var closing = 0

  /// The orientations allowed now.
  public var allowed: InterfaceOrientations {
    openViewers - closing > 0 ? .allButUpsideDown : .portrait
  }

  /// A viewer appeared.
  public func viewerAppeared() -> Change {
    openViewers += 1
    return openViewers - closing == 1 ? .allow(.allButUpsideDown) : .none
  }

  /// A viewer is about to close (its close button, a pull that dismisses): call it before the
  /// dismissal animates, so the app turns upright first and the tabs never show sideways. Its
  /// disappearance then changes nothing more. A close without an open viewer changes nothing.
  public func viewerWillClose() -> Change {
    guard openViewers - closing > 0 else { return .none }
    closing += 1
    return openViewers - closing == 0 ? .returnToPortrait : .none
  }

  /// A viewer disappeared.
  public func viewerDisappeared() -> Change {
    guard openViewers > 0 else { return .none }
    openViewers -= 1
    if closing > 0 {
      // Its close was announced: portrait was asked for then.
      closing -= 1
      return .none
    }
    return openViewers == 0 ? .returnToPortrait : .none
  }
}
