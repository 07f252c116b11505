import ImageCache

/// The full-screen viewer's zoom and pan, as plain arithmetic the gestures feed.
///
/// The image is drawn centred and aspect-fitted (`Layout.content`) in the screen
/// (`Layout.container`), then scaled about its centre by `scale` and moved by `offset`. Rules:
/// - `scale` stays within `1...maxScale`; a non-finite scale leaves the zoom as it is.
/// - On each axis the zoomed image may move only as far as its edge reaches the screen's edge:
///   `|offset| ≤ max(0, (content × scale − container) / 2)`. An axis that fits stays centred.
/// - Zooming about a point (a pinch's fingers, a double tap) keeps the part of the image under that
///   point where it is, as far as the pan limits allow.
/// - A double tap zooms to `doubleTapScale` about the tapped point, or returns to the whole image
///   when zoomed.
/// - Swiping down further than `dismissDistance` closes the viewer, only when not zoomed.
/// - Swiping sideways changes the day only at the fit scale (not zoomed): while zoomed in, the
///   same drag pans, so the zoom always wins.
///
/// Core, on `Size2D` and `Point2D` (standard-library doubles, not `CGSize`: see `Geometry.swift`),
/// so every rule is tested on Linux and compiles unchanged for iOS; the view converts the gesture
/// values at the edge and draws `scale` and `offset`.
public struct ViewerZoom: Equatable, Sendable {
  /// The most the image can be magnified.
  public static let maxScale: Double = 4
  /// The scale a double tap zooms to.
  public static let doubleTapScale: Double = 2.5
  /// How far (in points) a swipe down must travel to close the unzoomed viewer.
  public static let dismissDistance: Double = 120
  /// The factor of one VoiceOver zoom step (the accessibility zoom action).
  public static let accessibilityStep: Double = 1.5

  /// The sizes the rules depend on, in points.
  public struct Layout: Equatable, Sendable {
    /// The aspect-fitted image at scale 1.
    public var content: Size2D
    /// The screen.
    public var container: Size2D

    /// The image of `pixelSize` aspect-fitted into `container`. When the image size is unknown
    /// (zero or negative: nothing is drawn yet) the image is taken to fill the container, so
    /// zooming still works and panning reaches every part of the screen.
    public init(pixelSize: Size2D, container: Size2D) {
      self.container = container
      guard pixelSize.width > 0, pixelSize.height > 0, pixelSize.width.isFinite, pixelSize.height.isFinite
      else {
        content = container
        return
      }
      let fit = min(container.width / pixelSize.width, container.height / pixelSize.height)
      content = Size2D(width: pixelSize.width * fit, height: pixelSize.height * fit)
    }

    /// The layout of `image` (nil: nothing drawn yet) in `container`.
    public init(image: DecodedImage?, container: Size2D) {
      let pixelSize = image.map { Size2D(width: $0.pixelWidth, height: $0.pixelHeight) } ?? .zero
      self.init(pixelSize: pixelSize, container: container)
    }

    var centre: Point2D { Point2D(x: container.width / 2, y: container.height / 2) }
  }

  /// The magnification, within `1...maxScale`.
  public private(set) var scale: Double
  /// How far the image is moved from the centre, within the pan limits of `scale`.
  public private(set) var offset: Size2D

  /// The whole image, centred.
  public init() {
    self.init(scale: 1, offset: .zero)
  }

  private init(scale: Double, offset: Size2D) {
    self.scale = scale
    self.offset = offset
  }

  /// True when magnified: panning is allowed and a swipe down no longer closes the viewer.
  public var isZoomed: Bool { scale > 1 }

  /// Zoomed to `newScale` (clamped to `1...maxScale`) about the image's centre, with the offset
  /// pulled back inside the new limits. A non-finite `newScale` (a degenerate gesture) changes
  /// nothing.
  public func scaled(to newScale: Double, in layout: Layout) -> ViewerZoom {
    guard let clamped = Self.clampedScale(newScale) else { return self }
    return ViewerZoom(scale: clamped, offset: Self.clamp(offset, scale: clamped, in: layout))
  }

