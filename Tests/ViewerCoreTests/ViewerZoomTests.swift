import ImageCache
import Testing
import ViewerCore

/// A 2:1 landscape image on a 400 × 800 portrait screen: drawn 400 × 200 at scale 1.
private let wide = ViewerZoom.Layout(
  pixelSize: Size2D(width: 4_000, height: 2_000), container: Size2D(width: 400, height: 800))
/// A square image on the same screen: drawn 400 × 400 at scale 1.
private let square = ViewerZoom.Layout(
  pixelSize: Size2D(width: 1_000, height: 1_000), container: Size2D(width: 400, height: 800))

private func zoom(_ scale: Double, in layout: ViewerZoom.Layout = wide) -> ViewerZoom {
  ViewerZoom().scaled(to: scale, in: layout)
}

/// Where the image point under `point` at scale 1 is drawn at `zoom` (centre + (p − centre) × s + offset).
private func drawn(_ point: Point2D, at zoom: ViewerZoom, in layout: ViewerZoom.Layout) -> Point2D {
  let centre = Point2D(x: layout.container.width / 2, y: layout.container.height / 2)
  return Point2D(
    x: centre.x + (point.x - centre.x) * zoom.scale + zoom.offset.width,
    y: centre.y + (point.y - centre.y) * zoom.scale + zoom.offset.height)
}

@Suite("Viewer zoom: layout")
struct ViewerLayoutTests {
  @Test func imageIsAspectFittedIntoTheScreen() {
    #expect(wide.content == Size2D(width: 400, height: 200))
    #expect(square.content == Size2D(width: 400, height: 400))
  }

  @Test func layoutOfADecodedImageUsesItsPixelSize() {
    let image = DecodedImage(pixelWidth: 4_000, pixelHeight: 2_000, format: .jpeg)
    #expect(ViewerZoom.Layout(image: image, container: Size2D(width: 400, height: 800)) == wide)
  }

  @Test func unknownPixelSizeFillsTheScreen() {
    let screen = Size2D(width: 400, height: 800)
    #expect(ViewerZoom.Layout(image: nil, container: screen).content == screen)
    #expect(ViewerZoom.Layout(pixelSize: .zero, container: screen).content == screen)
    #expect(ViewerZoom.Layout(pixelSize: Size2D(width: 100, height: 0), container: screen).content == screen)
  }

  @Test func unknownPixelSizeStillZoomsAndPansOverTheWholeScreen() {
    let unknown = ViewerZoom.Layout(image: nil, container: Size2D(width: 400, height: 800))
    let moved = zoom(2, in: unknown).panned(to: Size2D(width: 1_000, height: 1_000), in: unknown)
    #expect(moved.offset == Size2D(width: 200, height: 400))
  }
}

@Suite("Viewer zoom: scale and pan")
struct ViewerScaleAndPanTests {
  @Test func scaleStaysBetweenOneAndTheMaximum() {
    #expect(zoom(10).scale == ViewerZoom.maxScale)
    #expect(zoom(0.2).scale == 1)
    #expect(zoom(2.5).scale == 2.5)
  }

  @Test func nonFiniteScaleChangesNothing() {
    let zoomed = zoom(2)
    #expect(zoomed.scaled(to: .nan, in: wide) == zoomed)
    #expect(zoomed.scaled(to: .infinity, in: wide) == zoomed)
  }

  @Test func unzoomedImageCannotBePanned() {
    let moved = ViewerZoom().panned(to: Size2D(width: 80, height: -60), in: wide)
    #expect(moved == ViewerZoom())
    #expect(!moved.isZoomed)
  }

  @Test func panStopsWhereTheImageEdgeMeetsTheScreenEdge() {
    // At 2×: 800 wide on a 400 screen → ±200 horizontally.
    #expect(zoom(2).panned(to: Size2D(width: 500, height: 0), in: wide).offset.width == 200)
    #expect(zoom(2).panned(to: Size2D(width: -500, height: 0), in: wide).offset.width == -200)
    #expect(zoom(2).panned(to: Size2D(width: 120, height: 0), in: wide).offset.width == 120)
  }

  @Test func axisThatStillFitsStaysCentred() {
    // At 2× the wide image is 400 tall on an 800 screen: no vertical movement; at 4× it is exactly 800.
    #expect(zoom(2).panned(to: Size2D(width: 0, height: 300), in: wide).offset.height == 0)
    #expect(zoom(4).panned(to: Size2D(width: 0, height: -300), in: wide).offset.height == 0)
  }

  @Test func eachAxisHasItsOwnLimit() {
    // The square image at 3× is 1200 × 1200: ±400 horizontally, ±200 vertically.
    let moved = zoom(3, in: square).panned(to: Size2D(width: 1_000, height: -1_000), in: square)
    #expect(moved.offset == Size2D(width: 400, height: -200))
  }

