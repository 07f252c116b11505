import Basics
import Foundation

/// Where the APOD cache and the image disk tier live, so the app and its widget read the same
/// files.
///
/// Rules:
/// - With an App Group container (both targets carry the same `com.apple.security.application-groups`
///   entitlement), everything lives inside it, laid out as an app container is: the APOD cache
///   and the images under `Library/Caches`, pinned images (favorites, kept offline) under
///   `Library/Application Support`.
/// - Without one (a build signed without the entitlement), each process uses its own Caches and
///   Application Support folders, the places the app always used: nothing is shared, and the
///   widget then works like an app with an empty cache (it fetches today's picture itself).
/// - The group identifier comes from Info.plist (`AppGroupIdentifier`, fed by the
///   `SPACER_APP_GROUP` build setting); a blank value or a setting left unexpanded means none.
/// - When the container becomes available, content saved in the private folders by an earlier
///   version is moved in once (`moveContent(from:)`), so favorites keep their offline pictures.
/// Writes stay atomic in both places (`JSONDiskCache`, the image disk tier): a process reading
/// while the other writes sees a whole old file or a whole new one.
public struct SharedStorage: Sendable, Hashable {
  /// The APOD cache folder (`APODServiceConfiguration.cacheDirectory`).
  public let apodCache: URL
  /// The image disk tier (`ImagePipeline`'s `directory`).
  public let images: URL
  /// Pinned images and the pin list (`ImagePipeline`'s `pinnedDirectory`).
  public let pinnedImages: URL
  /// What the app tells the widget about favorites and premium (`WidgetShelfStore`), and the
  /// widget's last random pick: Application Support, so the system never purges it.
  public let widgetShelf: URL
  /// Whether these folders are in the App Group container, seen by the app and the widget.
  public let isShared: Bool

  /// The folders to use.
  /// - Parameters:
  ///   - appGroupContainer: the group's container (`FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`),
  ///     nil when there is no group or the entitlement is missing.
  ///   - caches: this process's own Caches folder.
  ///   - applicationSupport: this process's own Application Support folder.
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

  /// The folders `configuration` names in `folders`, resolved once per process by its builder
  /// (`SharedStack(configuration:folders:…)`).
  public init(_ configuration: SharedConfiguration, folders: ProcessFolders) {
    self.init(
      appGroupContainer: configuration.appGroupIdentifier.flatMap(folders.appGroupContainer),
      caches: folders.caches, applicationSupport: folders.applicationSupport)
  }

  /// This process's own folders: where an earlier version kept everything (`moveContent(from:)`).
  public init(ownFolders folders: ProcessFolders) {
    self.init(appGroupContainer: nil, caches: folders.caches, applicationSupport: folders.applicationSupport)
  }

  private init(caches: URL, applicationSupport: URL, isShared: Bool) {
    apodCache = caches.appendingPathComponent("apod", isDirectory: true)
    images = caches.appendingPathComponent("images", isDirectory: true)
    pinnedImages = applicationSupport.appendingPathComponent("PinnedImages", isDirectory: true)
    widgetShelf = applicationSupport.appendingPathComponent("Widget", isDirectory: true)
    self.isShared = isShared
  }

  /// Moves each folder of `earlier` (the private folders) here when it exists there and is
  /// missing or empty here. A folder here with content is left alone: it is newer, and the other
  /// process may be using it. An empty one is what the widget creates on its first run, before the
  /// app moved anything: it does not count. A move that fails leaves the content where it was (a
  /// cache refills; pins are re-made by favorites on their next load). Returns the folders moved,
  /// here.
  @discardableResult
  public func moveContent(from earlier: SharedStorage, fileManager: FileManager = .default) -> [URL] {
    guard earlier != self else { return [] }
    var moved: [URL] = []
    let pairs = [
      (earlier.apodCache, apodCache), (earlier.images, images), (earlier.pinnedImages, pinnedImages),
    ]
    for (source, destination) in pairs
    where source.standardizedFileURL != destination.standardizedFileURL
      && fileManager.fileExists(atPath: source.path)
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

/// What the app and the widget read from their Info.plist (fed by build settings from
/// `Config/Base.xcconfig`), each value through `BuildSetting.value`.
public struct SharedConfiguration: Sendable, Equatable {
  public enum Key {
    /// The App Group both targets share (`SPACER_APP_GROUP`).
    public static let appGroup = "AppGroupIdentifier"
    /// The api.nasa.gov key (`NASA_API_KEY`).
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

/// The raw folders an Apple process gives its builder: the App Group container for an identifier
/// (`FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`, nil without the
/// entitlement), and its own Caches and Application Support.
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