  /// Zoomed to `newScale` (clamped) keeping the part of the image under `point` (container
  /// coordinates) under it, as far as the pan limits allow: how a pinch follows the fingers.
  ///
  /// A point of the unzoomed image `q` is drawn at `centre + (q − centre) × scale + offset`. The
  /// image point under `point` now is `(point − centre − offset) / scale`, measured from the
  /// centre; it stays under `point` at the new scale when
  /// `offset' = (point − centre) − (point − centre − offset) × newScale / scale`.
  public func scaled(to newScale: Double, about point: Point2D, in layout: Layout) -> ViewerZoom {
    guard let clamped = Self.clampedScale(newScale) else { return self }
    let offset = anchoredOffset(scale: clamped, about: point, in: layout)
    return ViewerZoom(scale: clamped, offset: Self.clamp(offset, scale: clamped, in: layout))
  }

  /// Moved to `newOffset`, clamped so no edge of the image comes inside the screen.
  public func panned(to newOffset: Size2D, in layout: Layout) -> ViewerZoom {
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
  /// about `point` (in the container's coordinates), so a tap near an edge zooms towards that
  /// edge without uncovering the screen behind the image.
  public func toggled(at point: Point2D, in layout: Layout) -> ViewerZoom {
    isZoomed ? ViewerZoom() : scaled(to: Self.doubleTapScale, about: point, in: layout)
  }

  /// Whether a drag that began at this zoom and moved by `translation` closes the viewer: only
  /// when not zoomed (a zoomed drag pans) and only downwards past `dismissDistance`.
  public func dismisses(afterDragBy translation: Size2D) -> Bool {
    !isZoomed && translation.height > Self.dismissDistance
  }

  /// The day a drag that began at this zoom and moved by `translation` swipes to, or nil: only at
  /// the fit scale (a zoomed drag pans the picture instead) and only for a clearly sideways drag
  /// (`DaySwipeModel.Direction`: far enough, and twice as far sideways as up or down).
  public func swipe(afterDragBy translation: Size2D) -> DaySwipeModel.Direction? {
    guard !isZoomed, translation.width.isFinite, translation.height.isFinite else { return nil }
    return DaySwipeModel.Direction(dragWidth: translation.width, height: translation.height)
  }

  /// The unclamped offset that keeps the image point under `point` fixed at `newScale`; the
  /// current offset when `point` is not a finite point.
  fileprivate func anchoredOffset(scale newScale: Double, about point: Point2D, in layout: Layout) -> Size2D {
    guard point.x.isFinite, point.y.isFinite else { return offset }
    let fromCentre = Size2D(width: point.x - layout.centre.x, height: point.y - layout.centre.y)
    let ratio = newScale / scale
    return Size2D(
      width: fromCentre.width - (fromCentre.width - offset.width) * ratio,
      height: fromCentre.height - (fromCentre.height - offset.height) * ratio)
  }

  private static func clampedScale(_ scale: Double) -> Double? {
    scale.isFinite ? min(max(scale, 1), maxScale) : nil
  }

  fileprivate static func clamp(_ offset: Size2D, scale: Double, in layout: Layout) -> Size2D {
    let limitX = max(0, (layout.content.width * scale - layout.container.width) / 2)
    let limitY = max(0, (layout.content.height * scale - layout.container.height) / 2)
    return Size2D(
      width: offset.width.isFinite ? min(max(offset.width, -limitX), limitX) : 0,
      height: offset.height.isFinite ? min(max(offset.height, -limitY), limitY) : 0)
  }
}

/// One pinch-and-drag gesture on the viewer, from its first change to its end.
///
/// Rules (the gesture recognisers report a magnification, a translation, or both):
/// - Pinching scales from the zoom the gesture started at, about the point where the fingers
///   started (`anchor`), so the part of the picture under the fingers stays under them.
/// - Dragging pans when the image is zoomed (from the offset the gesture started at).
/// - Dragging the unzoomed image down pulls it towards dismissal (`dismissPull`, never upwards);
///   once the gesture has pinched it pulls no more.
/// - A gesture that never pinched, began at the fit scale and ends clearly sideways swipes to the
///   day before or after (`ViewerZoom.swipe(afterDragBy:)`), when the viewer has days to swipe.
///   A zoomed start pans instead: the zoom wins.
/// - Otherwise, the gesture closes the viewer when it ends only if it never pinched and the drag
///   passed the dismiss distance from an unzoomed start (`ViewerZoom.dismisses(afterDragBy:)`).
/// - Nothing is committed before the gesture ends (`ending`): a gesture the system cancels (a
///   system swipe, a second finger taking over) leaves the zoom exactly as it was before it began.
///
/// Every value is a function of the start and the recognisers' current values, so the view can
/// keep the gesture in transient state and recompute the same result when it ends.
public struct ViewerGesture: Equatable, Sendable {
  /// How a finished gesture leaves the viewer.
  public enum Ending: Equatable, Sendable {
    /// The viewer closes.
    case dismiss
    /// The viewer shows the day before or after, at the fit scale.
    case swipe(DaySwipeModel.Direction)
    /// The viewer stays, at this zoom (the pull towards dismissal springs back).
    case settle(ViewerZoom)
  }

