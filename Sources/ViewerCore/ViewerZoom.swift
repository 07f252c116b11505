import ImageCache

/// On `Size2D`/`Point2D`, not `CGSize` (see `Geometry.swift`), so every rule is tested on Linux.
/// Swiping sideways changes the day only at the fit scale: while zoomed the same drag pans, so the
/// zoom always wins.
public struct ViewerZoom: Equatable, Sendable {
  public static let maxScale: Double = 4
  public static let doubleTapScale: Double = 2.5
  /// In points.
  public static let dismissDistance: Double = 120
  public static let accessibilityStep: Double = 1.5

  /// In points.
  public struct Layout: Equatable, Sendable {
    public var content: Size2D
    public var container: Size2D

    /// An unknown image size (nothing drawn yet) fills the container, so zooming and panning still work.
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

    public init(image: DecodedImage?, container: Size2D) {
      let pixelSize = image.map { Size2D(width: $0.pixelWidth, height: $0.pixelHeight) } ?? .zero
      self.init(pixelSize: pixelSize, container: container)
    }

    var centre: Point2D { Point2D(x: container.width / 2, y: container.height / 2) }
  }

  public private(set) var scale: Double
  public private(set) var offset: Size2D

  public init() {
    self.init(scale: 1, offset: .zero)
  }

  private init(scale: Double, offset: Size2D) {
    self.scale = scale
    self.offset = offset
  }

  public var isZoomed: Bool { scale > 1 }

  /// A non-finite `newScale` (a degenerate gesture) changes nothing.
  public func scaled(to newScale: Double, in layout: Layout) -> ViewerZoom {
    guard let clamped = Self.clampedScale(newScale) else { return self }
    return ViewerZoom(scale: clamped, offset: Self.clamp(offset, scale: clamped, in: layout))
  }

  /// How a pinch follows the fingers: the image point under `point` (container coordinates) stays
  /// under it: `offset' = (point − centre) − (point − centre − offset) × newScale / scale`.
  public func scaled(to newScale: Double, about point: Point2D, in layout: Layout) -> ViewerZoom {
    guard let clamped = Self.clampedScale(newScale) else { return self }
    let offset = anchoredOffset(scale: clamped, about: point, in: layout)
    return ViewerZoom(scale: clamped, offset: Self.clamp(offset, scale: clamped, in: layout))
  }

  public func panned(to newOffset: Size2D, in layout: Layout) -> ViewerZoom {
    ViewerZoom(scale: scale, offset: Self.clamp(newOffset, scale: scale, in: layout))
  }

  public func steppedIn(in layout: Layout) -> ViewerZoom {
    scaled(to: scale * Self.accessibilityStep, in: layout)
  }

  public func steppedOut(in layout: Layout) -> ViewerZoom {
    scaled(to: scale / Self.accessibilityStep, in: layout)
  }

  /// A tap near an edge zooms towards that edge without uncovering the screen behind the image.
  public func toggled(at point: Point2D, in layout: Layout) -> ViewerZoom {
    isZoomed ? ViewerZoom() : scaled(to: Self.doubleTapScale, about: point, in: layout)
  }

  public func dismisses(afterDragBy translation: Size2D) -> Bool {
    !isZoomed && translation.height > Self.dismissDistance
  }

  public func swipe(afterDragBy translation: Size2D) -> DaySwipeModel.Direction? {
    guard !isZoomed, translation.width.isFinite, translation.height.isFinite else { return nil }
    return DaySwipeModel.Direction(dragWidth: translation.width, height: translation.height)
  }

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

/// Nothing is committed before the gesture ends (`ending`): a gesture the system cancels leaves the
/// zoom as it was. Every value is a function of the start and the recognisers' current values, so
/// the view can recompute the same result when it ends.
public struct ViewerGesture: Equatable, Sendable {
  public enum Ending: Equatable, Sendable {
    case dismiss
    case swipe(DaySwipeModel.Direction)
    case settle(ViewerZoom)
  }

  public let start: ViewerZoom
  public private(set) var zoom: ViewerZoom
  /// How far (points, downwards) the unzoomed image is pulled towards dismissal.
  public private(set) var dismissPull: Double = 0
  public private(set) var hasPinched = false

  public init(start: ViewerZoom) {
    self.start = start
    self.zoom = start
  }

  /// nil: that recogniser has not moved. Without `anchor` the pinch scales about the image's centre.
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

  public func endsInDismissal(translation: Size2D?) -> Bool {
    guard !hasPinched, let translation else { return false }
    return start.dismisses(afterDragBy: translation)
  }

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
