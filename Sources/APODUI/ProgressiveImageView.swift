#if canImport(SwiftUI)
  import DesignSystem
  import Foundation
  import ImageCache
  import ImageCacheLive
  import SwiftUI
  import ViewerCore

  /// The model owns every rule; this view draws its phase. The preview and HD share one image view,
  /// so zoom and layout stay put when HD replaces the preview.
  public struct ProgressiveImageView: View {
    private let model: ProgressiveImageModel
    private let accessibilityLabel: String
    private let contentMode: ContentMode
    private let showsHD: Bool
    private let pictureZoom: ViewerZoom
    private let pictureDrop: Double
    private let images: ImagePipeline?

    /// `pictureZoom` applies to the picture only, so the HD retry, the spinner and the error state keep
    /// their size and place.
    public init(
      model: ProgressiveImageModel, accessibilityLabel: String, contentMode: ContentMode = .fit,
      showsHD: Bool = true, pictureZoom: ViewerZoom = ViewerZoom(), pictureDrop: Double = 0,
      images: ImagePipeline? = nil
    ) {
      self.model = model
      self.accessibilityLabel = accessibilityLabel
      self.contentMode = contentMode
      self.showsHD = showsHD
      self.pictureZoom = pictureZoom
      self.pictureDrop = pictureDrop
      self.images = images
    }

    public var body: some View {
      Color.clear
        .overlay { content }
        .clipped()
        .task { await model.appeared(as: showsHD ? .viewer : .card) }
        .onDisappear { model.disappeared(as: showsHD ? .viewer : .card, images: images) }
    }

    @ViewBuilder private var content: some View {
      let phase = model.phase
      if let image = phase.shownImage {
        picture(image)
          .scaleEffect(CGFloat(pictureZoom.scale))
          .offset(x: CGFloat(pictureZoom.offset.width), y: CGFloat(pictureZoom.offset.height + pictureDrop))
          // Effects do not move the layout frame: the retry sits on the unzoomed frame, unscaled.
          .overlay(alignment: .bottomTrailing) {
            if phase.offersHDRetry {
              hdRetryButton
            }
          }
      } else if phase.showsSpinner {
        ProgressView()
          .tint(Palette.secondaryText)
      } else if let error = phase.failure {
        ErrorStateView(
          title: String(localized: "Couldn't Load the Image"),
          message: error.message,
          action: StateAction(String(localized: "Try Again")) {
            Task { await model.retry() }
          })
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
      RoundIconButton(systemImage: "arrow.clockwise", font: Typography.callout, padding: Spacing.small) {
        Task { await model.retry() }
      }
      .padding(Spacing.small)
      .accessibilityLabel(Text("Load the full-resolution image again"))
    }
  }
#endif
