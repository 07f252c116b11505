import Foundation
import Localization
import NASA
import Playback

public enum ShareItem: Sendable, Equatable {
  case picture(URL, caption: String)
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
/// before any download, and a failure adds nothing.
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
