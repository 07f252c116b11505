import Foundation
import ImageCache

/// An image host that is never reachable: every download fails as offline, as it does with no
/// network at all.
public struct OfflineImageDownloader: ImageDownloading {
  public init() {}

  public func download(_ url: URL) async throws(ImagePipelineError) -> Data { throw .http(.offline) }
}
