import Foundation
import Localization
import NASA
import Playback

/// What Share offers for a day: the picture itself for a picture day, the APOD page otherwise.
public enum ShareItem: Sendable, Equatable {
  /// The picture (HD when the day has it), with a caption: the title, and the credit when known.
  case picture(URL, caption: String)
  /// The APOD page, for videos and interactive days (and a picture day without an image).
  case link(URL, title: String)

  public init(_ apod: APOD) {
    if case .picture = APODPlayback(apod), let image = apod.hdImageURL ?? apod.imageURL {
      let credit = apod.credit ?? apod.copyright
      self = .picture(image, caption: credit.map { "\(apod.title) — \($0)" } ?? apod.title)
    } else {
      self = .link(apod.pageURL, title: apod.title)
    }
  }
}

/// The answers to an add-only Photos permission request (what iOS returns once the user has
/// been asked; "limited" does not apply to adding).
public enum PhotoLibraryAddAccess: Sendable, Equatable {
  case granted
  /// The user said no, now or before.
  case denied
  /// A parent (Screen Time) or a device profile forbids it; the user cannot change it.
  case restricted
}

/// How saving a day's picture to Photos ended, with the sentence the app shows.
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

/// Saves a day's picture to Photos, in the order that asks the least of the user:
/// - a day that is not a picture is refused before any permission prompt;
/// - permission is asked (add-only) before anything is downloaded;
/// - the HD picture is saved when there is one, else the standard one;
/// - any failure says why and adds nothing.
public struct PictureSaver: Sendable {
  private let requestAccess: @Sendable () async -> PhotoLibraryAddAccess
  private let download: @Sendable (URL) async throws -> Data
  private let addToLibrary: @Sendable (Data) async throws -> Void

  /// - Parameters:
  ///   - requestAccess: asks for add-only access (the system prompts the first time only).
  ///   - download: the picture's bytes (the image pipeline's disk tier first).
  ///   - addToLibrary: adds the bytes to Photos as a new picture.
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
    guard case .picture(let url, _) = ShareItem(apod) else { return .notAPicture }
    switch await requestAccess() {
    case .denied: return .accessDenied
    case .restricted: return .accessRestricted
    case .granted: break
    }
    do {
      let data = try await download(url)
      guard !data.isEmpty else { return .failed(reason: Localized.text("the picture arrived empty")) }
      try await addToLibrary(data)
      return .saved
    } catch {
      return .failed(reason: Self.reason(error))
    }
  }

  /// Photos refused the picture without giving a reason of its own.
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
