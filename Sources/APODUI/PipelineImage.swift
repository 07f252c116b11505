#if canImport(SwiftUI)
  import DesignSystem
  import Foundation
  import ImageCache
  import ImageCacheLive
  import SwiftUI
  import ViewerCore

  /// One image from the `ImagePipeline`, decoded for `size`: grid cells, cards and the video poster.
  ///
  /// `ThumbnailModel` owns every rule (the first frame shows an image already in memory, a quiet
  /// placeholder without a spinner while it loads, a symbol for a failure or a day without an
  /// image, a cancelled load is no failure); this view draws its `display`.
  ///
  /// The view takes the size it is offered: give it a frame or an aspect ratio.
  public struct PipelineImage: View {
    private let url: URL?
    private let size: ImageSize
    private let pipeline: ImagePipeline
    private let accessibilityLabel: String
    private let contentMode: ContentMode

    /// The model of the URL shown, so a reused view never shows the previous URL's image.
    @State private var model: ThumbnailModel?

    /// - Parameters:
    ///   - url: the image to show; `nil` when the day has no image.
    ///   - size: how large it is drawn (`.thumbnail` for grids, `.preview` for cards).
    ///   - pipeline: where images come from.
    ///   - accessibilityLabel: what VoiceOver reads (the APOD `alt` text when present, else its title).
    ///   - contentMode: `.fill` (cropped to the frame, the default) or `.fit`.
    public init(
      url: URL?, size: ImageSize, pipeline: ImagePipeline, accessibilityLabel: String,
      contentMode: ContentMode = .fill
    ) {
      self.url = url
      self.size = size
      self.pipeline = pipeline
      self.accessibilityLabel = accessibilityLabel
      self.contentMode = contentMode
    }

    public var body: some View {
      Palette.surface
        .overlay { content }
        .clipped()
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(Text(accessibilityLabel))
        .accessibilityAddTraits(.isImage)
        .task(id: url) { await load() }
    }

    /// Loads this URL's image, with a new model when the URL changed (a reused cell).
    private func load() async {
      if model == nil || model?.url != url {
        model = ThumbnailModel(url: url, size: size, loader: pipeline)
      }
      await model?.load()
    }

    /// The model's display when it is this URL's; before that (the first frame, or the URL just
    /// changed) what the model's rule shows at once.
    private var display: ThumbnailModel.Display {
      if let model, model.url == url { return model.display }
      return ThumbnailModel.display(for: url, size: size, loader: pipeline)
    }

    @ViewBuilder private var content: some View {
      switch display {
      case .image(let image):
        if let cgImage = image.cgImage {
          Image(decorative: cgImage, scale: 1)
            .resizable()
            .aspectRatio(contentMode: contentMode)
        } else {
          symbol("photo")
        }
      case .failed:
        symbol("exclamationmark.triangle")
      case .noImage:
        symbol("photo")
      case .placeholder:
        // The quiet placeholder is the surface behind.
        EmptyView()
      }
    }

    private func symbol(_ name: String) -> some View {
      Image(systemName: name)
        .font(Typography.callout)
        .foregroundStyle(Palette.secondaryText)
    }
  }
#endif
