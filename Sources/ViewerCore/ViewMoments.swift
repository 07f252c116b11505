import ImageCache

/// Where a picture's view shows it: the detail's card holds the preview only; the full-screen
/// viewer wants HD while it is up.
public enum PictureRole: Sendable, Hashable {
  case card, viewer
}

// The views' moments, one call each (the journeys' runner plays the same calls from the
// navigation state).
extension ProgressiveImageModel {
  /// The view showing the picture as `role` appeared: the card loads the preview, the viewer HD
  /// over it.
  public func appeared(as role: PictureRole) async {
    switch role {
    case .card: await load()
    case .viewer: await showHD()
    }
  }

  /// The view showing the picture as `role` went away. Closing the viewer lets HD go
  /// (`ViewerClosing`, from `images`' memory tier too when given); a card lets nothing go.
  /// - Returns: the release under way, nil for a card.
  @discardableResult
  public func disappeared(as role: PictureRole, images: ImagePipeline?) -> Task<Void, Never>? {
    guard role == .viewer else { return nil }
    return Task {
      if let images {
        await ViewerClosing.close(self, images: images)
      } else {
        await releaseHD()
      }
    }
  }
}

extension DaySwipeModel {
  /// The detail or the viewer appeared: the neighbours' previews are prefetched.
  public func appeared() async {
    await start()
  }

  /// It went away: its prefetches stop. - Returns: the cancellation under way.
  @discardableResult
  public func disappeared() -> Task<Void, Never> {
    Task { await stop() }
  }
}
