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
  /// model's rule). Zoom arithmetic lives in `ZoomState`; animations follow `MotionPolicy`, so
  /// Reduce Motion turns the springy zoom into an immediate change.
  public struct ViewerScreen: View {
    private let model: ProgressiveImageModel
    private let accessibilityLabel: String

    @Environment(\.dismiss) private var dismiss
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @State private var zoom = ZoomState()
    /// The zoom when the current pinch or drag began, and whether it has pinched; nil between
    /// gestures.
    @State private var activeGesture: ActiveGesture?
    /// How far a swipe down has pulled the image (not zoomed only).
    @State private var dismissPull: CGFloat = 0

    private struct ActiveGesture {
      let start: ZoomState
      var pinched: Bool
    }

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
          let layout = ZoomState.Layout(pixelSize: pixelSize, container: proxy.size)
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
              let factor: CGFloat = action.direction == .zoomIn ? 1.5 : 1 / 1.5
              animate { zoom = zoom.scaled(to: zoom.scale * factor, in: layout) }
            }
        }
        .ignoresSafeArea()
      }
      .overlay(alignment: .topTrailing) { closeButton }
      .hidesStatusBar()
    }

    /// The size of the image on screen, in pixels (preview and HD share one aspect ratio).
    private var pixelSize: CGSize {
      guard let image = model.phase.shownImage else { return .zero }
      return CGSize(width: image.pixelWidth, height: image.pixelHeight)
    }

    /// Pinch and drag recognised together: pinching scales, dragging pans when zoomed, and a
    /// drag down from the unzoomed image pulls it towards dismissal.
    private func pinchAndPan(in layout: ZoomState.Layout) -> some Gesture {
      MagnifyGesture()
        .simultaneously(with: DragGesture())
        .onChanged { value in
          var active = activeGesture ?? ActiveGesture(start: zoom, pinched: false)
          var next = active.start
          if let magnification = value.first?.magnification {
            active.pinched = true
            next = next.scaled(to: active.start.scale * magnification, in: layout)
          }
          if let translation = value.second?.translation {
            if next.isZoomed {
              let moved = CGSize(
                width: active.start.offset.width + translation.width,
                height: active.start.offset.height + translation.height)
              next = next.panned(to: moved, in: layout)
            } else if !active.pinched {
              dismissPull = max(0, translation.height)
            }
          }
          activeGesture = active
          zoom = next
        }
        .onEnded { value in
          let ended = activeGesture
          activeGesture = nil
          if let ended, !ended.pinched, let translation = value.second?.translation,
            ended.start.dismisses(afterDragBy: translation)
          {
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