  @Test func zoomingOutPullsThePanBackInside() {
    let panned = zoom(4).panned(to: Size2D(width: 600, height: 0), in: wide)
    #expect(panned.offset.width == 600)
    #expect(panned.scaled(to: 2, in: wide).offset.width == 200)
    #expect(panned.scaled(to: 1, in: wide) == ViewerZoom())
  }

  @Test func voiceOverStepsZoomByOneAndAHalfWithinTheLimits() {
    #expect(ViewerZoom().steppedIn(in: wide).scale == 1.5)
    #expect(zoom(3).steppedIn(in: wide).scale == ViewerZoom.maxScale)
    #expect(zoom(1.5).steppedOut(in: wide).scale == 1)
    #expect(ViewerZoom().steppedOut(in: wide) == ViewerZoom())
  }
}

@Suite("Viewer zoom: double tap")
struct ViewerDoubleTapTests {
  @Test func doubleTapZoomsInKeepingTheTappedPointUnderTheFinger() {
    let tap = Point2D(x: 300, y: 420)
    let zoomed = ViewerZoom().toggled(at: tap, in: square)
    #expect(zoomed.scale == ViewerZoom.doubleTapScale)
    #expect(drawn(tap, at: zoomed, in: square) == tap)
  }

  @Test func doubleTapOnTheCentreZoomsAboutTheCentre() {
    let zoomed = ViewerZoom().toggled(at: Point2D(x: 200, y: 400), in: wide)
    #expect(zoomed.offset == .zero)
  }

  @Test func doubleTapNearAnEdgeZoomsTowardsItWithoutUncoveringTheScreen() {
    // The square at 2.5× is 1000 × 1000: vertical limit ±100, so a tap low on the screen stops there.
    let zoomed = ViewerZoom().toggled(at: Point2D(x: 200, y: 700), in: square)
    #expect(zoomed.offset == Size2D(width: 0, height: -100))
  }

  @Test func doubleTapWhenZoomedReturnsToTheWholeImage() {
    let zoomed = ViewerZoom().toggled(at: Point2D(x: 300, y: 420), in: square)
    #expect(zoomed.toggled(at: Point2D(x: 10, y: 10), in: square) == ViewerZoom())
  }

  @Test func doubleTapAfterAPinchAlsoReturnsToTheWholeImage() {
    #expect(zoom(1.2).toggled(at: Point2D(x: 300, y: 400), in: wide) == ViewerZoom())
  }
}

@Suite("Viewer zoom: swipe down to dismiss")
struct ViewerDismissTests {
  @Test func swipeDownPastTheDistanceDismissesTheUnzoomedImage() {
    #expect(ViewerZoom().dismisses(afterDragBy: Size2D(width: 0, height: 121)))
    #expect(!ViewerZoom().dismisses(afterDragBy: Size2D(width: 0, height: 120)))
  }

  @Test func swipeUpNeverDismisses() {
    #expect(!ViewerZoom().dismisses(afterDragBy: Size2D(width: 0, height: -400)))
  }

  @Test func zoomedImageIsPannedNotDismissed() {
    #expect(!zoom(1.1).dismisses(afterDragBy: Size2D(width: 0, height: 500)))
  }
}

@Suite("Viewer gesture: pinch and drag together")
struct ViewerGestureTests {
  @Test func draggingTheUnzoomedImageDownPullsItTowardsDismissal() {
    var gesture = ViewerGesture(start: ViewerZoom())
    gesture.update(magnification: nil, translation: Size2D(width: 10, height: 90), in: wide)
    #expect(gesture.dismissPull == 90)
    #expect(gesture.zoom == ViewerZoom())
    gesture.update(magnification: nil, translation: Size2D(width: 0, height: -40), in: wide)
    #expect(gesture.dismissPull == 0)
  }

  @Test func aLongEnoughDragDownEndsInDismissal() {
    let gesture = ViewerGesture(start: ViewerZoom())
    #expect(gesture.endsInDismissal(translation: Size2D(width: 0, height: 150)))
    #expect(!gesture.endsInDismissal(translation: Size2D(width: 0, height: 100)))
    #expect(!gesture.endsInDismissal(translation: nil))
  }

  @Test func pinchingScalesFromTheStartingZoom() {
    var gesture = ViewerGesture(start: zoom(2))
    gesture.update(magnification: 1.5, translation: nil, in: wide)
    #expect(gesture.zoom.scale == 3)
    gesture.update(magnification: 10, translation: nil, in: wide)
    #expect(gesture.zoom.scale == ViewerZoom.maxScale)
  }

