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

  /// The builder each process calls once (the app through `AppProcess`, the widget in
  /// `WidgetEnvironment`): the folders `configuration` names, and the stack over them.
  /// - Parameter imageMemoryCostLimit: nil keeps the pipeline's default (the app); the widget
  ///   passes `ImageSize.widgetMemoryCostLimit` (its extension lives under about 30 MB).
  public init(
    configuration: SharedConfiguration, folders: ProcessFolders, imageDecoder: any ImageDecoding,
    imageMemoryCostLimit: Int? = nil, clock: any Clocking
  ) {
    self.init(
      storage: SharedStorage(configuration, folders: folders), nasaAPIKey: configuration.nasaAPIKey,
      imageDecoder: imageDecoder, imageMemoryCostLimit: imageMemoryCostLimit, clock: clock)
  }

  /// - Parameter service: NASA's services; tests point it at a loopback server.
  public init(
    storage: SharedStorage, nasaAPIKey: String?, imageDecoder: any ImageDecoding,
    imageMemoryCostLimit: Int? = nil, clock: any Clocking,
    service: (v1: URL, basic: URL) = (V1APODSource.defaultBaseURL, APODBasicSource.defaultBaseURL)
  ) {
    self.storage = storage
    repository = APODServiceConfiguration(
      choice: .auto, apiKey: nasaAPIKey, v1BaseURL: service.v1, basicBaseURL: service.basic,
      cacheDirectory: storage.apodCache
    ).makeRepository(clock: clock)
    let downloader = FirstUseDownloader(clock: clock)
    if let imageMemoryCostLimit {
      images = ImagePipeline(
        directory: storage.images, pinnedDirectory: storage.pinnedImages,
        memoryCostLimit: imageMemoryCostLimit, downloader: downloader, decoder: imageDecoder, clock: clock)
    } else {
      images = ImagePipeline(
        directory: storage.images, pinnedDirectory: storage.pinnedImages, downloader: downloader,
        decoder: imageDecoder, clock: clock)
    }
  }

  /// The session images download with: ephemeral, with no URLCache under it, because the
  /// pipeline's disk tier is the only image cache.
  public static func imageSession() -> URLSession { .uncached() }
}

/// The image session is made on the first download: a launch answered from the disk tier needs none,
/// and making one costs a cache configuration (and on Linux a transfer thread).
private struct FirstUseDownloader: ImageDownloading {
  private let made = Locked<URLSessionImageDownloader?>(nil)
  private let clock: any Clocking

  init(clock: any Clocking) { self.clock = clock }

  private var downloader: URLSessionImageDownloader {
    made.withLock { made in
      if let made { return made }
      let new = URLSessionImageDownloader(session: SharedStack.imageSession(), clock: clock)
      made = new
      return new
    }
  }

  func download(_ url: URL) async throws(ImagePipelineError) -> Data {
    try await downloader.download(url)
  }

  func download(_ url: URL, allowsConstrainedNetwork: Bool) async throws(ImagePipelineError) -> Data {
    try await downloader.download(url, allowsConstrainedNetwork: allowsConstrainedNetwork)
  }

  func download(
    _ url: URL, toFile file: URL, allowsConstrainedNetwork: Bool
  ) async throws(ImagePipelineError) -> Int {
    try await downloader.download(url, toFile: file, allowsConstrainedNetwork: allowsConstrainedNetwork)
  }
}
