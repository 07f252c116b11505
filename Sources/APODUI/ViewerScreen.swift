#if canImport(SwiftUI)
  import DesignSystem
  import Foundation
  import ImageCache
  import SwiftUI
  import ViewerCore

  /// The full-screen viewer: the cached preview at once, the HD image swapped in place, pinch to
  /// zoom, pan when zoomed, double tap to toggle zoom, and a close button or a swipe down (when
  /// not zoomed) to leave.
  ///
  /// It draws the same `ProgressiveImageModel` as the hero that opened it, so what the hero already
  /// shows is on screen from the first frame and no spinner appears while a preview exists (the
  /// model's rule). Every zoom, pan, double-tap and dismiss rule lives in Core (`ViewerZoom`,
  /// `ViewerGesture`); this view converts gesture values to Core geometry and draws the result. Animations follow
  /// `MotionPolicy`, so Reduce Motion turns the springy zoom into an immediate change.
  public struct ViewerScreen: View {
    private let model: ProgressiveImageModel
    private let accessibilityLabel: String

    @Environment(\.dismiss) private var dismiss
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    /// The committed zoom: changed only by a finished gesture, a double tap or VoiceOver.
    @State private var zoom = ViewerZoom()
    /// The pinch-and-drag under way, nil between gestures. Transient (`GestureState`), so a gesture
    /// the system cancels (a system swipe, another touch taking over) is discarded and the picture
    /// returns to `zoom`; only `onEnded` commits.
    @GestureState private var gesture: ViewerGesture? = nil

    /// - Parameters:
    ///   - model: the image's phases, shared with the view that opened the viewer.
    ///   - accessibilityLabel: what VoiceOver reads (the APOD `alt` text when present, else its title).
    public init(model: ProgressiveImageModel, accessibilityLabel: String) {
      self.model = model
      self.accessibilityLabel = accessibilityLabel
    }

    public var body: some View {
      ZStack {
        Color.black
          .ignoresSafeArea()
        GeometryReader { proxy in
          let layout = ViewerZoom.Layout(image: model.phase.shownImage, container: Size2D(proxy.size))
          // The zoom moves the picture only: the HD retry and the error state stay put and unscaled.
          ProgressiveImageView(
            model: model, accessibilityLabel: accessibilityLabel, contentMode: .fit,
            pictureZoom: gesture?.zoom ?? zoom, pictureDrop: gesture?.dismissPull ?? 0
          )
          .frame(width: proxy.size.width, height: proxy.size.height)
          .contentShape(Rectangle())
          // Springs back (a pull that did not dismiss) when the gesture ends or is cancelled.
          .motionAwareAnimation(.spring(response: 0.35, dampingFraction: 0.86), value: gesture == nil)
          .gesture(pinchAndPan(in: layout))
          .onTapGesture(count: 2) { point in
            animate { zoom = zoom.toggled(at: Point2D(point), in: layout) }
          }
          .accessibilityZoomAction { action in
            animate {
              zoom = action.direction == .zoomIn ? zoom.steppedIn(in: layout) : zoom.steppedOut(in: layout)
            }
          }
        }
        .ignoresSafeArea()
      }
      .overlay(alignment: .topTrailing) { closeButton }
      .hidesStatusBar()
      .turnsWithThePhone()
    }

    /// Pinch and drag recognised together; `ViewerGesture` decides what they do (scale about the
    /// fingers, pan, pull towards dismissal) and how the gesture ends. In-progress values live in
    /// `gesture` (reset by SwiftUI on end or cancellation); `onEnded` alone commits.
    private func pinchAndPan(in layout: ViewerZoom.Layout) -> some Gesture {
      MagnifyGesture()
        .simultaneously(with: DragGesture())
        .updating($gesture) { value, gesture, _ in
          var current = gesture ?? ViewerGesture(start: zoom)
          let input = GestureInput(value)
          current.update(
            magnification: input.magnification, anchor: input.anchor, translation: input.translation,
            in: layout)
          gesture = current
        }
        .onEnded { value in
          let input = GestureInput(value)
          let ending = ViewerGesture.ending(
            from: zoom, magnification: input.magnification, anchor: input.anchor,
            translation: input.translation, in: layout)
          switch ending {
          case .dismiss:
            dismiss()
          case .settle(let settled):
            zoom = settled
          }
        }
    }

    private var closeButton: some View {
      RoundIconButton(systemImage: "xmark", font: Typography.headline, padding: Spacing.medium) {
        dismiss()
      }
      .padding(Spacing.large)
      .accessibilityLabel(Text("Close"))
    }

    /// A spring when motion is allowed; an immediate change under Reduce Motion.
    private func animate(_ change: () -> Void) {
      MotionPolicy(reduceMotion: reduceMotion).animate(.spring(response: 0.35, dampingFraction: 0.86), change)
    }
  }

  /// The recognisers' current values in Core's terms (nil: that recogniser has not moved). The
  /// magnify gesture's `startLocation` is in the modified view's coordinate space, which is the
  /// viewer's container, as `ViewerZoom.Layout` expects.
  private struct GestureInput {
    let magnification: Double?
    let anchor: Point2D?
    let translation: Size2D?

    init(_ value: SimultaneousGesture<MagnifyGesture, DragGesture>.Value) {
      magnification = value.first.map { Double($0.magnification) }
      anchor = value.first.map { Point2D($0.startLocation) }
      translation = value.second.map { Size2D($0.translation) }
    }
  }

  extension Size2D {
    /// A SwiftUI size in Core's terms.
    fileprivate init(_ size: CGSize) {
      self.init(width: Double(size.width), height: Double(size.height))
    }
  }

  extension Point2D {
    /// A SwiftUI point in Core's terms.
    fileprivate init(_ point: CGPoint) {
      self.init(x: Double(point.x), y: Double(point.y))
    }
  }

  extension View {
    /// On iOS, lets the phone turn while the viewer is on screen and turns the app back upright
    /// when it closes (`OrientationPolicy` decides); nothing elsewhere.
    @ViewBuilder
    fileprivate func turnsWithThePhone() -> some View {
      #if os(iOS)
        onAppear { InterfaceRotation.apply(OrientationPolicy.shared.viewerAppeared()) }
          .onDisappear { InterfaceRotation.apply(OrientationPolicy.shared.viewerDisappeared()) }
      #else
        self
      #endif
    }

    /// Hides the status bar on iOS (the viewer is all picture); nothing elsewhere.
    @ViewBuilder
    fileprivate func hidesStatusBar() -> some View {
      #if os(iOS)
        statusBarHidden()
      #else
        self
      #endif
    }
  }
#endif
