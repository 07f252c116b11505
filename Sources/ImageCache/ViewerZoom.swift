import Foundation

/// The full-screen viewer's zoom and pan, as plain arithmetic the gestures feed.
///
/// The image is drawn centred and aspect-fitted (`Layout.content`) in the screen
/// (`Layout.container`), then scaled about its centre by `scale` and moved by `offset`. Rules:
/// - `scale` stays within `1...maxScale`; a non-finite scale leaves the zoom as it is.
/// - On each axis the zoomed image may move only as far as its edge reaches the screen's edge:
///   `|offset| ≤ max(0, (content × scale − container) / 2)`. An axis that fits stays centred.
/// - A double tap zooms to `doubleTapScale` keeping the tapped point under the finger (as far as
///   the pan limits allow), or returns to the whole image when zoomed.
/// - Swiping down further than `dismissDistance` closes the viewer, only when not zoomed.
///
/// Core (`CGFloat`, `CGSize` and `CGPoint` are Foundation types on every platform), so every rule
/// is tested on Linux; the view only forwards gesture values and draws `scale` and `offset`.
public struct ViewerZoom: Equatable, Sendable {
  /// The most the image can be magnified.
  public static let maxScale: CGFloat = 4
  /// The scale a double tap zooms to.
  public static let doubleTapScale: CGFloat = 2.5
  /// How far (in points) a swipe down must travel to close the unzoomed viewer.
  public static let dismissDistance: CGFloat = 120
  /// The factor of one VoiceOver zoom step (the accessibility zoom action).
  public static let accessibilityStep: CGFloat = 1.5

  /// The sizes the rules depend on, in points.
  public struct Layout: Equatable, Sendable {
    /// The aspect-fitted image at scale 1.
    public var content: CGSize
    /// The screen.
    public var container: CGSize

    /// The image of `pixelSize` aspect-fitted into `container`. When the image size is unknown
    /// (zero or negative: nothing is drawn yet) the image is taken to fill the container, so
    /// zooming still works and panning reaches every part of the screen.
    public init(pixelSize: CGSize, container: CGSize) {
      self.container = container
      guard pixelSize.width > 0, pixelSize.height > 0, pixelSize.width.isFinite, pixelSize.height.isFinite
      else {
        content = container
        return
      }
      let fit = min(container.width / pixelSize.width, container.height / pixelSize.height)
      content = CGSize(width: pixelSize.width * fit, height: pixelSize.height * fit)
    }

    /// The layout of `image` (nil: nothing drawn yet) in `container`.
    public init(image: DecodedImage?, container: CGSize) {
      let pixelSize = image.map { CGSize(width: $0.pixelWidth, height: $0.pixelHeight) } ?? .zero
      self.init(pixelSize: pixelSize, container: container)
    }
  }

  /// The magnification, within `1...maxScale`.
  public private(set) var scale: CGFloat
  /// How far the image is moved from the centre, within the pan limits of `scale`.
  public private(set) var offset: CGSize

  /// The whole image, centred.
  public init() {
    self.init(scale: 1, offset: .zero)
  }

  private init(scale: CGFloat, offset: CGSize) {
    self.scale = scale
    self.offset = offset
  }

  /// True when magnified: panning is allowed and a swipe down no longer closes the viewer.
  public var isZoomed: Bool { scale > 1 }

  /// Zoomed to `newScale` (clamped to `1...maxScale`), with the offset pulled back inside the
  /// new limits. A non-finite `newScale` (a degenerate gesture) changes nothing.
  public func scaled(to newScale: CGFloat, in layout: Layout) -> ViewerZoom {
    guard newScale.isFinite else { return self }
    let clamped = min(max(newScale, 1), Self.maxScale)
    return ViewerZoom(scale: clamped, offset: Self.clamp(offset, scale: clamped, in: layout))
  }

  /// Moved to `newOffset`, clamped so no edge of the image comes inside the screen.
  public func panned(to newOffset: CGSize, in layout: Layout) -> ViewerZoom {
    ViewerZoom(scale: scale, offset: Self.clamp(newOffset, scale: scale, in: layout))
  }

