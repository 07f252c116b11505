import Basics
import Foundation
import ImageCache
import NASA
import Networking

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What the app and its widget build the same way over the folders they share: the APOD
/// repository over the shared cache, and the image pipeline over the shared disk tier and pinned
/// folder. One builder, so neither process can point at another folder, cache twice, or evict
/// what the other keeps (the same disk cap and pinned folder in both).
public struct SharedStack: Sendable {
  public let storage: SharedStorage
  public let repository: APODRepository
  public let images: ImagePipeline

  /// - Parameters:
  ///   - storage: the shared folders (`SharedStorage`).
  ///   - nasaAPIKey: the api.nasa.gov key; nil means `DEMO_KEY`.
  ///   - imageDecoder: ImageIO on Apple platforms.
  ///   - imageMemoryCostLimit: the memory tier; nil keeps the pipeline's default (the app), the
  ///     widget passes `ImageSize.widgetMemoryCostLimit` (its extension lives under about 30 MB).
  ///   - clock: the clock the repository and the pipeline read.
  public init(
    storage: SharedStorage, nasaAPIKey: String?, imageDecoder: any ImageDecoding,
    imageMemoryCostLimit: Int? = nil, clock: any Clocking
  ) {
    self.storage = storage
    repository = APODServiceConfiguration(
      choice: .auto, apiKey: nasaAPIKey, cacheDirectory: storage.apodCache
    ).makeRepository(clock: clock)
    let session = Self.imageSession()
    if let imageMemoryCostLimit {
      images = ImagePipeline(
        directory: storage.images, pinnedDirectory: storage.pinnedImages,
        memoryCostLimit: imageMemoryCostLimit, session: session, decoder: imageDecoder, clock: clock)
    } else {
      images = ImagePipeline(
        directory: storage.images, pinnedDirectory: storage.pinnedImages, session: session,
        decoder: imageDecoder, clock: clock)
    }
  }

  /// The session images download with: ephemeral, with no URLCache under it, because the
  /// pipeline's disk tier is the only image cache.
  public static func imageSession() -> URLSession { .uncached() }
}
