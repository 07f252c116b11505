import Foundation
import NASA
import Testing
import WidgetCore

@Suite("Shared storage: the app and the widget read the same files")
struct SharedStorageTests {
  private let caches = URL(fileURLWithPath: "/private/app/Library/Caches", isDirectory: true)
  private let support = URL(fileURLWithPath: "/private/app/Library/Application Support", isDirectory: true)
  private let group = URL(fileURLWithPath: "/group/container", isDirectory: true)

  @Test func withAGroupContainerEverythingLivesInsideItAsInAnAppContainer() {
    let storage = SharedStorage(appGroupContainer: group, caches: caches, applicationSupport: support)
    #expect(storage.isShared)
    #expect(storage.apodCache.path == "/group/container/Library/Caches/apod")
    #expect(storage.images.path == "/group/container/Library/Caches/images")
    #expect(storage.pinnedImages.path == "/group/container/Library/Application Support/PinnedImages")
  }

  @Test func theAppAndTheWidgetGetTheSameFoldersWhateverTheirOwnFolders() {
    let app = SharedStorage(appGroupContainer: group, caches: caches, applicationSupport: support)
    let widget = SharedStorage(
      appGroupContainer: group,
      caches: URL(fileURLWithPath: "/private/widget/Library/Caches", isDirectory: true),
      applicationSupport: URL(
        fileURLWithPath: "/private/widget/Library/Application Support", isDirectory: true))
    #expect(app == widget)
  }

  @Test func withoutAGroupEachProcessKeepsTheFoldersTheAppAlwaysUsed() {
    let storage = SharedStorage(appGroupContainer: nil, caches: caches, applicationSupport: support)
    #expect(storage.isShared == false)
    #expect(storage.apodCache.path == "/private/app/Library/Caches/apod")
    #expect(storage.images.path == "/private/app/Library/Caches/images")
    #expect(storage.pinnedImages.path == "/private/app/Library/Application Support/PinnedImages")
  }

  @Test(
    arguments: [
      ([SharedConfiguration.Key.appGroup: "group.com.example.spacer"], "group.com.example.spacer"),
      ([SharedConfiguration.Key.appGroup: "  group.com.example.spacer\n"], "group.com.example.spacer"),
      ([SharedConfiguration.Key.appGroup: "$(SPACER_APP_GROUP)"], nil),
      ([SharedConfiguration.Key.appGroup: "  "], nil),
      ([:], nil),
    ] as [([String: String], String?)])
  func theGroupIdentifierIsReadFromInfoPlistAndAnUnsetValueIsNone(info: [String: String], expected: String?) {
    #expect(SharedConfiguration(info: info).appGroupIdentifier == expected)
  }

  @Test func contentSavedBeforeTheGroupExistedIsMovedInOnce() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "SharedStorageTests-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let app = root.appendingPathComponent("app", isDirectory: true)
    let earlier = SharedStorage(
      appGroupContainer: nil, caches: app.appendingPathComponent("Caches"),
      applicationSupport: app.appendingPathComponent("Application Support"))
    let shared = SharedStorage(
      appGroupContainer: root.appendingPathComponent("group"), caches: earlier.apodCache,
      applicationSupport: earlier.pinnedImages)
    for folder in [earlier.apodCache, earlier.pinnedImages] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data("saved".utf8).write(to: folder.appendingPathComponent("file"))
    }
    // The widget already saved a picture in the shared images folder: it is newer and stays.
    try FileManager.default.createDirectory(at: shared.images, withIntermediateDirectories: true)
    try Data("new".utf8).write(to: shared.images.appendingPathComponent("widget-file"))
    try FileManager.default.createDirectory(at: earlier.images, withIntermediateDirectories: true)
    try Data("old".utf8).write(to: earlier.images.appendingPathComponent("file"))
    // The widget's first run made an empty pinned folder: it does not block the favorites' move.
    try FileManager.default.createDirectory(at: shared.pinnedImages, withIntermediateDirectories: true)

    let moved = shared.moveContent(from: earlier)
    #expect(moved == [shared.apodCache, shared.pinnedImages])
    #expect(FileManager.default.fileExists(atPath: shared.images.appendingPathComponent("widget-file").path))
    #expect(
      FileManager.default.contents(atPath: shared.apodCache.appendingPathComponent("file").path)
        == Data("saved".utf8))
    #expect(
      FileManager.default.contents(atPath: shared.pinnedImages.appendingPathComponent("file").path)
        == Data("saved".utf8))
    #expect(
      FileManager.default.fileExists(atPath: shared.images.appendingPathComponent("file").path) == false)
    #expect(FileManager.default.fileExists(atPath: earlier.apodCache.path) == false)
    // Once moved, nothing is left to move.
    #expect(shared.moveContent(from: earlier).isEmpty)
    #expect(shared.moveContent(from: shared).isEmpty)
  }
}
