#if canImport(SwiftUI)
  import DesignSystem
  import Foundation
  import ImageCache
  import SwiftUI

  /// The full-screen viewer: the cached preview at once, the HD image swapped in place, pinch to
  /// zoom, pan when zoomed, double tap to toggle zoom, and a close button or a swipe down (when
  /// not zoomed) to leave.
  ///
  /// It draws the same `ProgressiveImageModel` as the hero that opened it, so what the hero already
  /// shows is on screen from the first frame and no spinner appears while a preview exists (the
  /// model's rule). Every zoom, pan, double-tap and dismiss rule lives in Core (`ViewerZoom`,
  /// `ViewerGesture`); this view forwards gesture values and draws the result. Animations follow
  /// `MotionPolicy`, so Reduce Motion turns the springy zoom into an immediate change.
  public struct ViewerScreen: View {
    private let model: ProgressiveImageModel
    private let accessibilityLabel: String

    @Environment(\.dismiss) private var dismiss
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @State private var zoom = ViewerZoom()
    /// The pinch-and-drag under way; nil between gestures.
    @State private var activeGesture: ViewerGesture?
    /// How far a swipe down has pulled the image (decided by `ViewerGesture`).
    @State private var dismissPull: CGFloat = 0

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
          let layout = ViewerZoom.Layout(image: model.phase.shownImage, container: proxy.size)
          ProgressiveImageView(model: model, accessibilityLabel: accessibilityLabel, contentMode: .fit)
            .scaleEffect(zoom.scale)
            .offset(x: zoom.offset.width, y: zoom.offset.height + dismissPull)
            .frame(width: proxy.size.width, height: proxy.size.height)
            .contentShape(Rectangle())
            .gesture(pinchAndPan(in: layout))
            .onTapGesture(count: 2) { point in
              animate { zoom = zoom.toggled(at: point, in: layout) }
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
    }

    /// Pinch and drag recognised together; `ViewerGesture` decides what they do (scale, pan,
    /// pull towards dismissal) and whether the gesture closes the viewer.
    private func pinchAndPan(in layout: ViewerZoom.Layout) -> some Gesture {
      MagnifyGesture()
        .simultaneously(with: DragGesture())
        .onChanged { value in
          var current = activeGesture ?? ViewerGesture(start: zoom)
          current.update(
            magnification: value.first?.magnification, translation: value.second?.translation, in: layout)
          activeGesture = current
          zoom = current.zoom
          dismissPull = current.dismissPull
        }
        .onEnded { value in
          let ended = activeGesture
          activeGesture = nil
          if ended?.endsInDismissal(translation: value.second?.translation) == true {
            dismiss()
          } else {
            animate { dismissPull = 0 }
          }
        }
    }

    private var closeButton: some View {
      Button {
        dismiss()
      } label: {
        Image(systemName: "xmark")
          .font(Typography.headline)
          .foregroundStyle(Palette.primaryText)
          .padding(Spacing.medium)
          .background(Palette.surface, in: Circle())
      }
      .buttonStyle(.plain)
      .padding(Spacing.large)
      .accessibilityLabel(Text("Close"))
    }

    /// A spring when motion is allowed; an immediate change under Reduce Motion.
    private func animate(_ change: () -> Void) {
      MotionPolicy(reduceMotion: reduceMotion).animate(.spring(response: 0.35, dampingFraction: 0.86), change)
    }
  }

  extension View {
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
