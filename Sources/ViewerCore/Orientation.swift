/// Which ways the interface may turn.
public enum InterfaceOrientations: Sendable, Equatable {
  /// Upright only.
  case portrait
  /// Upright or either landscape, never upside down (Apple's default for iPhone apps that turn).
  case allButUpsideDown
}

/// What a change of the allowed orientations asks the system to do.
public enum OrientationChange: Sendable, Equatable {
  /// Nothing: the allowed orientations did not change.
  case none
  /// The allowed orientations widened to these: the system should re-read them (so a phone
  /// already held sideways turns at once).
  case allow(InterfaceOrientations)
  /// Landscape is no longer allowed: rotate back upright now.
  case returnToPortrait

  /// The change from `before` to `after`.
  public init(from before: InterfaceOrientations, to after: InterfaceOrientations) {
    if before == after {
      self = .none
    } else {
      self = after == .portrait ? .returnToPortrait : .allow(after)
    }
  }
}
