import Foundation
import ImageCache
import Observation

public protocol ThumbnailLoading: Sendable {
  /// The image if the memory tier holds it now: no file read, no decode, no network.
  func imageInMemoryNow(for url: URL, size: ImageSize) -> DecodedImage?
  /// Memory, else the disk tier's file decoded: never the network.
  func cachedImage(for url: URL, size: ImageSize) async -> DecodedImage?
  nonisolated(nonsending) func image(
    for url: URL, size: ImageSize
  ) async throws(ImagePipelineError)
    -> DecodedImage
}

extension ImagePipeline: ThumbnailLoading {}

public enum ThumbnailSource: Sendable, Equatable {
  /// Memory, disk, else a download.
  case anyTier
  /// Only a picture the phone already holds; a miss shows the photo symbol.
  case savedOnly
}

/// A quiet placeholder, no spinner, while it loads: thumbnails come and go while scrolling, and a
/// spinner in every cell is noise. A cancelled load (the cell scrolled away) is not a failure.
@MainActor
@Observable
public final class ThumbnailModel {
  public enum Display: Sendable, Equatable {
    case noImage
    case placeholder
    case image(DecodedImage)
    case failed
  }

  public let url: URL?
  public let size: ImageSize
  public let source: ThumbnailSource
  public private(set) var display: Display

  @ObservationIgnored private let loader: any ThumbnailLoading

  public init(url: URL?, size: ImageSize, loader: any ThumbnailLoading, source: ThumbnailSource = .anyTier) {
    self.url = url
    self.size = size
    self.source = source
    self.loader = loader
    self.display = Self.display(for: url, size: size, loader: loader)
  }

  /// For the first frame of a view whose URL just changed, before any model for it exists.
  public static func display(for url: URL?, size: ImageSize, loader: any ThumbnailLoading) -> Display {
    guard let url else { return .noImage }
    return loader.imageInMemoryNow(for: url, size: size).map(Display.image) ?? .placeholder
  }

  public func load() async {
    guard let url else { return }
    if case .image = display { return }
    if let image = loader.imageInMemoryNow(for: url, size: size) {
      display = .image(image)
      return
    }
    if source == .savedOnly {
      display = await loader.cachedImage(for: url, size: size).map(Display.image) ?? .noImage
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