  /// The zoom when the gesture began.
  public let start: ViewerZoom
  /// The zoom to draw now.
  public private(set) var zoom: ViewerZoom
  /// How far (points, downwards) the unzoomed image is pulled towards dismissal.
  public private(set) var dismissPull: Double = 0
  /// True once the gesture has pinched: it is a zoom, never a dismissal.
  public private(set) var hasPinched = false

  /// A gesture starting at `start`.
  public init(start: ViewerZoom) {
    self.start = start
    self.zoom = start
  }

  /// Takes the gesture's current values (nil: that recogniser has not moved). `anchor` is where
  /// the pinch began, in the container's coordinates; without it the pinch scales about the
  /// image's centre.
  public mutating func update(
    magnification: Double?, anchor: Point2D? = nil, translation: Size2D?, in layout: ViewerZoom.Layout
  ) {
    var next = start
    // Where the pinch alone would put the image, before the pan limits: a drag adds to it.
    var pinchedOffset = start.offset
    if let magnification {
      hasPinched = true
      next = start.scaled(to: start.scale * magnification, in: layout)
      if let anchor { pinchedOffset = start.anchoredOffset(scale: next.scale, about: anchor, in: layout) }
      next = next.panned(to: pinchedOffset, in: layout)
    }
    if let translation, next.isZoomed {
      let moved = Size2D(
        width: pinchedOffset.width + translation.width, height: pinchedOffset.height + translation.height)
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
  public func endsInDismissal(translation: Size2D?) -> Bool {
    guard !hasPinched, let translation else { return false }
    return start.dismisses(afterDragBy: translation)
  }

  /// How a gesture that began at `start` and ended with these values leaves the viewer: a swipe to
  /// another day (only with `swipesDays`), the dismissal, or the same zoom it showed at its last
  /// update.
  public static func ending(
    from start: ViewerZoom, magnification: Double?, anchor: Point2D? = nil, translation: Size2D?,
    swipesDays: Bool = false, in layout: ViewerZoom.Layout
  ) -> Ending {
    var gesture = ViewerGesture(start: start)
    gesture.update(magnification: magnification, anchor: anchor, translation: translation, in: layout)
    if swipesDays, !gesture.hasPinched, let translation, let direction = start.swipe(afterDragBy: translation)
    {
      return .swipe(direction)
    }
    return gesture.endsInDismissal(translation: translation) ? .dismiss : .settle(gesture.zoom)
  }
}
