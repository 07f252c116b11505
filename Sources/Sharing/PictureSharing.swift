import Foundation
import Localization
import NASA
import Playback

public enum ShareItem: Sendable, Equatable {
  case picture(PictureSources, caption: String)
  case link(URL, title: String)

  public init(_ apod: APOD) {
    let sources = PictureSources(hd: apod.hdImageURL, standard: apod.imageURL)
    if case .picture = APODPlayback(apod), !sources.urls.isEmpty {
      let credit = apod.credit ?? apod.copyright
      self = .picture(sources, caption: credit.map { "\(apod.title) — \($0)" } ?? apod.title)
    } else {
      self = .link(apod.pageURL, title: apod.title)
    }
  }
}

/// A day's picture files, best first: HD, then the standard one (the preview every screen shows).
///
/// Share, Save to Photos and the Shortcuts action take the best one the phone can have: each is
/// asked for in turn (the disk tier, else a download) and a failure moves on to the next, so
/// offline they get the best picture held and fail only when none is.
public struct PictureSources: Sendable, Equatable {
  public let urls: [URL]

  public init(hd: URL?, standard: URL?) {
    urls = [hd, standard].compactMap { $0 }.reduce(into: []) { urls, url in
      if !urls.contains(url) { urls.append(url) }
    }
  }

  /// The first of `urls` that `fetch` gets; when none does, the best one's error. A cancelled
  /// caller stops at once.
  public nonisolated(nonsending) func best<Picture, Failure: Error>(
    _ fetch: (URL) async throws(Failure) -> Picture
  ) async throws(Failure) -> Picture {
    var firstError: Failure?
    for url in urls {
      do {
        return try await fetch(url)
      } catch {
        if Task.isCancelled { throw error }
        firstError = firstError ?? error
      }
    }
    guard let firstError else { preconditionFailure("a ShareItem's picture has at least one URL") }
    throw firstError
  }
}

/// The answers to an add-only Photos permission request (what iOS returns once the user has
/// been asked; "limited" does not apply to adding).
public enum PhotoLibraryAddAccess: Sendable, Equatable {
  case granted
  case denied
  case restricted
}

public enum SavePictureResult: Sendable, Equatable {
  case saved
  case notAPicture
  case accessDenied
  case accessRestricted
  case failed(reason: String)

  /// The alert's title: its own words, not the favorite button's "Saved" (which French reads
  /// as « Dans les favoris »).
  public var title: String {
    self == .saved ? Localized.text("Saved to Photos") : Localized.text("Couldn't Save")
  }

  public var message: String {
    switch self {
    case .saved:
      Localized.text("Saved to Photos.")
    case .notAPicture:
      Localized.text("Only pictures can be saved to Photos. Share the link to this day instead.")
    case .accessDenied:
      Localized.text(
        "Spacer isn't allowed to add photos. Allow it in Settings › Privacy & Security › Photos › "
          + "Spacer, then try again.")
    case .accessRestricted:
      Localized.text(
        "Adding photos is restricted on this iPhone (Screen Time or a device profile), so Spacer "
          + "can't save the picture.")
    case .failed(let reason):
      Localized.text("The picture couldn't be saved (%@). Nothing was added to Photos.", reason)
    }
  }
}

/// Asks the least of the user: a non-picture day is refused before any prompt, permission is asked
/// before any download, the best picture the phone can have is saved (`PictureSources`), and a
/// failure adds nothing.
public struct PictureSaver: Sendable {
  private let requestAccess: @Sendable () async -> PhotoLibraryAddAccess
  private let download: @Sendable (URL) async throws -> Data
  private let addToLibrary: @Sendable (Data) async throws -> Void

  public init(
    requestAccess: @escaping @Sendable () async -> PhotoLibraryAddAccess,
    download: @escaping @Sendable (URL) async throws -> Data,
    addToLibrary: @escaping @Sendable (Data) async throws -> Void
  ) {
    self.requestAccess = requestAccess
    self.download = download
    self.addToLibrary = addToLibrary
  }

  public func save(_ apod: APOD) async -> SavePictureResult {
    guard case .picture(let sources, _) = ShareItem(apod) else { return .notAPicture }
    switch await requestAccess() {
    case .denied: return .accessDenied
    case .restricted: return .accessRestricted
    case .granted: break
    }
    do {
      let data = try await sources.best(download)
      guard !data.isEmpty else { return .failed(reason: Localized.text("the picture arrived empty")) }
      try await addToLibrary(data)
      return .saved
    } catch {
      return .failed(reason: Self.reason(error))
    }
  }

  public struct PhotosRefusal: LocalizedError, Sendable {
    public init() {}
    public var errorDescription: String? { Localized.text("Photos did not accept the picture") }
  }

  /// The adapter's own sentence when its error has one (`LocalizedError`), else Foundation's.
  /// (Not `CustomStringConvertible`: on Linux every error bridges to it, on iOS not.)
  private static func reason(_ error: any Error) -> String {
    (error as? any LocalizedError)?.errorDescription ?? error.localizedDescription
  }
}
