import Foundation
import NASA
import Sharing
import Testing

private let day = try! APODDay(iso: "2024-04-08")

private func picture(hd: Bool = true, credit: String? = "Jane Doe") -> APOD {
  APOD(
    date: day, title: "Totality", explanation: "", mediaType: .image,
    url: URL(string: "https://apod.nasa.gov/apod/image/2404/totality_1024.jpg"),
    hdurl: hd ? URL(string: "https://apod.nasa.gov/apod/image/2404/totality.jpg") : nil, credit: credit,
    pageURL: APOD.legacyPageURL(for: day), source: .v1)
}

private let video = APOD(
  date: day, title: "Totality in motion", explanation: "", mediaType: .video,
  url: URL(string: "https://www.youtube.com/embed/BX3vVBCcpN0"),
  videoURL: URL(string: "https://www.youtube.com/embed/BX3vVBCcpN0"), pageURL: APOD.legacyPageURL(for: day),
  source: .v1)

/// Records what the saver asked of the system, and answers as told.
private final class PhotosDouble: @unchecked Sendable {
  // @unchecked: every field is read and written under `lock`.
  private let lock = NSLock()
  private var _calls: [String] = []
  var calls: [String] { lock.withLock { _calls } }
  let access: PhotoLibraryAddAccess
  let downloadError: (any Error)?
  /// File names that fail to download (the phone holds none of them and is offline).
  let unreachable: Set<String>
  let saveError: (any Error)?

  init(
    access: PhotoLibraryAddAccess, downloadError: (any Error)? = nil, unreachable: Set<String> = [],
    saveError: (any Error)? = nil
  ) {
    self.access = access
    self.downloadError = downloadError
    self.unreachable = unreachable
    self.saveError = saveError
  }

  private func record(_ call: String) { lock.withLock { _calls.append(call) } }

  var saver: PictureSaver {
    PictureSaver(
      requestAccess: {
        self.record("access")
        return self.access
      },
      download: { url in
        self.record("download \(url.lastPathComponent)")
        if let error = self.downloadError { throw error }
        if self.unreachable.contains(url.lastPathComponent) { throw Refusal(description: "offline") }
        return Data([0xFF, 0xD8, 0xFF])
      },
      addToLibrary: { data in
        self.record("add \(data.count) bytes")
        if let error = self.saveError { throw error }
      })
  }
}

private struct Refusal: LocalizedError {
  let description: String
  var errorDescription: String? { description }
}

@Suite("Share and save the picture")
struct PictureSharingTests {
  @Test func aPictureIsSharedItselfHDFirstWithTitleAndCredit() {
    let hd = URL(string: "https://apod.nasa.gov/apod/image/2404/totality.jpg")!
    let standard = URL(string: "https://apod.nasa.gov/apod/image/2404/totality_1024.jpg")!
    guard case .picture(let sources, let caption) = ShareItem(picture()) else {
      Issue.record("a picture day shared its link")
      return
    }
    #expect(sources.urls == [hd, standard])
    #expect(caption == "Totality — Jane Doe")
    #expect(
      ShareItem(picture(hd: false, credit: nil))
        == .picture(PictureSources(hd: nil, standard: standard), caption: "Totality"))
    #expect(PictureSources(hd: standard, standard: standard).urls == [standard])
  }

  @Test func offlineWithOnlyThePreviewHeldSaveAddsThePreview() async {
    let photos = PhotosDouble(access: .granted, unreachable: ["totality.jpg"])
    #expect(await photos.saver.save(picture()) == .saved)
    #expect(
      photos.calls == ["access", "download totality.jpg", "download totality_1024.jpg", "add 3 bytes"])
  }

  @Test func aVideoSharesThePageLink() {
    #expect(ShareItem(video) == .link(APOD.legacyPageURL(for: day), title: "Totality in motion"))
  }

  @Test func savingAPictureAsksThenDownloadsTheHDPictureThenAddsIt() async {
    let photos = PhotosDouble(access: .granted)
    #expect(await photos.saver.save(picture()) == .saved)
    #expect(photos.calls == ["access", "download totality.jpg", "add 3 bytes"])
  }

  @Test func aVideoIsRefusedBeforeAnyPermissionPrompt() async {
    let photos = PhotosDouble(access: .granted)
    #expect(await photos.saver.save(video) == .notAPicture)
    #expect(photos.calls.isEmpty)
  }

  @Test func deniedOrRestrictedAccessDownloadsNothing() async {
    let denied = PhotosDouble(access: .denied)
    #expect(await denied.saver.save(picture()) == .accessDenied)
    #expect(denied.calls == ["access"])
    let restricted = PhotosDouble(access: .restricted)
    #expect(await restricted.saver.save(picture()) == .accessRestricted)
    #expect(restricted.calls == ["access"])
  }

  @Test func aFailedDownloadOrSaveSaysWhyAndAddsNothing() async {
    let offline = PhotosDouble(access: .granted, downloadError: Refusal(description: "you're offline"))
    #expect(await offline.saver.save(picture()) == .failed(reason: "you're offline"))
    #expect(
      offline.calls == ["access", "download totality.jpg", "download totality_1024.jpg"],
      "both pictures are asked for before Save gives up")
    let full = PhotosDouble(access: .granted, saveError: Refusal(description: "the library is full"))
    #expect(await full.saver.save(picture()) == .failed(reason: "the library is full"))
  }

  @Test func everyOutcomeHasItsOwnSentence() {
    let outcomes: [SavePictureResult] = [
      .saved, .notAPicture, .accessDenied, .accessRestricted, .failed(reason: "disk full"),
    ]
    let messages = outcomes.map(\.message)
    #expect(Set(messages).count == outcomes.count)
    #expect(SavePictureResult.failed(reason: "disk full").message.contains("disk full"))
    #expect(SavePictureResult.accessDenied.message.contains("Settings"))
  }
}
