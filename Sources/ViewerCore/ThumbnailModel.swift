import Foundation
import ImageCache
import Observation

/// What a thumbnail needs from the image pipeline: a synchronous look in the memory tier (for
/// the first frame) and the image itself, downloaded and decoded when needed.
public protocol ThumbnailLoading: Sendable {
  /// The image if the memory tier holds it now: no file read, no decode, no network.
  func imageInMemoryNow(for url: URL, size: ImageSize) -> DecodedImage?
  /// The image at `size`, from memory, disk or the network.
  nonisolated(nonsending) func image(
    for url: URL, size: ImageSize
  ) async throws(ImagePipelineError)
    -> DecodedImage
}

extension ImagePipeline: ThumbnailLoading {}

/// One small image from the pipeline: grid cells, cards and a video's poster.
///
/// Rules:
/// - A day without an image (`url` nil) shows the photo symbol, and never loads.
/// - An image already in the memory tier is shown from the first frame (`init` and
///   `display(for:size:loader:)` read it synchronously), so scrolling back over a grid shows
///   pictures rather than placeholders.
/// - Otherwise a quiet placeholder (no spinner) stands in while it loads: thumbnails come and go
///   quickly while scrolling, and a spinner in every cell is noise.
/// - A failure shows the failure symbol; the next `load()` (the view appearing again) tries again.
/// - A cancelled load (the cell scrolled away) changes nothing: it is not a failure.
/// - Once the image is shown, `load()` does nothing more.
@MainActor
@Observable
public final class ThumbnailModel {
  /// What the view draws.
  public enum Display: Sendable, Equatable {
    /// No image for this day: a photo symbol.
    case noImage
    /// Not loaded yet: the quiet surface, no spinner.
    case placeholder
    case image(DecodedImage)
    /// The image could not be loaded: a warning symbol.
    case failed
  }

  public let url: URL?
  public let size: ImageSize
  public private(set) var display: Display

  @ObservationIgnored private let loader: any ThumbnailLoading

  public init(url: URL?, size: ImageSize, loader: any ThumbnailLoading) {
    self.url = url
    self.size = size
    self.loader = loader
    self.display = Self.display(for: url, size: size, loader: loader)
  }

  /// What to draw for `url` before any model for it exists (the first frame of a view whose URL
  /// just changed): the image when memory has it, else the placeholder, or the photo symbol.
  public static func display(for url: URL?, size: ImageSize, loader: any ThumbnailLoading) -> Display {
    guard let url else { return .noImage }
    return loader.imageInMemoryNow(for: url, size: size).map(Display.image) ?? .placeholder
  }

  /// Loads the image: memory first, then the pipeline. Does nothing once an image is shown or
  /// when there is no URL.
  public func load() async {
    guard let url else { return }
    if case .image = display { return }
    if let image = loader.imageInMemoryNow(for: url, size: size) {
      display = .image(image)
      return
    }
    do {
      display = .image(try await loader.image(for: url, size: size))
    } catch .cancelled {
      // The view went away (scrolled off); the next appearance asks again.
      return
    } catch {
      display = .failed
    }
  }
}
