public enum InterfaceOrientations: Sendable, Equatable {
  case portrait
  /// Upright or either landscape, never upside down (Apple's default for iPhone apps that turn).
  case allButUpsideDown
}

public enum OrientationChange: Sendable, Equatable {
  case none
  /// The allowed orientations widened to these: the system should re-read them (so a phone
  /// already held sideways turns at once).
  case allow(InterfaceOrientations)
  case returnToPortrait

  public init(from before: InterfaceOrientations, to after: InterfaceOrientations) {
    if before == after {
      self = .none
    } else {
      self = after == .portrait ? .returnToPortrait : .allow(after)
    }
  }
}
