import AppCore
import Favorites
import Foundation
import ImageCache
import Monetization
import NASA
import Networking
import Notifications

/// The content side of a simulated app: scenarios exercise monetization only, so APODs are never
/// reachable and the stores are real files in a folder of their own, removed after the run.
struct SimulatedContent {
  let directory: URL
  let dependencies: ContentDependencies

  init(now: @escaping @Sendable () -> Date) {
    directory = FileManager.default.temporaryDirectory
      .appending(path: "spacer-scenario-\(UUID().uuidString)", directoryHint: .isDirectory)
    dependencies = ContentDependencies(
      apodRepository: APODRepository(
        source: UnreachableAPODSource(),
        cache: JSONDiskCache(directory: directory.appending(path: "apod"), now: now), now: now),
      imagePipeline: ImagePipeline(
        directory: directory.appending(path: "images"), downloader: UnreachableImageDownloader(),
        decoder: HeaderImageDecoder(), now: now),
      favoritesRepository: FileFavoritesRepository(
        directory: directory.appending(path: "favorites"), now: now),
      notificationCenter: SilentNotificationCenter(),
      reminderSettingsStore: MemoryReminderSettingsStore(),
      links: AppLinks(
        termsOfUse: URL(string: "https://example.com/terms")!,
        privacyPolicy: URL(string: "https://example.com/privacy")!),
      versionText: "scenario")
  }

  func remove() {
    try? FileManager.default.removeItem(at: directory)
  }
}

/// No APOD service: every request fails as offline, so nothing in a scenario touches the network.
private struct UnreachableAPODSource: APODSource {
  func apod(for day: APODDay) async throws(APODError) -> APOD { throw .network(.offline) }
  func apods(from start: APODDay, through end: APODDay) async throws(APODError) -> APODList {
    throw .network(.offline)
  }
}

/// The App Store's subscription settings: scenarios never open them.
struct SimulatedSubscriptionManagement: SubscriptionManagementPresenting {
  func showManageSubscriptions() async throws(SubscriptionManagementError) {}
}

/// No image host either: a pinned favorite's background download fails as offline.
private struct UnreachableImageDownloader: ImageDownloading {
  func download(_ url: URL) async throws(ImagePipelineError) -> Data { throw .http(.offline) }
}

/// A notification center that allows everything and delivers nothing.
private actor SilentNotificationCenter: NotificationCenterClient {
  private var pending: [NotificationRequest] = []

  func authorizationStatus() async -> NotificationAuthorizationStatus { .authorized }
  func requestAuthorization() async throws -> Bool { true }
  func add(_ request: NotificationRequest) async throws {
    pending.removeAll { $0.identifier == request.identifier }
    pending.append(request)
  }
  func removePendingRequests(withIdentifiers identifiers: [String]) async {
    pending.removeAll { identifiers.contains($0.identifier) }
  }
  func pendingRequests() async -> [NotificationRequest] { pending }
}

/// Reminder settings kept in memory for the length of a run.
private final class MemoryReminderSettingsStore: ReminderSettingsStore, @unchecked Sendable {
  // @unchecked Sendable: `values` is only touched under `lock`.
  private let lock = NSLock()
  private var values: [String: Data] = [:]

  func data(forKey key: String) -> Data? { lock.withLock { values[key] } }
  func set(_ data: Data, forKey key: String) { lock.withLock { values[key] = data } }
}
