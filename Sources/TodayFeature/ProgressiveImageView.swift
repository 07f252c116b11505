#if canImport(SwiftUI)
  import DesignSystem
  import Foundation
  import ImageCache
  import ImageCacheLive
  import SwiftUI

  /// Draws a `ProgressiveImageModel`: the preview at once, the HD image swapped in place.
  ///
  /// The model owns every rule (caches first, when a spinner may appear, when HD replaces the
  /// preview); this view draws its phase:
  /// - `.idle`: nothing over the container's background (no spinner: the caches are being read).
  /// - `.loading`: a spinner, the one phase the model allows it (nothing is cached).
  /// - `.preview`: the preview, plus a small retry button when HD failed; the preview stays usable.
  /// - `.full`: the HD image, in the same image view as the preview, so zoom and layout stay put.
  /// - `.failed`: the reason and a retry.
  ///
  /// It starts the model's `load()` when it appears; the model ignores the call once HD is shown,
  /// so the hero and the viewer can share one model.
  public struct ProgressiveImageView: View {
    private let model: ProgressiveImageModel
    private let accessibilityLabel: String
    private let contentMode: ContentMode

    /// - Parameters:
    ///   - model: the image's phases (`AppModel.progressiveImage(for:)`).
    ///   - accessibilityLabel: what VoiceOver reads (the APOD `alt` text when present, else its title).
    ///   - contentMode: `.fit` (the whole image, the default) or `.fill` (cropped to the frame).
    public init(model: ProgressiveImageModel, accessibilityLabel: String, contentMode: ContentMode = .fit) {
      self.model = model
      self.accessibilityLabel = accessibilityLabel
      self.contentMode = contentMode
    }

    public var body: some View {
      Color.clear
        .overlay { content }
        .clipped()
        .task { await model.load() }
    }

    @ViewBuilder private var content: some View {
      if let image = model.phase.shownImage {
        picture(image)
          .overlay(alignment: .bottomTrailing) {
            if model.phase.hdFailed, model.canRetry {
              hdRetryButton
            }
          }
      } else {
        switch model.phase {
        case .loading:
          ProgressView()
            .tint(Palette.secondaryText)
        case .failed(let error):
          ErrorStateView(
            title: String(localized: "Couldn't Load the Image"),
            message: error.message,
            action: StateAction(String(localized: "Try Again")) {
              Task { await model.retry() }
            })
        case .idle, .preview, .full:
          EmptyView()
        }
      }
    }

    @ViewBuilder private func picture(_ image: DecodedImage) -> some View {
      if let cgImage = image.cgImage {
        Image(cgImage, scale: 1, label: Text(accessibilityLabel))
          .resizable()
          .aspectRatio(contentMode: contentMode)
      } else {
        Image(systemName: "photo")
          .font(Typography.title)
          .foregroundStyle(Palette.secondaryText)
          .accessibilityLabel(Text(accessibilityLabel))
      }
    }

    /// Small and out of the way: the preview is still the picture, HD is a bonus.
    private var hdRetryButton: some View {
      Button {
        Task { await model.retry() }
      } label: {
        Image(systemName: "arrow.clockwise")
          .font(Typography.callout)
          .foregroundStyle(Palette.primaryText)
          .padding(Spacing.small)
          .background(Palette.surface, in: Circle())
      }
      .buttonStyle(.plain)
      .padding(Spacing.small)
      .accessibilityLabel(Text("Load the full-resolution image again"))
    }
  }

  extension ProgressiveImageModel.Phase {
    /// The image on screen in this phase: the preview or the HD image.
    var shownImage: DecodedImage? {
      switch self {
      case .preview(let image, hd: _), .full(let image): image
      case .idle, .loading, .failed: nil
      }
    }

    /// True when the preview is shown because HD failed.
    var hdFailed: Bool {
      if case .preview(_, hd: .failed) = self { return true }
      return false
    }
  }
#endif