  @Test func aGestureThatPinchedNeverDismissesNorPulls() {
    var gesture = ViewerGesture(start: ViewerZoom())
    gesture.update(magnification: 0.8, translation: Size2D(width: 0, height: 300), in: wide)
    #expect(gesture.hasPinched)
    #expect(gesture.dismissPull == 0)
    #expect(!gesture.endsInDismissal(translation: Size2D(width: 0, height: 300)))
  }

  @Test func draggingAZoomedImagePansFromWhereItWas() {
    let start = zoom(2).panned(to: Size2D(width: 100, height: 0), in: wide)
    var gesture = ViewerGesture(start: start)
    gesture.update(magnification: nil, translation: Size2D(width: 50, height: 300), in: wide)
    #expect(gesture.zoom.offset == Size2D(width: 150, height: 0))
    #expect(gesture.dismissPull == 0)
    #expect(!gesture.endsInDismissal(translation: Size2D(width: 50, height: 300)))
  }

  @Test func pinchingInWhileDraggingPansTheNewlyZoomedImage() {
    var gesture = ViewerGesture(start: ViewerZoom())
    gesture.update(magnification: 2, translation: Size2D(width: 50, height: 0), in: wide)
    #expect(gesture.zoom.scale == 2)
    #expect(gesture.zoom.offset == Size2D(width: 50, height: 0))
  }
}

@Suite("Viewer gesture: pinch follows the fingers")
struct ViewerPinchAnchorTests {
  @Test func pinchKeepsThePartOfThePictureUnderTheFingersUnderThem() {
    let fingers = Point2D(x: 300, y: 450)
    var gesture = ViewerGesture(start: ViewerZoom())
    // At 3× the square is 1200 × 1200: room to move ±400 across and ±200 down, enough for this point.
    gesture.update(magnification: 3, anchor: fingers, translation: nil, in: square)
    #expect(gesture.zoom.scale == 3)
    #expect(drawn(fingers, at: gesture.zoom, in: square) == fingers)
    // Not the centre: a centre pinch would have left the offset at zero.
    #expect(gesture.zoom.offset != .zero)
  }

  @Test func pinchOnAlreadyZoomedAndPannedPictureKeepsTheSameImagePointUnderTheFingers() {
    let start = zoom(2, in: square).panned(to: Size2D(width: -100, height: 50), in: square)
    let fingers = Point2D(x: 150, y: 380)
    // The image point under the fingers before the pinch, in unzoomed image coordinates.
    let centre = Point2D(x: 200, y: 400)
    let imagePoint = Point2D(
      x: centre.x + (fingers.x - centre.x - start.offset.width) / start.scale,
      y: centre.y + (fingers.y - centre.y - start.offset.height) / start.scale)
    var gesture = ViewerGesture(start: start)
    gesture.update(magnification: 1.5, anchor: fingers, translation: nil, in: square)
    #expect(gesture.zoom.scale == 3)
    #expect(drawn(imagePoint, at: gesture.zoom, in: square) == fingers)
  }

  @Test func pinchNearAnEdgeStopsAtThePanLimits() {
    // The square at 2× is 800 × 800 on a 400 × 800 screen: ±200 horizontally, nothing vertically.
    var gesture = ViewerGesture(start: ViewerZoom())
    gesture.update(magnification: 2, anchor: Point2D(x: 0, y: 0), translation: nil, in: square)
    #expect(gesture.zoom.offset == Size2D(width: 200, height: 0))
  }

  @Test func pinchingOutBelowOneReturnsToTheWholeImageWhateverTheAnchor() {
    var gesture = ViewerGesture(start: zoom(2, in: square))
    gesture.update(magnification: 0.3, anchor: Point2D(x: 10, y: 10), translation: nil, in: square)
    #expect(gesture.zoom == ViewerZoom())
  }

  @Test func aDragDuringAnAnchoredPinchMovesThePictureWithTheFingers() {
    let fingers = Point2D(x: 300, y: 450)
    var pinchOnly = ViewerGesture(start: ViewerZoom())
    pinchOnly.update(magnification: 3, anchor: fingers, translation: nil, in: square)
    var pinchAndDrag = ViewerGesture(start: ViewerZoom())
    pinchAndDrag.update(
      magnification: 3, anchor: fingers, translation: Size2D(width: -30, height: 20), in: square)
    #expect(pinchAndDrag.zoom.offset.width == pinchOnly.zoom.offset.width - 30)
    #expect(pinchAndDrag.zoom.offset.height == pinchOnly.zoom.offset.height + 20)
  }

  @Test func aNonFiniteAnchorScalesAboutTheCentre() {
    var gesture = ViewerGesture(start: ViewerZoom())
    gesture.update(magnification: 2, anchor: Point2D(x: .nan, y: 10), translation: nil, in: square)
    #expect(gesture.zoom == zoom(2, in: square))
  }
}

