import Basics
import Foundation
import ImageCache
import TestSupport
import Testing
import WidgetCore

/// The app and the widget build their repository and image pipeline with one builder: the same
/// folders and disk cap, each its own memory tier, and no URLCache under the disk tier.
@Suite("The stack the app and the widget share")
struct SharedStackTests {
  private let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("SharedStackTests-\(UUID().uuidString)", isDirectory: true)

  private var storage: SharedStorage {
    SharedStorage(
      appGroupContainer: folder.appendingPathComponent("group", isDirectory: true),
      caches: folder.appendingPathComponent("caches", isDirectory: true),
      applicationSupport: folder.appendingPathComponent("support", isDirectory: true))
  }

  /// The disk cap is the same in both processes, so neither evicts what the other keeps; the
  /// widget's memory tier is its own small one.
  @Test func bothProcessesKeepTheSameDiskCapAndTheWidgetASmallMemoryTier() async {
    let app = SharedStack(
      storage: storage, nasaAPIKey: nil, imageDecoder: HeaderImageDecoder(), clock: TestClock())
    let widget = SharedStack(
      storage: storage, nasaAPIKey: nil, imageDecoder: HeaderImageDecoder(),
      imageMemoryCostLimit: ImageSize.widgetMemoryCostLimit, clock: TestClock())
    let appImages = await app.images.statistics()
    let widgetImages = await widget.images.statistics()
    #expect(appImages.diskByteLimit == widgetImages.diskByteLimit)
    #expect(widgetImages.memoryCostLimit == ImageSize.widgetMemoryCostLimit)
    #expect(appImages.memoryCostLimit > widgetImages.memoryCostLimit)
    #expect(app.storage == widget.storage)
  }

  /// The widget's builder reads the group from its configuration and asks for that container
  /// only; without a group (or without the entitlement) each process keeps its own folders.
  @Test func theBuilderResolvesTheGroupTheConfigurationNames() {
    let asked = Locked<[String]>([])
    let folders = ProcessFolders(
      appGroupContainer: { id in
        asked.withLock { $0.append(id) }
        return id == "group.test" ? folder.appendingPathComponent("group", isDirectory: true) : nil
      },
      caches: folder.appendingPathComponent("caches", isDirectory: true),
      applicationSupport: folder.appendingPathComponent("support", isDirectory: true))
    func stack(_ info: [String: String]) -> SharedStack {
      SharedStack(
        configuration: SharedConfiguration(info: info), folders: folders, imageDecoder: HeaderImageDecoder(),
        imageMemoryCostLimit: ImageSize.widgetMemoryCostLimit, clock: TestClock())
    }

    #expect(stack([SharedConfiguration.Key.appGroup: "group.test"]).storage == storage)
    #expect(stack([SharedConfiguration.Key.appGroup: "group.other"]).storage.isShared == false)
    #expect(stack([:]).storage == SharedStorage(ownFolders: folders))
    #expect(asked.withLock { $0 } == ["group.test", "group.other"])
  }

  /// The pipeline's disk tier is the only image cache: the session under it has no URLCache.
  @Test func imagesDownloadWithoutAURLCache() {
    #expect(SharedStack.imageSession().configuration.urlCache == nil)
  }
}
