#if canImport(SwiftUI)
  import DesignSystem
  import Foundation
  import ImageCache
  import ImageCacheLive
  import SwiftUI

  /// One image from the `ImagePipeline`, decoded for `size`: grid cells, cards and the video poster.
  ///
  /// - An image already in the memory tier is drawn in the very first frame
  ///   (`ImagePipeline.imageInMemoryNow(for:size:)` answers synchronously), so scrolling back over
  ///   a grid shows pictures rather than placeholders.
  /// - Otherwise a quiet placeholder (the surface colour, no spinner) stands in while it loads:
  ///   thumbnails come and go quickly while scrolling, and a spinner in every cell is noise.
  /// - A failure shows a small symbol; the next appearance of the view tries again.
  /// - A `nil` URL (a day without an image) shows a photo symbol.
  ///
  /// The view takes the size it is offered: give it a frame or an aspect ratio.
  public struct PipelineImage: View {
    private let url: URL?
    private let size: ImageSize
    private let pipeline: ImagePipeline
    private let accessibilityLabel: String
    private let contentMode: ContentMode

    /// What was loaded, and for which URL, so a reused view never shows the previous URL's image.
    @State private var loaded: Loaded?

    /// - Parameters:
    ///   - url: the image to show; `nil` when the day has no image.
    ///   - size: how large it is drawn (`.thumbnail` for grids, `.preview` for cards).
    ///   - pipeline: where images come from (`AppModel.images`).
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

    @ViewBuilder private var content: some View {
      if let url {
        switch outcome(for: url) {
        case .image(let image)?:
          if let cgImage = image.cgImage {
            Image(decorative: cgImage, scale: 1)
              .resizable()
              .aspectRatio(contentMode: contentMode)
          } else {
            symbol("photo")
          }
        case .failed?:
          symbol("exclamationmark.triangle")
        case nil:
          // The quiet placeholder is the surface behind.
          EmptyView()
        }
      } else {
        symbol("photo")
      }
    }

    private func symbol(_ name: String) -> some View {
      Image(systemName: name)
        .font(Typography.callout)
        .foregroundStyle(Palette.secondaryText)
    }

    /// This view's result for `url`, else an image already in memory (drawn in the first frame,
    /// before `load()` runs), else nil: nothing yet. Never the result of a previous URL.
    private func outcome(for url: URL) -> Outcome? {
      if let loaded, loaded.url == url { return loaded.outcome }
      return pipeline.imageInMemoryNow(for: url, size: size).map(Outcome.image)
    }

    private func load() async {
      guard let url else { return }
      if loaded?.url == url, case .image = loaded?.outcome { return }
      // Memory first: no disk read and no decode.
      if let image = pipeline.imageInMemoryNow(for: url, size: size) {
        loaded = Loaded(url: url, outcome: .image(image))
        return
      }
      do {
        let image = try await pipeline.image(for: url, size: size)
        loaded = Loaded(url: url, outcome: .image(image))
      } catch .cancelled {
        // The view went away (scrolled off); the next appearance asks again.
        return
      } catch {
        loaded = Loaded(url: url, outcome: .failed)
      }
    }

    private struct Loaded {
      let url: URL
      let outcome: Outcome
    }

    private enum Outcome {
      case image(DecodedImage)
      case failed
    }
  }
#endif
