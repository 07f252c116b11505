import Basics
import Foundation

/// With an App Group container everything lives inside it, laid out as an app container is. Without
/// one (a build signed without the entitlement) each process uses its own folders: nothing is shared,
/// and the widget fetches today's picture itself. Writes stay atomic in both places, so a process
/// reading while the other writes sees a whole old file or a whole new one.
public struct SharedStorage: Sendable, Hashable {
  public let apodCache: URL
  public let images: URL
  public let pinnedImages: URL
  /// Application Support, so the system never purges it.
  public let widgetShelf: URL
  public let isShared: Bool

  public init(appGroupContainer: URL?, caches: URL, applicationSupport: URL) {
    if let container = appGroupContainer {
      let library = container.appendingPathComponent("Library", isDirectory: true)
      self.init(
        caches: library.appendingPathComponent("Caches", isDirectory: true),
        applicationSupport: library.appendingPathComponent("Application Support", isDirectory: true),
        isShared: true)
    } else {
      self.init(caches: caches, applicationSupport: applicationSupport, isShared: false)
    }
  }

  /// Resolved once per process by its builder (`SharedStack(configuration:folders:…)`).
  public init(_ configuration: SharedConfiguration, folders: ProcessFolders) {
    self.init(
      appGroupContainer: configuration.appGroupIdentifier.flatMap(folders.appGroupContainer),
      caches: folders.caches, applicationSupport: folders.applicationSupport)
  }

  /// Where an earlier version kept everything.
  public init(ownFolders folders: ProcessFolders) {
    self.init(appGroupContainer: nil, caches: folders.caches, applicationSupport: folders.applicationSupport)
  }

  private static let apodCacheName = "apod"
  private static let imagesName = "images"
  private static let pinnedImagesName = "PinnedImages"

  private init(caches: URL, applicationSupport: URL, isShared: Bool) {
    apodCache = caches.appendingPathComponent(Self.apodCacheName, isDirectory: true)
    images = caches.appendingPathComponent(Self.imagesName, isDirectory: true)
    pinnedImages = applicationSupport.appendingPathComponent(Self.pinnedImagesName, isDirectory: true)
    widgetShelf = applicationSupport.appendingPathComponent("Widget", isDirectory: true)
    self.isShared = isShared
  }

  /// What an earlier version saved in the process's own folders, moved here (`moveContent(from:)`).
  /// Looked for by path first: at almost every launch there is nothing, and URLs cost more to build.
  @discardableResult
  public func moveContent(fromOwnFolders folders: ProcessFolders) -> [URL] {
    guard isShared else { return [] }
    let caches = folders.caches.path
    let support = folders.applicationSupport.path
    let earlier = [
      (caches, Self.apodCacheName), (caches, Self.imagesName), (support, Self.pinnedImagesName),
    ]
    guard earlier.contains(where: { FileStatus(atPath: $0.0 + "/" + $0.1) != nil }) else { return [] }
    return moveContent(from: SharedStorage(ownFolders: folders))
  }

  /// A folder here with content is left alone: it is newer, and the other process may be using it; an
  /// empty one is what the widget creates on its first run. A failed move leaves the content where it
  /// was (a cache refills; favorites re-pin on their next load).
  @discardableResult
  public func moveContent(from earlier: SharedStorage, fileManager: FileManager = .default) -> [URL] {
    guard earlier != self else { return [] }
    var moved: [URL] = []
    let pairs = [
      (earlier.apodCache, apodCache), (earlier.images, images), (earlier.pinnedImages, pinnedImages),
    ]
    // Existence first: at almost every launch there is nothing to move, and standardizing costs more.
    for (source, destination) in pairs
    where fileManager.fileExists(atPath: source.path)
      && source.standardizedFileURL != destination.standardizedFileURL
    {
      if fileManager.fileExists(atPath: destination.path) {
        let contents = (try? fileManager.contentsOfDirectory(atPath: destination.path)) ?? [""]
        guard contents.isEmpty, (try? fileManager.removeItem(at: destination)) != nil else { continue }
      }
      do {
        try fileManager.createDirectory(
          at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try fileManager.moveItem(at: source, to: destination)
        moved.append(destination)
      } catch {
        continue
      }
    }
    return moved
  }
}

public struct SharedConfiguration: Sendable, Equatable {
  public enum Key {
    public static let appGroup = "AppGroupIdentifier"
    public static let nasaAPIKey = "NASAAPIKey"
  }

  public var appGroupIdentifier: String?
  /// nil means `DEMO_KEY`.
  public var nasaAPIKey: String?

  public init(info: [String: any Sendable]) {
    appGroupIdentifier = BuildSetting.value(info[Key.appGroup])
    nasaAPIKey = BuildSetting.value(info[Key.nasaAPIKey])
  }
}

public struct ProcessFolders: Sendable {
  public var appGroupContainer: @Sendable (String) -> URL?
  public var caches: URL
  public var applicationSupport: URL

  public init(appGroupContainer: @escaping @Sendable (String) -> URL?, caches: URL, applicationSupport: URL) {
    self.appGroupContainer = appGroupContainer
    self.caches = caches
    self.applicationSupport = applicationSupport
  }
}