  /// One VoiceOver zoom step in: `accessibilityStep` times the scale, clamped.
  public func steppedIn(in layout: Layout) -> ViewerZoom {
    scaled(to: scale * Self.accessibilityStep, in: layout)
  }

  /// One VoiceOver zoom step out: the scale divided by `accessibilityStep`, clamped.
  public func steppedOut(in layout: Layout) -> ViewerZoom {
    scaled(to: scale / Self.accessibilityStep, in: layout)
  }

  /// The double tap: back to the whole image when zoomed; otherwise zoomed to `doubleTapScale`
  /// with `point` (in the container's coordinates) staying where it is.
  ///
  /// A point `p` is drawn at `centre + (p − centre) × scale + offset`, so it stays put when
  /// `offset = (centre − p) × (scale − 1)`; the pan limits then apply, so a tap near an edge
  /// zooms towards that edge without uncovering the screen behind the image.
  public func toggled(at point: CGPoint, in layout: Layout) -> ViewerZoom {
    if isZoomed { return ViewerZoom() }
    let scale = Self.doubleTapScale
    let offset = CGSize(
      width: (layout.container.width / 2 - point.x) * (scale - 1),
      height: (layout.container.height / 2 - point.y) * (scale - 1))
    return ViewerZoom(scale: scale, offset: Self.clamp(offset, scale: scale, in: layout))
  }

  /// Whether a drag that began at this zoom and moved by `translation` closes the viewer: only
  /// when not zoomed (a zoomed drag pans) and only downwards past `dismissDistance`.
  public func dismisses(afterDragBy translation: CGSize) -> Bool {
    !isZoomed && translation.height > Self.dismissDistance
  }

  private static func clamp(_ offset: CGSize, scale: CGFloat, in layout: Layout) -> CGSize {
    let limitX = max(0, (layout.content.width * scale - layout.container.width) / 2)
    let limitY = max(0, (layout.content.height * scale - layout.container.height) / 2)
    return CGSize(
      width: offset.width.isFinite ? min(max(offset.width, -limitX), limitX) : 0,
      height: offset.height.isFinite ? min(max(offset.height, -limitY), limitY) : 0)
  }
}

/// One pinch-and-drag gesture on the viewer, from its first change to its end.
///
/// Rules (the gesture recognisers report a magnification, a translation, or both):
/// - Pinching scales from the zoom the gesture started at.
/// - Dragging pans when the image is zoomed (from the offset the gesture started at).
/// - Dragging the unzoomed image down pulls it towards dismissal (`dismissPull`, never upwards);
///   once the gesture has pinched it pulls no more.
/// - The gesture closes the viewer when it ends only if it never pinched and the drag passed the
///   dismiss distance from an unzoomed start (`ViewerZoom.dismisses(afterDragBy:)`).
public struct ViewerGesture: Equatable, Sendable {
  /// The zoom when the gesture began.
  public let start: ViewerZoom
  /// The zoom to draw now.
  public private(set) var zoom: ViewerZoom
  /// How far (points, downwards) the unzoomed image is pulled towards dismissal.
  public private(set) var dismissPull: CGFloat = 0
  /// True once the gesture has pinched: it is a zoom, never a dismissal.
  public private(set) var hasPinched = false

  /// A gesture starting at `start`.
  public init(start: ViewerZoom) {
    self.start = start
    self.zoom = start
  }

  /// Takes the gesture's current values (nil: that recogniser has not moved).
  public mutating func update(magnification: CGFloat?, translation: CGSize?, in layout: ViewerZoom.Layout) {
    var next = start
    if let magnification {
      hasPinched = true
      next = next.scaled(to: start.scale * magnification, in: layout)
    }
    if let translation, next.isZoomed {
      let moved = CGSize(
        width: start.offset.width + translation.width, height: start.offset.height + translation.height)
      next = next.panned(to: moved, in: layout)
    }
    if let translation, !next.isZoomed, !hasPinched, translation.height.isFinite {
      dismissPull = max(0, translation.height)
    } else {
      dismissPull = 0
    }
    zoom = next
  }

  /// Whether the gesture, ending with `translation` (nil: no drag), closes the viewer.
  public func endsInDismissal(translation: CGSize?) -> Bool {
    guard !hasPinched, let translation else { return false }
    return start.dismisses(afterDragBy: translation)
  }
}
