#if canImport(SwiftUI)
  import Foundation

  /// The viewer's zoom and pan, as plain arithmetic the gestures feed.
  ///
  /// The image is drawn centred and aspect-fitted (`content`) in the screen (`container`), then
  /// scaled about its centre by `scale` and moved by `offset`. Rules:
  /// - `scale` stays within `1...maxScale`.
  /// - On each axis the zoomed image may move only as far as its edge reaches the screen's edge:
  ///   `|offset| ≤ max(0, (content × scale − container) / 2)`. An axis that fits stays centred.
  /// - A double tap zooms to `doubleTapScale` keeping the tapped point under the finger, or
  ///   returns to the whole image when zoomed.
  /// - Swiping down further than `dismissDistance` closes the viewer, only when not zoomed.
  nonisolated struct ZoomState: Equatable, Sendable {
    static let maxScale: CGFloat = 4
    static let doubleTapScale: CGFloat = 2.5
    static let dismissDistance: CGFloat = 120

    /// The sizes the rules depend on, in points.
    struct Layout: Equatable, Sendable {
      /// The aspect-fitted image at scale 1.
      var content: CGSize
      /// The screen.
      var container: CGSize

      /// The image of `pixelSize` aspect-fitted into `container` (the container itself when the
      /// image size is unknown).
      init(pixelSize: CGSize, container: CGSize) {
        self.container = container
        guard pixelSize.width > 0, pixelSize.height > 0 else {
          content = container
          return
        }
        let fit = min(container.width / pixelSize.width, container.height / pixelSize.height)
        content = CGSize(width: pixelSize.width * fit, height: pixelSize.height * fit)
      }
    }

    var scale: CGFloat = 1
    var offset: CGSize = .zero

    var isZoomed: Bool { scale > 1 }

    /// Zoomed to `newScale` (clamped), with the offset pulled back inside the new limits.
    func scaled(to newScale: CGFloat, in layout: Layout) -> ZoomState {
      let clamped = min(max(newScale, 1), Self.maxScale)
      return ZoomState(scale: clamped, offset: Self.clamp(offset, scale: clamped, in: layout))
    }

    /// Moved to `newOffset` (clamped so no edge comes inside the screen).
    func panned(to newOffset: CGSize, in layout: Layout) -> ZoomState {
      ZoomState(scale: scale, offset: Self.clamp(newOffset, scale: scale, in: layout))
    }

    /// The double tap: back to scale 1 when zoomed; otherwise zoomed in with `point` (in the
    /// container's coordinates) staying where it is. A point `p` is drawn at
    /// `centre + (p − centre) × scale + offset`, so it stays put when
    /// `offset = (centre − p) × (scale − 1)`.
    func toggled(at point: CGPoint, in layout: Layout) -> ZoomState {
      if isZoomed { return ZoomState() }
      let scale = Self.doubleTapScale
      let offset = CGSize(
        width: (layout.container.width / 2 - point.x) * (scale - 1),
        height: (layout.container.height / 2 - point.y) * (scale - 1))
      return ZoomState(scale: scale, offset: Self.clamp(offset, scale: scale, in: layout))
    }

    /// Whether a drag that moved by `translation` closes the viewer.
    func dismisses(afterDragBy translation: CGSize) -> Bool {
      !isZoomed && translation.height > Self.dismissDistance
    }

    private static func clamp(_ offset: CGSize, scale: CGFloat, in layout: Layout) -> CGSize {
      let limitX = max(0, (layout.content.width * scale - layout.container.width) / 2)
      let limitY = max(0, (layout.content.height * scale - layout.container.height) / 2)
      return CGSize(
        width: min(max(offset.width, -limitX), limitX),
        height: min(max(offset.height, -limitY), limitY))
    }
  }
#endif