@Suite("Viewer gesture: nothing is committed before the gesture ends")
struct ViewerGestureEndingTests {
  @Test func theEndingSettlesExactlyWhereTheLastUpdateShowedThePicture() {
    let start = zoom(2, in: square)
    let anchor = Point2D(x: 120, y: 500)
    let translation = Size2D(width: 40, height: -25)
    var gesture = ViewerGesture(start: start)
    gesture.update(magnification: 1.4, anchor: anchor, translation: translation, in: square)
    let ending = ViewerGesture.ending(
      from: start, magnification: 1.4, anchor: anchor, translation: translation, in: square)
    #expect(ending == .settle(gesture.zoom))
  }

  @Test func aLongSwipeDownOnTheWholeImageEndsInDismissal() {
    let ending = ViewerGesture.ending(
      from: ViewerZoom(), magnification: nil, translation: Size2D(width: 0, height: 200), in: wide)
    #expect(ending == .dismiss)
  }

  @Test func aShortSwipeDownSettlesBackWithNoPull() {
    let ending = ViewerGesture.ending(
      from: ViewerZoom(), magnification: nil, translation: Size2D(width: 0, height: 60), in: wide)
    #expect(ending == .settle(ViewerZoom()))
  }

  @Test func aPinchThatEndsWithALongDragDownNeverDismisses() {
    let ending = ViewerGesture.ending(
      from: ViewerZoom(), magnification: 0.9, anchor: Point2D(x: 200, y: 400),
      translation: Size2D(width: 0, height: 400), in: wide)
    #expect(ending == .settle(ViewerZoom()))
  }

  @Test func theGestureNeverChangesTheZoomItStartedFrom() {
    // What a cancelled gesture falls back to: the view keeps `start` and discards the gesture.
    let start = zoom(3, in: square).panned(to: Size2D(width: 100, height: 100), in: square)
    var gesture = ViewerGesture(start: start)
    gesture.update(
      magnification: 0.5, anchor: Point2D(x: 5, y: 5), translation: Size2D(width: 90, height: 90), in: square)
    #expect(gesture.start == start)
    #expect(gesture.zoom != start)
  }
}

@Suite("Viewer gesture: swiping between days only at the fit scale")
struct ViewerDaySwipeTests {
  private func ending(
    from start: ViewerZoom = ViewerZoom(), magnification: Double? = nil, width: Double, height: Double = 0,
    swipesDays: Bool = true, in layout: ViewerZoom.Layout = wide
  ) -> ViewerGesture.Ending {
    ViewerGesture.ending(
      from: start, magnification: magnification, anchor: Point2D(x: 200, y: 400),
      translation: Size2D(width: width, height: height), swipesDays: swipesDays, in: layout)
  }

  @Test func aSidewaysDragOnTheWholeImageSwipesToTheDayBeforeOrAfter() {
    // Days lie as on a timeline: a drag to the right shows the day before.
    #expect(ending(width: 150, height: 10) == .swipe(.older))
    #expect(ending(width: -150, height: -10) == .swipe(.newer))
  }

  @Test func whileZoomedInTheSameDragPansTheImageAndNeverSwipes() {
    let start = zoom(2, in: square)
    let panned = start.panned(to: Size2D(width: 150, height: 0), in: square)
    #expect(ending(from: start, width: 150, in: square) == .settle(panned))
    #expect(start.swipe(afterDragBy: Size2D(width: 150, height: 0)) == nil)
  }

  @Test func aGestureThatPinchedNeverSwipesEvenBackAtTheFitScale() {
    #expect(ending(magnification: 1, width: -200) == .settle(ViewerZoom()))
    #expect(ending(magnification: 0.8, width: 200) == .settle(ViewerZoom()))
  }

  @Test func aShortOrSteepDragDoesNotSwipe() {
    #expect(ending(width: 60) == .settle(ViewerZoom()))
    #expect(ending(width: 100, height: 90) == .settle(ViewerZoom()))
  }

  @Test func aLongSidewaysDragThatAlsoFallsSwipesRatherThanCloses() {
    #expect(ending(width: 400, height: 130) == .swipe(.older))
    #expect(ending(width: 100, height: 200) == .dismiss)
  }

  @Test func aViewerWithoutDaysToSwipeToSettles() {
    #expect(ending(width: 150, swipesDays: false) == .settle(ViewerZoom()))
  }

  @Test func theFitScaleSwipesThroughTheZoomsOwnRule() {
    #expect(ViewerZoom().swipe(afterDragBy: Size2D(width: -120, height: 0)) == .newer)
    #expect(zoom(1.01).swipe(afterDragBy: Size2D(width: -120, height: 0)) == nil)
  }
}
