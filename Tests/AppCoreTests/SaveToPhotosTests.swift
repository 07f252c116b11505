import AppCore
import AppNavigation
import Foundation
import NASA
import Sharing
import TestSupport
import Testing

/// The Photos library as PhotoKit answers it: a permission answer, the bytes it was given, and
/// a refusal when told to refuse.
private actor PhotoLibraryDouble {
  let access: PhotoLibraryAddAccess
  let refusal: (any Error)?
  private(set) var added: [Data] = []
  private(set) var downloads = 0

  init(access: PhotoLibraryAddAccess, refusal: (any Error)? = nil) {
    self.access = access
    self.refusal = refusal
  }

  func download(_ url: URL) -> Data {
    downloads += 1
    return Data("jpeg bytes of \(url.lastPathComponent)".utf8)
  }

  func add(_ data: Data) throws {
    if let refusal { throw refusal }
    added.append(data)
  }

  nonisolated var saver: PictureSaver {
    PictureSaver(
      requestAccess: { self.access },
      download: { await self.download($0) },
      addToLibrary: { try await self.add($0) })
  }
}

private struct DiskFull: LocalizedError {
  var errorDescription: String? { "disk full" }
}

@Suite("Save to Photos: the result is told through the one message queue", .timeLimit(.minutes(5)))
@MainActor
struct SaveToPhotosTests {
  private func picture(_ app: AppModelFixture) -> APOD {
    sampleAPOD(APODDay.today(now: app.now).previous)
  }

  @Test func aSavedPictureIsToldAsAMessage() async {
    let app = AppModelFixture()
    let library = PhotoLibraryDouble(access: .granted)
    let result = await app.model.details.saveToPhotos(picture(app), using: library.saver)
    #expect(result == .saved)
    #expect(await library.added.count == 1)
    let message = app.model.navigation.message
    #expect(message?.title == SavePictureResult.saved.title)
    #expect(message?.text == SavePictureResult.saved.message)
  }

  @Test func aRefusedPermissionSaysWhereToAllowItAndDownloadsNothing() async {
    let app = AppModelFixture()
    let library = PhotoLibraryDouble(access: .denied)
    #expect(await app.model.details.saveToPhotos(picture(app), using: library.saver) == .accessDenied)
    #expect(await library.downloads == 0)
    #expect(app.model.navigation.message?.title == SavePictureResult.accessDenied.title)
    #expect(app.model.navigation.message?.text.contains("Settings") == true)
  }

  @Test func aFailedSaveSaysWhyAndAddsNothing() async {
    let app = AppModelFixture()
    let library = PhotoLibraryDouble(access: .granted, refusal: DiskFull())
    #expect(
      await app.model.details.saveToPhotos(picture(app), using: library.saver) == .failed(reason: "disk full")
    )
    #expect(await library.added.isEmpty)
    #expect(app.model.navigation.message?.text.contains("disk full") == true)
  }

  /// One alert at a time: the result waits behind a message already in front.
  @Test func theResultWaitsBehindTheMessageInFront() async throws {
    let app = AppModelFixture()
    app.model.announceFavoritesStore("Your favorites could not be opened.")
    await app.model.details.saveToPhotos(picture(app), using: PhotoLibraryDouble(access: .granted).saver)
    let first = try #require(app.model.navigation.message)
    #expect(first.text == "Your favorites could not be opened.")
    app.model.navigation.dismissMessage(first.id)
    #expect(app.model.navigation.message?.text == SavePictureResult.saved.message)
  }

  /// Never over a paywall: a save that ends while one is up is told once it closes.
  @Test func theResultWaitsWhileAPaywallIsUp() async {
    let app = AppModelFixture()
    app.model.navigation.paywallWillAppear()
    await app.model.details.saveToPhotos(picture(app), using: PhotoLibraryDouble(access: .restricted).saver)
    #expect(app.model.navigation.message == nil)
    #expect(app.model.navigation.waitingMessages.map(\.text) == [SavePictureResult.accessRestricted.message])
    app.model.navigation.paywallDidClose()
    #expect(app.model.navigation.message?.text == SavePictureResult.accessRestricted.message)
  }
}

@Suite("Share's failure is told through the one message queue")
@MainActor
struct ShareFailureMessageTests {
  @Test func aFailedShareSaysWhyUnderItsTitle() {
    let app = AppModelFixture()
    app.model.details.shareFailed("The picture could not be downloaded.")
    #expect(app.model.navigation.message?.title == "Couldn't Share")
    #expect(app.model.navigation.message?.text == "The picture could not be downloaded.")
  }

  @Test func itWaitsBehindTheMessageInFront() throws {
    let app = AppModelFixture()
    app.model.announceFavoritesStore("Your favorites could not be opened.")
    app.model.details.shareFailed("The picture could not be downloaded.")
    let first = try #require(app.model.navigation.message)
    #expect(first.title == "Favorites")
    app.model.navigation.dismissMessage(first.id)
    #expect(app.model.navigation.message?.title == "Couldn't Share")
  }
}
