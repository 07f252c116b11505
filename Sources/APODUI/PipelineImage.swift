#if canImport(SwiftUI)
  import DesignSystem
  import Foundation
  import ImageCache
  import ImageCacheLive
  import SwiftUI
  import ViewerCore

  /// `ThumbnailModel` owns every rule; this view draws its `display`. Give it a frame or an aspect ratio.
  public struct PipelineImage: View {
    private let url: URL?
    private let size: ImageSize
    private let pipeline: ImagePipeline
    private let accessibilityLabel: String
    private let contentMode: ContentMode
    private let source: ThumbnailSource

    /// So a reused view never shows the previous URL's image.
    @State private var model: ThumbnailModel?

    public init(
      url: URL?, size: ImageSize, pipeline: ImagePipeline, accessibilityLabel: String,
      contentMode: ContentMode = .fill, source: ThumbnailSource = .anyTier
    ) {
      self.url = url
      self.size = size
      self.pipeline = pipeline
      self.accessibilityLabel = accessibilityLabel
      self.contentMode = contentMode
      self.source = source
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

    private func load() async {
      if model == nil || model?.url != url {
        model = ThumbnailModel(url: url, size: size, loader: pipeline, source: source)
      }
      await model?.load()
    }

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
