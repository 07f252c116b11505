import Basics
import Foundation
import ImageCache
import ImageCacheLive
import NASA
import Networking
import WidgetCore

/// The widget process's objects, built once: the folders shared with the app (`SharedStorage`),
/// the repository over the shared APOD cache, the timeline loader, and an image pipeline over
/// the shared disk tier with a small memory tier (the extension lives under about 30 MB).
final class WidgetEnvironment: Sendable {
  /// The widget process's one clock: every date the widget reads comes from it.
  static let clock: any Clocking = SystemClock()
  static let shared = WidgetEnvironment(bundle: .main, clock: clock)

  private let clock: any Clocking
  private let loader: WidgetTimelineLoader
  private let images: ImagePipeline
  /// The favorites and premium status the app writes, and the day's random pick.
  private let shelf: WidgetShelfStore

  init(bundle: Bundle, clock: any Clocking) {
    self.clock = clock
    // The builder the app uses too (SharedStack, Core, tested): the same folders and disk cap, so
    // neither process evicts or moves what the other keeps; the widget's own small memory tier.
    let stack = SharedStack(
      configuration: SharedConfiguration(
        info: (bundle.infoDictionary ?? [:]).compactMapValues { $0 as? String }),
      folders: ProcessFolders(
        appGroupContainer: { FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: $0) },
        caches: URL.cachesDirectory, applicationSupport: URL.applicationSupportDirectory),
      imageDecoder: ImageIODecoder(), imageMemoryCostLimit: ImageSize.widgetMemoryCostLimit, clock: clock)
    let storage = stack.storage
    shelf = WidgetShelfStore(directory: storage.widgetShelf)
    loader = WidgetTimelineLoader(
      repository: stack.repository,
      attempts: JSONDiskCache(
        directory: storage.apodCache, schemaVersion: APODServiceConfiguration.cacheSchemaVersion, clock: clock
      ),
      clock: clock)
    images = stack.images
  }

  /// The snapshot's entry: the newest saved day (`WidgetTimelineLoader.snapshot()`, never a
  /// request) with its picture only when the shared disk tier already holds it; otherwise the
  /// titled placeholder. `size` nil (the lock-screen family) reads no picture.
  func snapshot(size: ImageSize?, options: WidgetOptions) async -> APODEntry {
    let content = await loader.snapshot(options: options, shelf: shelf)
    var picture: DecodedImage?
    // Never a download, even when the file goes away between the loader's answer and the decode.
    if case .picture(_, _, let url) = content, let size {
      picture = await images.cachedWidgetImage(for: url, size: size)
    }
    return APODEntry(date: clock.now, content: content, options: options, picture: picture)
  }

  /// The entry to draw now and when to be asked again: today, or the day's random favorite when
  /// the options ask for one and the app's shelf says premium unlocks it.
  ///
  /// The picture is decoded from the shared disk tier's file (`ImagePipeline.widgetImage`): one
  /// decode per picture at a time across the sizes WidgetKit asks for together, and a file above
  /// `ImageSize.widgetMaximumFileBytes` gives no picture, so the view draws the titled placeholder.
  /// `size` nil (the lock-screen family) reads no picture.
  func current(size: ImageSize?, options: WidgetOptions) async -> (entry: APODEntry, reloadAt: Date) {
    let outcome = await loader.load(options: options, shelf: shelf)
    var picture: DecodedImage?
    if case .picture(_, _, let url) = outcome.entry, let size {
      picture = try? await images.widgetImage(for: url, size: size)
    }
    return (
      APODEntry(date: clock.now, content: outcome.entry, options: options, picture: picture), outcome.reloadAt
    )
  }
}
